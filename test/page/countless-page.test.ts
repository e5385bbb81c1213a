import { describe, expect, it } from "vitest";
import type { PagewiseError } from "../../src/index.js";
import {
  type CountlessPage,
  type Page,
  paginate,
  paginateCountless,
  paginationHeaders,
} from "../../src/page/index.js";

type Request = [page: number, pageSize: number, rows: number, hasMore: boolean];

describe("paginateCountless: no count, links from what the page shows", () => {
  // biome-ignore format: one case a line
  it.each<[string, Request, Omit<CountlessPage, "page" | "pageSize" | "offset">]>([
    ["page 1 with more to come: first, next", [1, 10, 10, true], { limit: 10, isEmpty: false, overflow: false, hasMore: true, first: 1, next: 2 }],
    ["a middle page: first, prev, next", [3, 10, 10, true], { limit: 10, isEmpty: false, overflow: false, hasMore: true, first: 1, prev: 2, next: 4 }],
    ["a short page that says more follow (a row added meanwhile)", [2, 10, 7, true], { limit: 7, isEmpty: false, overflow: false, hasMore: true, first: 1, prev: 1, next: 3 }],
    ["past the end: only first (the last page is not known)", [9, 10, 0, false], { limit: 0, isEmpty: true, overflow: true, hasMore: false, first: 1 }],
  ])("%s", (_name, [page, pageSize, rows, hasMore], expected) => {
    expect(paginateCountless({ page, pageSize, rows, hasMore })).toStrictEqual({
      page,
      pageSize,
      offset: (page - 1) * pageSize,
      ...expected,
    });
  });

  // biome-ignore format: one case a line
  it.each<[string, Request, { count: number; page: number; pageSize: number }]>([
    ["the last page, which tells the total", [3, 10, 4, false], { count: 24, page: 3, pageSize: 10 }],
    ["a full last page", [2, 10, 10, false], { count: 20, page: 2, pageSize: 10 }],
    ["page 1 holding the whole list", [1, 10, 6, false], { count: 6, page: 1, pageSize: 10 }],
    ["an empty list (never paginated)", [1, 10, 0, false], { count: 0, page: 1, pageSize: 10 }],
  ])("the spec's page after all when the page tells the total: %s", (_name, [page, pageSize, rows, hasMore], request) => {
    const served = paginateCountless({ page, pageSize, rows, hasMore }) as Page;
    expect(served).toStrictEqual(paginate(request));
  });

  it("answers a page past the end with the 404 problem under overflow 'error'", () => {
    let caught: unknown;
    try {
      paginateCountless({ page: 9, pageSize: 10, rows: 0, hasMore: false }, { overflow: "error" });
    } catch (error) {
      caught = error;
    }
    expect((caught as PagewiseError).problem).toStrictEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "Page 9 does not exist.",
      code: "page_out_of_range",
      parameter: "page",
    });
  });

  it.each<[string, Request, string]>([
    [
      "more rows than a page",
      [1, 10, 11, true],
      "rows must be a whole number from 0 to 10; got number 11",
    ],
    ["page 0", [0, 10, 1, true], "page must be a whole number of at least 1; got number 0"],
    [
      "a fractional page size",
      [1, 1.5, 1, true],
      "pageSize must be a whole number of at least 1; got number 1.5",
    ],
  ])("refuses %s with a RangeError", (_name, [page, pageSize, rows, hasMore], message) => {
    expect(() => paginateCountless({ page, pageSize, rows, hasMore })).toThrow(
      new RangeError(message),
    );
  });
});

describe("paginationHeaders of a countless page: Page, PageSize and first/prev/next (stating page_size), never a total", () => {
  it.each<[string, Request, Record<string, string>]>([
    [
      "page 2 of a list with more",
      [2, 10, 10, true],
      {
        Link: '</items/?q=x&page=1&page_size=10>; rel="first", </items/?q=x&page=1&page_size=10>; rel="prev", </items/?q=x&page=3&page_size=10>; rel="next"',
        "X-Pagination-Page": "2",
        "X-Pagination-PageSize": "10",
      },
    ],
    [
      "page 1 of a list with more",
      [1, 10, 10, true],
      {
        Link: '</items/?q=x&page=1&page_size=10>; rel="first", </items/?q=x&page=2&page_size=10>; rel="next"',
        "X-Pagination-Page": "1",
        "X-Pagination-PageSize": "10",
      },
    ],
    [
      "a page past the end",
      [5, 10, 0, false],
      {
        Link: '</items/?q=x&page=1&page_size=10>; rel="first"',
        "X-Pagination-Page": "5",
        "X-Pagination-PageSize": "10",
      },
    ],
  ])("%s", (_name, [page, pageSize, rows, hasMore], headers) => {
    const served = paginateCountless({ page, pageSize, rows, hasMore });
    expect(paginationHeaders(served, { url: "/items/?q=x&page=2&page_size=10" })).toStrictEqual(
      headers,
    );
  });
});
