import { describe, expect, it } from "vitest";
import { type Page, PagewiseError, type PaginateOptions, paginate } from "../../src/index.js";

type Row = [string, { count: number; page: number; pageSize: number }, PaginateOptions, Page];
const MAX = Number.MAX_SAFE_INTEGER;

describe("paginate: the spec's examples and rel rules", () => {
  it.each<Row>([
    [
      "spec: 3 items, page 2 of size 1 → first, prev, next, last",
      { count: 3, page: 2, pageSize: 1 },
      {},
      {
        count: 3,
        page: 2,
        pageSize: 1,
        pageTotal: 3,
        offset: 1,
        limit: 1,
        isEmpty: false,
        overflow: false,
        first: 1,
        prev: 1,
        next: 3,
        last: 3,
      },
    ],
    [
      "spec: 350 items of 100 → 4 pages, the 4th holds 50",
      { count: 350, page: 4, pageSize: 100 },
      {},
      {
        count: 350,
        page: 4,
        pageSize: 100,
        pageTotal: 4,
        offset: 300,
        limit: 50,
        isEmpty: false,
        overflow: false,
        first: 1,
        prev: 3,
        last: 4,
      },
    ],
    [
      "spec: 400 items of 100 → 4 full pages",
      { count: 400, page: 4, pageSize: 100 },
      {},
      {
        count: 400,
        page: 4,
        pageSize: 100,
        pageTotal: 4,
        offset: 300,
        limit: 100,
        isEmpty: false,
        overflow: false,
        first: 1,
        prev: 3,
        last: 4,
      },
    ],
    [
      "first page of many: no prev",
      { count: 350, page: 1, pageSize: 100 },
      {},
      {
        count: 350,
        page: 1,
        pageSize: 100,
        pageTotal: 4,
        offset: 0,
        limit: 100,
        isEmpty: false,
        overflow: false,
        first: 1,
        next: 2,
        last: 4,
      },
    ],
    [
      "single page: no links at all",
      { count: 3, page: 1, pageSize: 30 },
      {},
      {
        count: 3,
        page: 1,
        pageSize: 30,
        pageTotal: 1,
        offset: 0,
        limit: 3,
        isEmpty: false,
        overflow: false,
      },
    ],
    [
      "exactly one full page",
      { count: 30, page: 1, pageSize: 30 },
      {},
      {
        count: 30,
        page: 1,
        pageSize: 30,
        pageTotal: 1,
        offset: 0,
        limit: 30,
        isEmpty: false,
        overflow: false,
      },
    ],
    [
      "empty dataset: one empty page, never paginated",
      { count: 0, page: 1, pageSize: 30 },
      {},
      {
        count: 0,
        page: 1,
        pageSize: 30,
        pageTotal: 1,
        offset: 0,
        limit: 0,
        isEmpty: true,
        overflow: false,
      },
    ],
  ])("%s", (_name, request, options, expected) => {
    expect(paginate(request, options)).toStrictEqual(expected);
  });
});

describe("paginate: a page past the last", () => {
  it.each<Row>([
    [
      "'empty' (default): no items, requested page kept, prev → last real page",
      { count: 350, page: 9, pageSize: 100 },
      {},
      {
        count: 350,
        page: 9,
        pageSize: 100,
        pageTotal: 4,
        offset: 350,
        limit: 0,
        isEmpty: true,
        overflow: true,
        first: 1,
        prev: 4,
        last: 4,
      },
    ],
    [
      "'empty', one real page: only prev (first/last need more than one page)",
      { count: 3, page: 5, pageSize: 30 },
      {},
      {
        count: 3,
        page: 5,
        pageSize: 30,
        pageTotal: 1,
        offset: 3,
        limit: 0,
        isEmpty: true,
        overflow: true,
        prev: 1,
      },
    ],
    [
      "'empty', page past MAX_SAFE_INTEGER's reading",
      { count: 350, page: MAX, pageSize: 100 },
      {},
      {
        count: 350,
        page: MAX,
        pageSize: 100,
        pageTotal: 4,
        offset: 350,
        limit: 0,
        isEmpty: true,
        overflow: true,
        first: 1,
        prev: 4,
        last: 4,
      },
    ],
    [
      "'empty' on an empty dataset: still no links",
      { count: 0, page: 3, pageSize: 30 },
      {},
      {
        count: 0,
        page: 3,
        pageSize: 30,
        pageTotal: 1,
        offset: 0,
        limit: 0,
        isEmpty: true,
        overflow: true,
      },
    ],
    [
      "'last': served as the last page",
      { count: 350, page: 9, pageSize: 100 },
      { overflow: "last" },
      {
        count: 350,
        page: 4,
        pageSize: 100,
        pageTotal: 4,
        offset: 300,
        limit: 50,
        isEmpty: false,
        overflow: true,
        first: 1,
        prev: 3,
        last: 4,
      },
    ],
    [
      "'last' within range changes nothing",
      { count: 350, page: 2, pageSize: 100 },
      { overflow: "last" },
      {
        count: 350,
        page: 2,
        pageSize: 100,
        pageTotal: 4,
        offset: 100,
        limit: 100,
        isEmpty: false,
        overflow: false,
        first: 1,
        prev: 1,
        next: 3,
        last: 4,
      },
    ],
  ])("%s", (_name, request, options, expected) => {
    expect(paginate(request, options)).toStrictEqual(expected);
  });

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
      "count must be a safe integer of at least 0, got -1",
    ],
    [
      "fractional count",
      { count: 1.5, page: 1, pageSize: 1 },
      "count must be a safe integer of at least 0, got 1.5",
    ],
    [
      "NaN page",
      { count: 1, page: Number.NaN, pageSize: 1 },
      "page must be a safe integer of at least 1, got NaN",
    ],
    [
      "page 0",
      { count: 1, page: 0, pageSize: 1 },
      "page must be a safe integer of at least 1, got 0",
    ],
    [
      "pageSize 0",
      { count: 1, page: 1, pageSize: 0 },
      "pageSize must be a safe integer of at least 1, got 0",
    ],
    [
      "unsafe count",
      { count: 2 ** 53, page: 1, pageSize: 1 },
      `count must be a safe integer of at least 0, got ${2 ** 53}`,
    ],
  ])("%s → RangeError", (_name, request, message) => {
    expect(() => paginate(request)).toThrow(new RangeError(message));
  });
});
