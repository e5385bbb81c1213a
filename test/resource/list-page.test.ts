/**
 * A list handler's result made a page, through the whole pipeline: count strategies (a number, a
 * promise, a function run alongside the rows) and countless lists.
 */
import { describe, expect, it, vi } from "vitest";
import { handleResource, type ResourceRequest } from "../../src/adapters/index.js";
import {
  capCount,
  defineResource,
  type ListResult,
  list,
  type PageSlice,
  type ResourceOptions,
} from "../../src/index.js";

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const request = (url: string): ResourceRequest => ({
  method: "GET",
  url,
  header: () => undefined,
  native: null,
});
const serve = (result: () => ListResult<unknown>, url: string, options: ResourceOptions = {}) =>
  handleResource(defineResource({ GET: list({ handler: result }) }, options), request(url));
/** Rows of a table of `total` rows, as a database would give them. */
const table =
  (total: number) =>
  ({ offset, limit }: PageSlice) =>
    ids(offset + 1, Math.min(total, offset + limit));
const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));
/**
 * Serves `url` from a list whose total is known for its filters: page 2 asked for first (its count
 * kept), then `url`; `warmed` runs between the two (to forget what the first request did).
 */
const serveKnown = async (
  result: () => ListResult<unknown>,
  url: string,
  options: ResourceOptions = {},
  warmed: () => void = () => undefined,
) => {
  const resource = defineResource({ GET: list({ handler: result }) }, options);
  await handleResource(resource, request("/items/?page=2&page_size=10"));
  warmed();
  return handleResource(resource, request(url));
};

/**
 * A count function of `total` rows (a promise, 5 ms) and a table's items, writing to `events`
 * when the count starts (`count`) and ends (`counted`) and when rows are asked for
 * (`items offset+limit`).
 */
const recorded = (total: number | { atLeast: number }, events: string[]) => ({
  count: () => {
    events.push("count");
    return later(total).then((n) => {
      events.push("counted");
      return n;
    });
  },
  items: (slice: PageSlice) => {
    events.push(`items ${slice.offset}+${slice.limit}`);
    return table(typeof total === "number" ? total : 250)(slice);
  },
});

const page2Of3 = {
  status: 200,
  headers: {
    "Content-Type": "application/json",
    Link: '</items/?page=1>; rel="first", </items/?page=1>; rel="prev", </items/?page=3>; rel="next", </items/?page=3>; rel="last"',
    "X-Pagination-Count": "25",
    "X-Pagination-Page": "2",
    "X-Pagination-PageTotal": "3",
    "X-Pagination-PageSize": "10",
    Allow: "GET, OPTIONS",
    "Content-Length": String(JSON.stringify(ids(11, 20)).length),
  },
  body: JSON.stringify(ids(11, 20)),
};

describe("count strategies: the same answer whatever the count's form", () => {
  it.each<[string, () => ListResult<unknown>]>([
    ["a number", () => ({ count: 25, items: table(25) })],
    ["a promise", () => ({ count: later(25), items: table(25) })],
    ["a function giving a number", () => ({ count: () => 25, items: table(25) })],
    ["a function giving a promise", () => ({ count: () => later(25), items: table(25) })],
    ["a promise, with the page's rows", () => ({ count: later(25), items: ids(11, 20) })],
  ])("%s", async (_name, result) => {
    expect(await serve(result, "/items/?page=2&page_size=10")).toStrictEqual(page2Of3);
  });

  it("runs a count function alongside items() on a page known to hold rows: the rows are asked for before the count is known", async () => {
    const order: string[] = [];
    const { count, items } = recorded(25, order);
    const known = serveKnown(
      () => ({ count, items }),
      "/items/?page=2&page_size=10",
      {},
      () => {
        order.length = 0;
      },
    );
    expect(await known).toStrictEqual(page2Of3);
    expect(order).toStrictEqual(["count", "items 10+10", "counted"]);
  });

  it("waits for the count under overflow 'last' (which page to fetch depends on it), then fetches that page", async () => {
    const items = vi.fn(table(25));
    const response = await serve(
      () => ({ count: later(25), items }),
      "/items/?page=9&page_size=10",
      {
        overflow: "last",
      },
    );
    expect([response.status, response.body, response.headers["X-Pagination-Page"]]).toStrictEqual([
      200,
      JSON.stringify(ids(21, 25)),
      "3",
    ]);
    expect(items.mock.calls.map(([slice]) => [slice.offset, slice.limit])).toStrictEqual([[20, 5]]);
  });

  it("serves the last page's rows as the count says when run alongside (the rows asked for a whole page)", async () => {
    const response = await serve(
      () => ({ count: () => later(25), items: table(25) }),
      "/items/?page=3&page_size=10",
    );
    expect([response.status, response.body, response.headers["X-Pagination-Count"]]).toStrictEqual([
      200,
      JSON.stringify(ids(21, 25)),
      "25",
    ]);
  });

  it("reports items() throwing while a count runs alongside, and leaves no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const result = () => ({
        count: () => Promise.reject(new Error("count failed too")),
        items: () => {
          throw new Error("items failed");
        },
      });
      await expect(serve(result, "/items/?page=1&page_size=10")).rejects.toThrow("items failed");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toStrictEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("reads a count that is a getter of a class instance", async () => {
    class Listing {
      get count() {
        return 25;
      }
      items = table(25);
    }
    expect(await serve(() => new Listing(), "/items/?page=2&page_size=10")).toStrictEqual(page2Of3);
  });

  it("leaves no unhandled rejection when a result with a failing count promise is refused", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const failing = new Promise<number>((_, reject) => setTimeout(reject, 5, new Error("count")));
      const result = () => ({ count: failing, items: "nope" }) as never;
      await expect(serve(result, "/items/")).rejects.toThrow(TypeError);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(unhandled).toStrictEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it.each<[string, () => ListResult<unknown>, Error]>([
    [
      "a promise of a string (node-postgres's count)",
      () => ({ count: later("25" as unknown as number), items: table(25) }),
      new TypeError(
        'A list handler\'s count must be a number; got a string ("25"). node-postgres returns count(*) as a string (a bigint): pass Number(row.count).',
      ),
    ],
    [
      "a function giving a negative count",
      () => ({ count: () => -1, items: table(25) }),
      new RangeError("A list handler's count must be a whole number of at least 0; got number -1"),
    ],
  ])("refuses %s", async (_name, result, error) => {
    await expect(serve(result, "/items/?page=2&page_size=10")).rejects.toThrow(error);
  });
});

describe("countless lists: no count, a row more fetched to know whether another page follows", () => {
  it.each<[string, string, () => ListResult<unknown>, number, Record<string, string>, number[]]>([
    [
      "page 1 of many, items as a function",
      "/items/?page=1&page_size=10",
      () => ({ items: table(1000) }),
      200,
      {
        Link: '</items/?page=1&page_size=10>; rel="first", </items/?page=2&page_size=10>; rel="next"',
        "X-Pagination-Page": "1",
        "X-Pagination-PageSize": "10",
      },
      ids(1, 10),
    ],
    [
      "a middle page, items and hasMore",
      "/items/?page=4&page_size=10",
      () => ({ items: ids(31, 40), hasMore: true }),
      200,
      {
        Link: '</items/?page=1&page_size=10>; rel="first", </items/?page=3&page_size=10>; rel="prev", </items/?page=5&page_size=10>; rel="next"',
        "X-Pagination-Page": "4",
        "X-Pagination-PageSize": "10",
      },
      ids(31, 40),
    ],
    [
      "the page-plus-one rows given as an array (the extra row says more follow, and is dropped)",
      "/items/?page=2&page_size=10",
      () => ({ items: ids(11, 21), hasMore: false }),
      200,
      {
        Link: '</items/?page=1&page_size=10>; rel="first", </items/?page=1&page_size=10>; rel="prev", </items/?page=3&page_size=10>; rel="next"',
        "X-Pagination-Page": "2",
        "X-Pagination-PageSize": "10",
      },
      ids(11, 20),
    ],
    [
      "the last page tells the total: the spec's answer",
      "/items/?page=3&page_size=10",
      () => ({ items: table(25) }),
      200,
      {
        Link: '</items/?page=1>; rel="first", </items/?page=2>; rel="prev", </items/?page=3>; rel="last"',
        "X-Pagination-Count": "25",
        "X-Pagination-Page": "3",
        "X-Pagination-PageTotal": "3",
        "X-Pagination-PageSize": "10",
      },
      ids(21, 25),
    ],
    ["an empty list: never paginated", "/items/", () => ({ items: table(0) }), 200, {}, []],
    [
      "a page past the end: only first",
      "/items/?page=9&page_size=10",
      () => ({ items: table(25) }),
      200,
      {
        Link: '</items/?page=1&page_size=10>; rel="first"',
        "X-Pagination-Page": "9",
        "X-Pagination-PageSize": "10",
      },
      [],
    ],
  ])("%s", async (_name, url, result, status, pagination, rows) => {
    expect(await serve(result, url)).toStrictEqual({
      status,
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(JSON.stringify(rows).length),
        ...pagination,
        Allow: "GET, OPTIONS",
      },
      body: JSON.stringify(rows),
    });
  });

  it("asks items() for one row more than the page", async () => {
    const items = vi.fn(table(1000));
    await serve(() => ({ items }), "/items/?page=3&page_size=10");
    expect(items.mock.calls).toStrictEqual([[{ page: 3, pageSize: 10, offset: 20, limit: 11 }]]);
  });

  it.each<[string, () => ListResult<unknown>, Error]>([
    [
      "items as an array without hasMore",
      () => ({ items: ids(1, 10) }) as never,
      new TypeError(
        "A list handler without a count returns { items, hasMore } with hasMore true when a row follows the page, or items as a function; got hasMore undefined",
      ),
    ],
    [
      "hasMore beside an items function",
      () => ({ items: table(100), hasMore: true }) as never,
      new TypeError(
        "A countless list gives items as a function (pagewise asks for one row more than a page, to learn whether another follows) or an array with hasMore, not both",
      ),
    ],
    [
      "hasMore with no rows",
      () => ({ items: [], hasMore: true }),
      new RangeError(
        "A countless list said hasMore with no rows on the page: a page past the end has no rows and no more",
      ),
    ],
    [
      "more than a page and one row",
      () => ({ items: ids(1, 12), hasMore: true }),
      new RangeError(
        "A list handler gave 12 rows, more than a page of 11: fetch only page.limit rows from page.offset.",
      ),
    ],
  ])("refuses %s", async (_name, result, error) => {
    await expect(serve(result, "/items/?page=1&page_size=10")).rejects.toThrow(error);
  });
});

/** The answer's headers but Content-Type, Content-Length and Allow, and its rows. */
const served = async (
  result: () => ListResult<unknown>,
  url: string,
  options?: ResourceOptions,
) => {
  const { headers, body } = await serve(result, url, options);
  const { "Content-Type": _type, "Content-Length": _length, Allow: _allow, ...rest } = headers;
  return [rest, JSON.parse(body ?? "null")];
};
const capped = (total: number, cap: number) => () => ({
  count: capCount(Math.min(total, cap + 1), cap),
  items: table(total),
});
/** A Link header of `/items/` (`query` after each page number: a page without a total states its size). */
const links = (rels: Record<string, number>, query = "") =>
  Object.entries(rels)
    .map(([rel, page]) => `</items/?page=${page}${query}>; rel="${rel}"`)
    .join(", ");
/** The links of a page without a total, which state its size (10 here). */
const sized = (rels: Record<string, number>) => links(rels, "&page_size=10");

describe("capped, estimated and derived counts: each says what it is", () => {
  it.each<[string, () => ListResult<unknown>, string, Record<string, string>, number[]]>([
    [
      "capped, at the cap: exact, the spec's answer",
      capped(100, 100),
      "page=2",
      {
        Link: links({ first: 1, prev: 1, next: 3, last: 10 }),
        "X-Pagination-Count": "100",
        "X-Pagination-Page": "2",
        "X-Pagination-PageTotal": "10",
        "X-Pagination-PageSize": "10",
      },
      ids(11, 20),
    ],
    [
      "capped, over the cap: the bound in its own header, no total, no last",
      capped(250, 100),
      "page=2",
      {
        Link: sized({ first: 1, prev: 1, next: 3 }),
        "X-Pagination-Page": "2",
        "X-Pagination-PageSize": "10",
        "X-Pagination-CountAtLeast": "101",
      },
      ids(11, 20),
    ],
    [
      "capped, over the cap, a full last page: the row more asked for tells the total, exact",
      capped(250, 100),
      "page=25",
      {
        Link: links({ first: 1, prev: 24, last: 25 }),
        "X-Pagination-Count": "250",
        "X-Pagination-Page": "25",
        "X-Pagination-PageTotal": "25",
        "X-Pagination-PageSize": "10",
      },
      ids(241, 250),
    ],
    [
      "capped, over the cap, past the end: only first",
      capped(250, 100),
      "page=26",
      {
        Link: sized({ first: 1 }),
        "X-Pagination-Page": "26",
        "X-Pagination-PageSize": "10",
        "X-Pagination-CountAtLeast": "101",
      },
      [],
    ],
    [
      "capped, over the cap, a short last page: derived, exact, the spec's answer",
      capped(245, 100),
      "page=25",
      {
        Link: links({ first: 1, prev: 24, last: 25 }),
        "X-Pagination-Count": "245",
        "X-Pagination-Page": "25",
        "X-Pagination-PageTotal": "25",
        "X-Pagination-PageSize": "10",
      },
      ids(241, 245),
    ],
    [
      "estimated: never sent as the count",
      () => ({ count: { estimate: 240 }, items: table(250) }),
      "page=2",
      {
        Link: sized({ first: 1, prev: 1, next: 3 }),
        "X-Pagination-Page": "2",
        "X-Pagination-PageSize": "10",
        "X-Pagination-CountEstimate": "240",
      },
      ids(11, 20),
    ],
    [
      "estimated, run alongside as a promise",
      () => ({ count: later({ estimate: 240 }), items: table(250) }),
      "page=2",
      {
        Link: sized({ first: 1, prev: 1, next: 3 }),
        "X-Pagination-Page": "2",
        "X-Pagination-PageSize": "10",
        "X-Pagination-CountEstimate": "240",
      },
      ids(11, 20),
    ],
    [
      "estimated, page 1 holds the whole list: derived, exact",
      () => ({ count: { estimate: 40 }, items: table(7) }),
      "page=1",
      {
        "X-Pagination-Count": "7",
        "X-Pagination-Page": "1",
        "X-Pagination-PageTotal": "1",
        "X-Pagination-PageSize": "10",
      },
      ids(1, 7),
    ],
    [
      "a bound in headers renamed",
      capped(250, 100),
      "page=1",
      { Link: sized({ first: 1, next: 2 }), "X-Total-Min": "101" },
      ids(1, 10),
    ],
  ])("%s", async (name, result, query, headers, rows) => {
    const options: ResourceOptions = name.includes("renamed")
      ? {
          headerNames: {
            link: "Link",
            count: "X-Total",
            page: null,
            pageTotal: null,
            pageSize: null,
            countAtLeast: "X-Total-Min",
          },
        }
      : {};
    expect(await served(result, `/items/?${query}&page_size=10`, options)).toStrictEqual([
      headers,
      rows,
    ]);
  });

  it.each<[string, () => ListResult<unknown>]>([
    ["a bound run alongside", () => ({ count: later({ atLeast: 101 }), items: table(250) })],
    [
      "an estimate run alongside",
      () => ({ count: () => later({ estimate: 240 }), items: table(250) }),
    ],
  ])(
    "%s, a full last page: the row after it asked for, the total derived, no next link to an empty page",
    async (_name, result) => {
      const [headers, body] = await served(result, "/items/?page=25&page_size=10");
      const { Link, "X-Pagination-Count": count } = headers as Record<string, string>;
      expect([Link, count, body]).toStrictEqual([
        links({ first: 1, prev: 24, last: 25 }),
        "250",
        ids(241, 250),
      ]);
    },
  );

  it.each<[string, number, string, number, number[]]>([
    ["page 1 holds the whole list: no count asked for", 7, "page=1", 0, ids(1, 7)],
    ["a short last page: no count asked for", 25, "page=3", 0, ids(21, 25)],
    ["a page a row follows: the count asked for", 25, "page=2", 1, ids(11, 20)],
  ])(
    "a { whenNeeded } count, on a list whose total is known, %s",
    async (_name, total, query, calls, rows) => {
      const count = vi.fn(() => later(total));
      const items = vi.fn(table(total));
      const answer = await serveKnown(
        () => ({ count: { whenNeeded: count }, items }),
        `/items/?${query}&page_size=10`,
        {},
        () => {
          count.mockClear();
          items.mockClear();
        },
      );
      const {
        Allow: _allow,
        "Content-Type": _type,
        "Content-Length": _length,
        ...headers
      } = answer.headers;
      const body = JSON.parse(answer.body ?? "null");
      expect([
        count.mock.calls.length,
        body,
        (headers as Record<string, string>)["X-Pagination-Count"],
      ]).toStrictEqual([calls, rows, String(total)]);
      expect(items.mock.calls[0]?.[0]?.limit).toBe(11);
    },
  );

  it.each<[string, number, number, string[]]>([
    // Page 1 counts (a row follows), so page 2, a short last page, tells the total: no count.
    ["15 rows: page 2 is short", 15, 0, ["0+11", "10+11"]],
    // Page 2 is full with a row after it: counted again, its rows asked for beside the count.
    ["35 rows: page 2 is full", 35, 1, ["0+11", "10+11"]],
  ])(
    "a { whenNeeded } walk from page 1 (%s): page 1's count is kept, page 2's rows are asked for first",
    async (_name, total, counts, slices) => {
      const count = vi.fn(() => later(total));
      const items = vi.fn(table(total));
      const resource = defineResource({
        GET: list({ handler: () => ({ count: { whenNeeded: count }, items }) }),
      });
      await handleResource(resource, request("/items/?page=1&page_size=10"));
      count.mockClear();
      const answer = await handleResource(resource, request("/items/?page=2&page_size=10"));
      expect([
        count.mock.calls.length,
        items.mock.calls.map(([slice]) => `${slice.offset}+${slice.limit}`),
        answer.headers["X-Pagination-Count"],
      ]).toStrictEqual([counts, slices, String(total)]);
    },
  );

  it("a { whenNeeded } count serves the last page for a page past the end under overflow 'last'", async () => {
    const items = vi.fn(table(25));
    const answer = await served(
      () => ({ count: { whenNeeded: () => 25 }, items }),
      "/items/?page=9&page_size=10",
      { overflow: "last" },
    );
    expect(answer).toStrictEqual([
      {
        Link: links({ first: 1, prev: 2, last: 3 }),
        "X-Pagination-Count": "25",
        "X-Pagination-Page": "3",
        "X-Pagination-PageTotal": "3",
        "X-Pagination-PageSize": "10",
      },
      ids(21, 25),
    ]);
    // The count first (the page may be past the end), then the last page's rows, once.
    expect(items.mock.calls.map(([slice]) => [slice.offset, slice.limit])).toStrictEqual([[20, 5]]);
  });

  it.each<[string, () => ListResult<unknown>, Error]>([
    [
      "a count as an object of another shape",
      () => ({ count: { total: 3 }, items: [] }) as never,
      new TypeError(
        'A list handler\'s count is a number, { atLeast } or { estimate }; got an object with ["total"]',
      ),
    ],
    [
      "a bound of 0",
      () => ({ count: { atLeast: 0 }, items: [] }),
      new RangeError(
        "A list handler's count's atLeast must be a whole number of at least 1; got number 0",
      ),
    ],
    [
      "an estimate as text",
      () => ({ count: { estimate: "12" }, items: [] }) as never,
      new TypeError(
        "A list handler's count's estimate must be a number; got a string (\"12\"). node-postgres returns count(*) as a string (a bigint): pass Number(row.count).",
      ),
    ],
    [
      "a { whenNeeded } count beside an array of items",
      () => ({ count: { whenNeeded: () => 3 }, items: [1, 2, 3] }),
      new TypeError(
        "A list handler with a { whenNeeded } count gives items as a function: pagewise asks it for one row more than a page, and for the last page when a page past the end is served as the last",
      ),
    ],
  ])("refuses %s", async (_name, result, error) => {
    await expect(serve(result, "/items/?page=1&page_size=10")).rejects.toThrow(error);
  });
});

describe("a page past the end: the count first, no rows query", () => {
  type Make = (events: string[]) => ListResult<unknown>;
  const exact: Make = (events) => recorded(25, events);
  const bound: Make = (events) => {
    const { count, items } = recorded({ atLeast: 101 }, events);
    return { count, items, countMayBeInexact: true };
  };
  const unmarkedBound: Make = (events) => recorded({ atLeast: 101 }, events);
  const whenNeeded: Make = (events) => {
    const { count, items } = recorded(25, events);
    return { count: { whenNeeded: count }, items };
  };
  /** The same list as a whole array (25 rows), or with its bound given as a value. */
  const whole = () => ids(1, 25);
  const boundGiven = () => ({ count: { atLeast: 101 }, items: table(250) });

  it.each<[string, Make, string, ResourceOptions, boolean, string[], () => ListResult<unknown>]>([
    ["exact, page 1", exact, "page=1", {}, false, ["count", "items 0+10", "counted"], whole],
    [
      "exact, a middle page",
      exact,
      "page=2",
      {},
      false,
      ["count", "counted", "items 10+10"],
      whole,
    ],
    ["exact, the last page", exact, "page=3", {}, false, ["count", "counted", "items 20+5"], whole],
    ["exact, one past the end", exact, "page=4", {}, false, ["count", "counted"], whole],
    [
      "exact, far past the end",
      exact,
      "page=999999&page_size=5",
      {},
      false,
      ["count", "counted"],
      whole,
    ],
    [
      "exact, the last page, its total known",
      exact,
      "page=3",
      {},
      true,
      ["count", "items 20+10", "counted"],
      whole,
    ],
    ["exact, past the total known", exact, "page=4", {}, true, ["count", "counted"], whole],
    [
      "exact, far past, overflow last",
      exact,
      "page=999999&page_size=5",
      { overflow: "last" },
      false,
      ["count", "counted", "items 20+5"],
      whole,
    ],
    [
      "exact, one past, known, overflow last",
      exact,
      "page=4",
      { overflow: "last" },
      true,
      ["count", "counted", "items 20+5"],
      whole,
    ],
    [
      "exact, one past, overflow error",
      exact,
      "page=4",
      { overflow: "error" },
      false,
      ["count", "counted"],
      whole,
    ],
    [
      "a bound, page 1: one rows query, a row more",
      bound,
      "page=1",
      {},
      false,
      ["count", "items 0+11", "counted"],
      boundGiven,
    ],
    [
      "a bound, a middle page",
      bound,
      "page=2",
      {},
      false,
      ["count", "counted", "items 10+11"],
      boundGiven,
    ],
    [
      "a bound, far past (a bound cannot tell the end)",
      bound,
      "page=999999&page_size=5",
      {},
      false,
      ["count", "counted", "items 4999990+6"],
      boundGiven,
    ],
    [
      "a bound not marked, page 1: the row after asked for",
      unmarkedBound,
      "page=1",
      {},
      false,
      ["count", "items 0+10", "counted", "items 10+1"],
      boundGiven,
    ],
    [
      "whenNeeded, page 1",
      whenNeeded,
      "page=1",
      {},
      false,
      ["items 0+11", "count", "counted"],
      whole,
    ],
    [
      "whenNeeded, the last page",
      whenNeeded,
      "page=3",
      {},
      false,
      ["count", "counted", "items 20+5"],
      whole,
    ],
    [
      "whenNeeded, far past the end",
      whenNeeded,
      "page=999999&page_size=5",
      {},
      false,
      ["count", "counted"],
      whole,
    ],
    [
      "whenNeeded, the last page, its total known",
      whenNeeded,
      "page=3",
      {},
      true,
      ["items 20+11"],
      whole,
    ],
    [
      "whenNeeded, far past, overflow last",
      whenNeeded,
      "page=999999&page_size=5",
      { overflow: "last" },
      false,
      ["count", "counted", "items 20+5"],
      whole,
    ],
  ])("%s", async (_name, make, query, options, known, expected, reference) => {
    const events: string[] = [];
    const url = `/items/?${query}${query.includes("page_size") ? "" : "&page_size=10"}`;
    const answer = known
      ? await serveKnown(
          () => make(events),
          url,
          options,
          () => {
            events.length = 0;
          },
        )
      : await serve(() => make(events), url, options);
    expect([answer, events]).toStrictEqual([await serve(reference, url, options), expected]);
  });
});
