import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/index.js";
import { type Page, type PaginateOptions, paginate } from "../../src/page/index.js";

/**
 * One case a line: name, [count, page, pageSize], options, [pageTotal, offset, limit], the link
 * targets, and the page served when it is not the one requested.
 */
type Row = [
  string,
  [count: number, page: number, pageSize: number],
  PaginateOptions,
  [pageTotal: number, offset: number, limit: number],
  Pick<Page, "first" | "prev" | "next" | "last">,
  served?: number,
];
const MAX = Number.MAX_SAFE_INTEGER;

/** The whole {@link Page} a row expects: `isEmpty` when it holds nothing, `overflow` past the last. */
function expectedPage(
  [count, page, pageSize]: Row[1],
  [pageTotal, offset, limit]: Row[3],
  links: Row[4],
  served = page,
): Page {
  return {
    count,
    page: served,
    pageSize,
    pageTotal,
    offset,
    limit,
    isEmpty: limit === 0,
    overflow: page > pageTotal,
    ...links,
  };
}

/** Runs a row: paginate gives exactly the page it expects. */
function servesRow(...[, request, options, sizes, links, served]: Row): void {
  const [count, page, pageSize] = request;
  expect(paginate({ count, page, pageSize }, options)).toStrictEqual(
    expectedPage(request, sizes, links, served),
  );
}

describe("paginate: the spec's examples and rel rules", () => {
  // biome-ignore format: one case a line
  it.each<Row>([
    ["spec 4.3: 3 items, page 2 of size 1", [3, 2, 1], {}, [3, 1, 1], { first: 1, prev: 1, next: 3, last: 3 }],
    ["spec: 350 of 100, the 4th holds 50", [350, 4, 100], {}, [4, 300, 50], { first: 1, prev: 3, last: 4 }],
    ["spec: 400 of 100, 4 full pages", [400, 4, 100], {}, [4, 300, 100], { first: 1, prev: 3, last: 4 }],
    ["first of many: no prev", [350, 1, 100], {}, [4, 0, 100], { first: 1, next: 2, last: 4 }],
    ["one page: no links", [3, 1, 30], {}, [1, 0, 3], {}],
    ["one full page: no links", [30, 1, 30], {}, [1, 0, 30], {}],
    ["empty: never paginated", [0, 1, 30], {}, [1, 0, 0], {}],
  ])("%s", servesRow);
});

describe("paginate: a page past the last", () => {
  // biome-ignore format: one case a line
  it.each<Row>([
    ["'empty' (default): prev → last page", [350, 9, 100], {}, [4, 350, 0], { first: 1, prev: 4, last: 4 }],
    ["'empty', one page: only prev", [3, 5, 30], {}, [1, 3, 0], { prev: 1 }],
    ["'empty', page MAX_SAFE_INTEGER", [350, MAX, 100], {}, [4, 350, 0], { first: 1, prev: 4, last: 4 }],
    ["'empty', empty dataset: no links", [0, 3, 30], {}, [1, 0, 0], {}],
    ["'last': served as the last", [350, 9, 100], { overflow: "last" }, [4, 300, 50], { first: 1, prev: 3, last: 4 }, 4],
    ["'last' within range: unchanged", [350, 2, 100], { overflow: "last" }, [4, 100, 100], { first: 1, prev: 1, next: 3, last: 4 }],
  ])("%s", servesRow);

  it.each<[string, PaginateOptions, string]>([
    ["default name", { overflow: "error" }, "page"],
    ["custom name", { overflow: "error", pageParam: "p" }, "p"],
  ])("'error' throws a 404 problem (%s)", (_name, options, parameter) => {
    let caught: unknown;
    try {
      paginate({ count: 350, page: 9, pageSize: 100 }, options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PagewiseError);
    const error = caught as PagewiseError;
    expect(error.status).toBe(404);
    expect(error.problem).toStrictEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "Page 9 does not exist; the last page is 4.",
      code: "page_out_of_range",
      parameter,
    });
  });
});

describe("paginate: inputs that are programming errors", () => {
  it.each<[string, { count: number; page: number; pageSize: number }, string]>([
    [
      "negative count",
      { count: -1, page: 1, pageSize: 1 },
      "count must be a whole number of at least 0; got number -1",
    ],
    [
      "fractional count",
      { count: 1.5, page: 1, pageSize: 1 },
      "count must be a whole number of at least 0; got number 1.5",
    ],
    [
      "NaN page",
      { count: 1, page: Number.NaN, pageSize: 1 },
      "page must be a whole number of at least 1; got number NaN",
    ],
    [
      "page 0",
      { count: 1, page: 0, pageSize: 1 },
      "page must be a whole number of at least 1; got number 0",
    ],
    [
      "pageSize 0",
      { count: 1, page: 1, pageSize: 0 },
      "pageSize must be a whole number of at least 1; got number 0",
    ],
    [
      "unsafe count",
      { count: 2 ** 53, page: 1, pageSize: 1 },
      `count must be a whole number of at least 0; got number ${2 ** 53}`,
    ],
  ])("%s → RangeError", (_name, request, message) => {
    expect(() => paginate(request)).toThrow(new RangeError(message));
  });
});
