import { describe, expect, it } from "vitest";
import { headerNamePresets, PagewiseError } from "../../src/index.js";
import {
  type Page,
  type PaginationHeadersOptions,
  pageLinks,
  paginate,
  paginationHeaders,
  parsePageParams,
} from "../../src/page/index.js";
import { growthRatio, LINEAR_MOST } from "../support/linear-growth.js";

type Request = { count: number; url: string };
const headersFor = ({ count, url }: Request, options: Partial<PaginationHeadersOptions> = {}) => {
  const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
  return paginationHeaders(paginate({ count, ...parsePageParams(query) }), { url, ...options });
};

describe("paginationHeaders: the spec's examples", () => {
  it.each<[string, Request, Partial<PaginationHeadersOptions>, Record<string, string>]>([
    [
      "spec: 3 items, page=2&page_size=1",
      { count: 3, url: "/package/o/r/packages/?page=2&page_size=1" },
      {},
      {
        Link: '</package/o/r/packages/?page=1>; rel="first", </package/o/r/packages/?page=1>; rel="prev", </package/o/r/packages/?page=3>; rel="next", </package/o/r/packages/?page=3>; rel="last"',
        "X-Pagination-Count": "3",
        "X-Pagination-Page": "2",
        "X-Pagination-PageTotal": "3",
        "X-Pagination-PageSize": "1",
      },
    ],
    [
      "spec: 350 items of 100, page 4 holds the remainder",
      { count: 350, url: "/package/o/r/?page=4&page_size=100" },
      {},
      {
        Link: '</package/o/r/?page=1>; rel="first", </package/o/r/?page=3>; rel="prev", </package/o/r/?page=4>; rel="last"',
        "X-Pagination-Count": "350",
        "X-Pagination-Page": "4",
        "X-Pagination-PageTotal": "4",
        "X-Pagination-PageSize": "100",
      },
    ],
    [
      "spec: 400 items of 100 → 4 full pages",
      { count: 400, url: "/package/o/r/?page_size=100" },
      {},
      {
        Link: '</package/o/r/?page=1>; rel="first", </package/o/r/?page=2>; rel="next", </package/o/r/?page=4>; rel="last"',
        "X-Pagination-Count": "400",
        "X-Pagination-Page": "1",
        "X-Pagination-PageTotal": "4",
        "X-Pagination-PageSize": "100",
      },
    ],
    [
      "one page: no Link, the X-Pagination-* headers still sent",
      { count: 3, url: "/l/" },
      {},
      {
        "X-Pagination-Count": "3",
        "X-Pagination-Page": "1",
        "X-Pagination-PageTotal": "1",
        "X-Pagination-PageSize": "30",
      },
    ],
    ["empty dataset: never paginated, no headers", { count: 0, url: "/l/?page=1" }, {}, {}],
    [
      "empty dataset with emptyHeaders 'zero'",
      { count: 0, url: "/l/?page_size=10" },
      { emptyHeaders: "zero" },
      {
        "X-Pagination-Count": "0",
        "X-Pagination-Page": "1",
        "X-Pagination-PageTotal": "1",
        "X-Pagination-PageSize": "10",
      },
    ],
    [
      "filters kept, page_size dropped (linkParams 'filters')",
      { count: 90, url: "/package/o/r/?status=awaiting_sync&page=2&page_size=30" },
      {},
      {
        Link: '</package/o/r/?status=awaiting_sync&page=1>; rel="first", </package/o/r/?status=awaiting_sync&page=1>; rel="prev", </package/o/r/?status=awaiting_sync&page=3>; rel="next", </package/o/r/?status=awaiting_sync&page=3>; rel="last"',
        "X-Pagination-Count": "90",
        "X-Pagination-Page": "2",
        "X-Pagination-PageTotal": "3",
        "X-Pagination-PageSize": "30",
      },
    ],
    [
      "clamped page_size: headers report the effective size, 'all' links carry it",
      { count: 1200, url: "/l/?page_size=9999" },
      { linkParams: "all" },
      {
        Link: '</l/?page=1&page_size=500>; rel="first", </l/?page=2&page_size=500>; rel="next", </l/?page=3&page_size=500>; rel="last"',
        "X-Pagination-Count": "1200",
        "X-Pagination-Page": "1",
        "X-Pagination-PageTotal": "3",
        "X-Pagination-PageSize": "500",
      },
    ],
    [
      "overflow 'empty': requested page repeated, first, prev → last real page, last",
      { count: 350, url: "/l/?page=7&page_size=100" },
      {},
      {
        Link: '</l/?page=1>; rel="first", </l/?page=4>; rel="prev", </l/?page=4>; rel="last"',
        "X-Pagination-Count": "350",
        "X-Pagination-Page": "7",
        "X-Pagination-PageTotal": "4",
        "X-Pagination-PageSize": "100",
      },
    ],
    [
      "totalCount preset",
      { count: 3, url: "/l/?page=2&page_size=1" },
      { headerNames: headerNamePresets.totalCount },
      {
        Link: '</l/?page=1>; rel="first", </l/?page=1>; rel="prev", </l/?page=3>; rel="next", </l/?page=3>; rel="last"',
        "X-Total-Count": "3",
      },
    ],
    [
      "no Link header when its name is null",
      { count: 3, url: "/l/?page=2&page_size=1" },
      { headerNames: { ...headerNamePresets.xPagination, link: null } },
      {
        "X-Pagination-Count": "3",
        "X-Pagination-Page": "2",
        "X-Pagination-PageTotal": "3",
        "X-Pagination-PageSize": "1",
      },
    ],
  ])("%s", (_name, request, options, expected) => {
    const headers = headersFor(request, options);
    expect(headers).toStrictEqual(expected);
    expect(Object.keys(headers)).toStrictEqual(Object.keys(expected));
  });

  it("writes headers in the order Link, Count, Page, PageTotal, PageSize", () => {
    expect(Object.keys(headersFor({ count: 3, url: "/l/?page=2&page_size=1" }))).toStrictEqual([
      "Link",
      "X-Pagination-Count",
      "X-Pagination-Page",
      "X-Pagination-PageTotal",
      "X-Pagination-PageSize",
    ]);
  });

  it("hostile request URL: no CR, LF or angle bracket reaches a header", () => {
    const headers = headersFor({ count: 3, url: "/l/\r\nX-Evil: 1?<a>=\r\n&page=2&page_size=1" });
    expect(headers.Link).toBe(
      '</l/%0D%0AX-Evil%3A%201?%3Ca%3E=%0D%0A&page=1>; rel="first", </l/%0D%0AX-Evil%3A%201?%3Ca%3E=%0D%0A&page=1>; rel="prev", </l/%0D%0AX-Evil%3A%201?%3Ca%3E=%0D%0A&page=3>; rel="next", </l/%0D%0AX-Evil%3A%201?%3Ca%3E=%0D%0A&page=3>; rel="last"',
    );
  });

  it.each<[string, Partial<Page>, string]>([
    ["only next", { next: 2 }, '</l/?page=2>; rel="next"'],
    ["only last", { last: 9 }, '</l/?page=9>; rel="last"'],
    ["next and last", { next: 2, last: 9 }, '</l/?page=2>; rel="next", </l/?page=9>; rel="last"'],
  ])("a hand-built page with %s gets those links (as pageLinks gives)", (_name, targets, link) => {
    const page: Page = { ...paginate({ count: 0, page: 1, pageSize: 10 }), count: 90, ...targets };
    expect(paginationHeaders(page, { url: "/l/" }).Link).toBe(link);
    expect(
      pageLinks(page, { url: "/l/" })
        .map((l) => `<${l.url}>; rel="${l.rel}"`)
        .join(", "),
    ).toBe(link);
  });
});

describe("paginationHeaders: linear time on hostile request URLs", () => {
  const page = paginate({ count: 90, page: 2, pageSize: 10 });
  // The long input's links are over maxLinkLength: read in full, then refused with the 414.
  const headersOf = (url: string) => {
    try {
      return paginationHeaders(page, { url });
    } catch (error) {
      if (error instanceof PagewiseError && error.status === 414) return error;
      throw error;
    }
  };

  it.each<[string, (n: number) => string]>([
    ["pairs without =", (n) => `/l/?${"a&".repeat(n / 2)}page=2`],
    ["= runs", (n) => `/l/?a${"=".repeat(n)}&page=2`],
    ["& runs", (n) => `/l/?${"&".repeat(n)}page=2`],
  ])("%s: one long input costs its pieces' CPU, not PIECES times", (_name, make) => {
    expect(growthRatio(make, headersOf)).toBeLessThan(LINEAR_MOST);
  });
});
