import { describe, expect, it } from "vitest";
import { type SpanTotals, walkSpan } from "../../src/cli/walk-span.js";
import type { FetchedPage } from "../../src/client/walk-options.js";

/** A page as the walker yields it: its number, totals and served size as headers say. */
function page(number: number | undefined, count?: number, pageTotal?: number, size = 10) {
  return {
    url: "http://x.test/items/",
    items: [],
    headers: new Headers({ "X-Pagination-PageSize": String(size) }),
    count,
    page: number,
    pageTotal,
    countAtLeast: undefined,
    countEstimate: undefined,
  } satisfies FetchedPage<unknown>;
}

describe("walkSpan", () => {
  it.each<[string, boolean, FetchedPage<unknown>[], SpanTotals]>([
    ["the whole list", false, [page(1, 95, 10), page(2, 95, 10)], { count: 95, pageTotal: 10 }],
    [
      "--from page 900 of 1000",
      true,
      [page(900, 20_000, 1000, 20), page(901, 20_000, 1000, 20)],
      { count: 2020, pageTotal: 101, fromPage: 900 },
    ],
    [
      "--from a page whose count changed on the next",
      true,
      [page(9, 95, 10), page(10, 85, 9)],
      { count: 5, pageTotal: 1, fromPage: 9 },
    ],
    [
      "--from a cursor, no page number: nothing known of what it skipped",
      true,
      [page(undefined, 95), page(undefined, 95)],
      { count: undefined, pageTotal: undefined },
    ],
    [
      "a cursor list from its start",
      false,
      [page(undefined, 95), page(undefined)],
      { count: 95, pageTotal: undefined },
    ],
  ])("%s", (_, resumed, pages, totals) => {
    const span = walkSpan(resumed);
    expect(pages.map((p) => span(p)).at(-1)).toStrictEqual(totals);
  });
});
