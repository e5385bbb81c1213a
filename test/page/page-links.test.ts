import { describe, expect, it } from "vitest";
import { defaults, PagewiseError } from "../../src/index.js";
import {
  type CountlessPage,
  type Page,
  type PageLinksOptions,
  pageLinks,
  paginate,
  paginateCountless,
  paginationHeaders,
} from "../../src/page/index.js";
import { linkPrefix, linkSettings } from "../../src/page/page-links.js";

const specPage = paginate({ count: 3, page: 2, pageSize: 1 });
const urls = (options: PageLinksOptions, page: Page | CountlessPage = specPage) =>
  pageLinks(page, options).map((l) => `${l.rel} ${l.url}`);

describe("pageLinks: rels and targets", () => {
  it("spec example: first, prev, next, last carrying only page", () => {
    expect(pageLinks(specPage, { url: "/package/o/r/packages/?page=2&page_size=1" })).toStrictEqual(
      [
        { rel: "first", page: 1, url: "/package/o/r/packages/?page=1" },
        { rel: "prev", page: 1, url: "/package/o/r/packages/?page=1" },
        { rel: "next", page: 3, url: "/package/o/r/packages/?page=3" },
        { rel: "last", page: 3, url: "/package/o/r/packages/?page=3" },
      ],
    );
  });

  it.each<[string, { count: number; page: number; pageSize: number }, string[]]>([
    ["single page: none", { count: 3, page: 1, pageSize: 30 }, []],
    ["empty dataset: none", { count: 0, page: 1, pageSize: 30 }, []],
    ["first page", { count: 350, page: 1, pageSize: 100 }, ["first 1", "next 2", "last 4"]],
    ["last page", { count: 350, page: 4, pageSize: 100 }, ["first 1", "prev 3", "last 4"]],
    ["overflow 'empty'", { count: 350, page: 9, pageSize: 100 }, ["first 1", "prev 4", "last 4"]],
    ["overflow of a single page", { count: 3, page: 2, pageSize: 30 }, ["prev 1"]],
  ])("%s", (_name, request, expected) => {
    expect(
      pageLinks(paginate(request), { url: "/l/" }).map((l) => `${l.rel} ${l.page}`),
    ).toStrictEqual(expected);
  });
});

describe("pageLinks: which query parameters a link carries", () => {
  const url = "/package/o/r/?status=awaiting_sync&page=2&page_size=1&v=2";
  it.each<[string, PageLinksOptions, string[]]>([
    [
      "'filters' (default): keeps filters, drops page_size",
      { url },
      [
        "first /package/o/r/?status=awaiting_sync&v=2&page=1",
        "prev /package/o/r/?status=awaiting_sync&v=2&page=1",
        "next /package/o/r/?status=awaiting_sync&v=2&page=3",
        "last /package/o/r/?status=awaiting_sync&v=2&page=3",
      ],
    ],
    [
      "'page-only'",
      { url, linkParams: "page-only" },
      [
        "first /package/o/r/?page=1",
        "prev /package/o/r/?page=1",
        "next /package/o/r/?page=3",
        "last /package/o/r/?page=3",
      ],
    ],
    [
      "'all': keeps page_size too, at its effective value",
      { url: "/l/?status=a&page_size=900&page=2", linkParams: "all" },
      [
        "first /l/?status=a&page=1&page_size=1",
        "prev /l/?status=a&page=1&page_size=1",
        "next /l/?status=a&page=3&page_size=1",
        "last /l/?status=a&page=3&page_size=1",
      ],
    ],
    [
      "'all' without page_size in the request adds none",
      { url: "/l/?page=2", linkParams: "all" },
      ["first /l/?page=1", "prev /l/?page=1", "next /l/?page=3", "last /l/?page=3"],
    ],
    [
      "template: page size as an RFC 6570 variable",
      { url: "/l/?status=a&page=2&page_size=1", template: true },
      [
        "first /l/?status=a&page=1{&page_size}",
        "prev /l/?status=a&page=1{&page_size}",
        "next /l/?status=a&page=3{&page_size}",
        "last /l/?status=a&page=3{&page_size}",
      ],
    ],
    [
      "template with 'all' still makes page_size the variable",
      { url: "/l/?page_size=1", template: true, linkParams: "all" },
      [
        "first /l/?page=1{&page_size}",
        "prev /l/?page=1{&page_size}",
        "next /l/?page=3{&page_size}",
        "last /l/?page=3{&page_size}",
      ],
    ],
    [
      "repeated and encoded page parameters all replaced",
      { url: "/l/?page=9&pag%65=8&page=7&q=1" },
      ["first /l/?q=1&page=1", "prev /l/?q=1&page=1", "next /l/?q=1&page=3", "last /l/?q=1&page=3"],
    ],
    [
      "repeated filters kept in order, empty pairs dropped",
      { url: "/l/?tag=a&&tag=b&=&flag" },
      [
        "first /l/?tag=a&tag=b&=&flag&page=1",
        "prev /l/?tag=a&tag=b&=&flag&page=1",
        "next /l/?tag=a&tag=b&=&flag&page=3",
        "last /l/?tag=a&tag=b&=&flag&page=3",
      ],
    ],
    [
      "custom parameter names",
      {
        url: "/l/?p=2&per_page=1&page=5",
        pageParam: "p",
        pageSizeParam: "per_page",
        linkParams: "all",
      },
      [
        "first /l/?page=5&p=1&per_page=1",
        "prev /l/?page=5&p=1&per_page=1",
        "next /l/?page=5&p=3&per_page=1",
        "last /l/?page=5&p=3&per_page=1",
      ],
    ],
    [
      "parameter names are encoded",
      { url: "/l/", pageParam: "page no" },
      [
        "first /l/?page%20no=1",
        "prev /l/?page%20no=1",
        "next /l/?page%20no=3",
        "last /l/?page%20no=3",
      ],
    ],
  ])("%s", (_name, options, expected) => {
    expect(urls(options)).toStrictEqual(expected);
  });
});

describe("pageLinks of a page without a total: page_size in every link, whatever linkParams says", () => {
  // Page 2 of 10 rows, more after it: links first, prev and next; no total, no last.
  const request = { page: 2, pageSize: 10, rows: 10, hasMore: true };
  const countless = paginateCountless(request);
  const bounded = paginateCountless({ ...request, countAtLeast: 101 });
  const estimated = paginateCountless({ ...request, countEstimate: 340 });
  const filtered = "/l/?status=a&page=2&page_size=10";
  it.each<[string, PageLinksOptions, CountlessPage | Page, string[]]>([
    [
      "'filters' (default): filters kept, page_size at its effective value",
      { url: filtered },
      countless,
      [
        "first /l/?status=a&page=1&page_size=10",
        "prev /l/?status=a&page=1&page_size=10",
        "next /l/?status=a&page=3&page_size=10",
      ],
    ],
    [
      "'page-only': page_size still kept",
      { url: filtered, linkParams: "page-only" },
      countless,
      [
        "first /l/?page=1&page_size=10",
        "prev /l/?page=1&page_size=10",
        "next /l/?page=3&page_size=10",
      ],
    ],
    [
      "'all'",
      { url: filtered, linkParams: "all" },
      countless,
      [
        "first /l/?status=a&page=1&page_size=10",
        "prev /l/?status=a&page=1&page_size=10",
        "next /l/?status=a&page=3&page_size=10",
      ],
    ],
    [
      "the clamped size, not the requested one",
      { url: "/l/?page_size=900" },
      countless,
      [
        "first /l/?page=1&page_size=10",
        "prev /l/?page=1&page_size=10",
        "next /l/?page=3&page_size=10",
      ],
    ],
    [
      "the default size stated when the request gave none",
      { url: "/l/?page=2" },
      countless,
      [
        "first /l/?page=1&page_size=10",
        "prev /l/?page=1&page_size=10",
        "next /l/?page=3&page_size=10",
      ],
    ],
    [
      "a custom page-size parameter",
      { url: "/l/?per_page=10", pageSizeParam: "per_page" },
      countless,
      [
        "first /l/?page=1&per_page=10",
        "prev /l/?page=1&per_page=10",
        "next /l/?page=3&per_page=10",
      ],
    ],
    [
      "a bound of the total (a capped count)",
      { url: filtered },
      bounded,
      [
        "first /l/?status=a&page=1&page_size=10",
        "prev /l/?status=a&page=1&page_size=10",
        "next /l/?status=a&page=3&page_size=10",
      ],
    ],
    [
      "an estimate of the total",
      { url: filtered },
      estimated,
      [
        "first /l/?status=a&page=1&page_size=10",
        "prev /l/?status=a&page=1&page_size=10",
        "next /l/?status=a&page=3&page_size=10",
      ],
    ],
    [
      "a page past the end: its one link too",
      { url: "/l/?page=9&page_size=10" },
      paginateCountless({ page: 9, pageSize: 10, rows: 0, hasMore: false }),
      ["first /l/?page=1&page_size=10"],
    ],
    [
      "template: page size stays the variable",
      { url: filtered, template: true },
      countless,
      [
        "first /l/?status=a&page=1{&page_size}",
        "prev /l/?status=a&page=1{&page_size}",
        "next /l/?status=a&page=3{&page_size}",
      ],
    ],
    [
      "a page that tells the total is the spec's: page_size dropped",
      { url: filtered },
      paginateCountless({ page: 2, pageSize: 10, rows: 4, hasMore: false, countAtLeast: 101 }),
      ["first /l/?status=a&page=1", "prev /l/?status=a&page=1", "last /l/?status=a&page=2"],
    ],
  ])("%s", (_name, options, page, expected) => {
    expect(urls(options, page)).toStrictEqual(expected);
  });
});

describe("pageLinks: URL safety", () => {
  it.each<[string, PageLinksOptions, string]>([
    ["relative by default, never the Host", { url: "http://evil.example/l/?page=2" }, "/l/?page=3"],
    ["network-path request collapsed", { url: "//evil.example/l/" }, "/evil.example/l/?page=3"],
    [
      "trusted baseUrl makes it absolute",
      { url: "/l/", baseUrl: "https://api.example.com" },
      "https://api.example.com/l/?page=3",
    ],
    [
      "baseUrl path prefix, trailing slash trimmed",
      { url: "/l/", baseUrl: "https://example.com/api/" },
      "https://example.com/api/l/?page=3",
    ],
    [
      "baseUrl as a URL object",
      { url: "/l/", baseUrl: new URL("http://[::1]:8080/") },
      "http://[::1]:8080/l/?page=3",
    ],
    [
      "comma and semicolon in filters encoded",
      { url: "/l/?status=a,b;c" },
      "/l/?status=a%2Cb%3Bc&page=3",
    ],
    [
      "CR LF and brackets in filters encoded",
      { url: "/l/?x=%0D%0A&y=\r\n<>" },
      "/l/?x=%0D%0A&y=%0D%0A%3C%3E&page=3",
    ],
    [
      "quote in a path encoded (a template literal cannot hold it)",
      { url: "/o'r/" },
      "/o%27r/?page=3",
    ],
    ["unicode path encoded", { url: "/größe/" }, "/gr%C3%B6%C3%9Fe/?page=3"],
    [
      "colons encoded (octokit reads :name as a variable)",
      { url: "/a:b/?sort=name:asc" },
      "/a%3Ab/?sort=name%3Aasc&page=3",
    ],
  ])("%s", (_name, options, nextUrl) => {
    expect(pageLinks(specPage, options).find((l) => l.rel === "next")?.url).toBe(nextUrl);
  });

  it.each<[string, PageLinksOptions, string]>([
    [
      "a relative baseUrl",
      { url: "/l/", baseUrl: "/api" },
      'baseUrl must be an absolute http(s) URL, got "/api"',
    ],
    [
      "a non-http baseUrl",
      { url: "/l/", baseUrl: "javascript:alert(1)" },
      'baseUrl must be an absolute http(s) URL, got "javascript:alert(1)"',
    ],
    [
      "a baseUrl host with a comma",
      { url: "/l/", baseUrl: "http://a,b/" },
      'baseUrl\'s host must be a DNS name or an IP address: "http://a,b/"',
    ],
    [
      "a baseUrl with a query",
      { url: "/l/", baseUrl: "https://h/?a=1" },
      'baseUrl must not carry credentials, a query or a fragment: "https://h/?a=1"',
    ],
    [
      "a baseUrl with credentials",
      { url: "/l/", baseUrl: "https://u:p@h/" },
      'baseUrl must not carry credentials, a query or a fragment: "https://u:p@h/"',
    ],
    [
      "an empty page parameter name",
      { url: "/l/", pageParam: "" },
      'Invalid query parameter name: ""',
    ],
    [
      "a page parameter name with a lone surrogate",
      { url: "/l/", pageParam: "\ud800" },
      'Invalid query parameter name: "\\ud800"',
    ],
    [
      "a template variable name RFC 6570 forbids",
      { url: "/l/", template: true, pageSizeParam: "page-size" },
      '"page-size" cannot be an RFC 6570 variable name',
    ],
  ])("rejects %s with a TypeError", (_name, options, message) => {
    expect(() => pageLinks(specPage, options)).toThrow(new TypeError(message));
  });
});

/** The 414 a link too long before its page number gets, or what `run` returned. */
function outcome(run: () => unknown) {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof PagewiseError)) throw error;
    return { status: error.status, problem: error.problem };
  }
}

const tooLong = (length: number) => ({
  status: 414,
  problem: {
    type: "about:blank",
    title: "URI Too Long",
    status: 414,
    detail: `The links to this list's other pages would hold ${length} characters before the page, over the 2048 a link may: shorten the path or the parameters that choose the rows.`,
    code: "uri_too_long",
  },
});

describe("links at most defaults.maxLinkLength before their page number", () => {
  const settings = linkSettings({});
  // "/l/?x=" + value + "&page=": 12 characters besides the value.
  const withValue = (value: string) => `/l/?x=${value}&page=2`;

  it("is 2,048 characters", () => {
    expect(defaults.maxLinkLength).toBe(2048);
  });

  it.each([
    ["exactly the bound", "a".repeat(2036), `/l/?x=${"a".repeat(2036)}&page=`],
    ["one over", "a".repeat(2037), tooLong(2049)],
    ["escapes counted as written (a comma is %2C)", ",".repeat(679), tooLong(2049)],
    ["escapes under the bound", ",".repeat(678), `/l/?x=${"%2C".repeat(678)}&page=`],
    ["a 10 kB filter", "a".repeat(10_000), tooLong(10_012)],
  ])("%s", (_title, value, expected) => {
    expect(outcome(() => linkPrefix(settings, withValue(value), undefined).prefix)).toStrictEqual(
      expected,
    );
  });

  it("counts the trusted base and the path", () => {
    const path = `/${"p".repeat(2020)}/`;
    const base = "https://api.example.com/v1";
    expect(outcome(() => linkPrefix(settings, `${path}?page=2`, base).prefix)).toStrictEqual(
      tooLong(base.length + path.length + 6),
    );
  });

  it("does not count what a link drops: the page, the page size, names it does not carry", () => {
    const url = `/l/?page=${"9".repeat(5000)}&page_size=${"1".repeat(5000)}&junk=${"j".repeat(5000)}&status=failed`;
    expect(linkPrefix(settings, url, undefined, (name) => name === "status").prefix).toBe(
      "/l/?status=failed&page=",
    );
  });

  it("pageLinks and paginationHeaders refuse such links; a page without links is answered", () => {
    const url = withValue("a".repeat(3000));
    const page = paginate({ count: 90, page: 2, pageSize: 10 });
    expect(outcome(() => pageLinks(page, { url }))).toStrictEqual(tooLong(3012));
    expect(outcome(() => paginationHeaders(page, { url }))).toStrictEqual(tooLong(3012));
    const single = paginate({ count: 3, page: 1, pageSize: 10 });
    expect(paginationHeaders(single, { url })).toStrictEqual({
      "X-Pagination-Count": "3",
      "X-Pagination-Page": "1",
      "X-Pagination-PageTotal": "1",
      "X-Pagination-PageSize": "10",
    });
  });
});

describe("linkPrefix: the parameters a link carries", () => {
  it.each<[string, string, ((name: string) => boolean) | undefined, string]>([
    [
      "every name by default",
      "/l/?status=failed&junk=1&page=2",
      undefined,
      "/l/?status=failed&junk=1&page=",
    ],
    [
      "only those linked",
      "/l/?status=failed&junk=1&page=2",
      (n) => n === "status",
      "/l/?status=failed&page=",
    ],
    [
      "by the decoded name",
      "/l/?st%61tus=failed&junk=1",
      (n) => n === "status",
      "/l/?st%61tus=failed&page=",
    ],
    ["every value of a repeated name", "/l/?s=a&j=1&s=b", (n) => n === "s", "/l/?s=a&s=b&page="],
  ])("%s", (_title, url, linked, prefix) => {
    expect(linkPrefix(linkSettings({}), url, undefined, linked).prefix).toBe(prefix);
  });
});
