import { describe, expect, it } from "vitest";
import {
  exposedHeaderNames,
  headerNamePresets,
  type PaginationHeaderNames,
} from "../../src/index.js";
import { checkedHeaderNames } from "../../src/page/header-names.js";

describe("checkedHeaderNames", () => {
  it.each<[string, PaginationHeaderNames, Record<string, string | null>]>([
    ["the spec's names", headerNamePresets.xPagination, { ...headerNamePresets.xPagination }],
    ["totalCount preset", headerNamePresets.totalCount, { ...headerNamePresets.totalCount }],
    [
      "the bound and the estimate defaulted when left out",
      { link: null, count: "X-Total", page: "X-Page", pageTotal: null, pageSize: "X-Per-Page" },
      {
        link: null,
        count: "X-Total",
        page: "X-Page",
        pageTotal: null,
        pageSize: "X-Per-Page",
        countAtLeast: "X-Pagination-CountAtLeast",
        countEstimate: "X-Pagination-CountEstimate",
      },
    ],
  ])("%s: every name by its key, frozen, resolved once", (_name, names, expected) => {
    const resolved = checkedHeaderNames(names);
    expect(resolved).toStrictEqual(expected);
    expect(Object.keys(resolved)).toStrictEqual([
      "link",
      "count",
      "page",
      "pageTotal",
      "pageSize",
      "countAtLeast",
      "countEstimate",
    ]);
    expect(Object.isFrozen(resolved)).toBe(true);
    expect(checkedHeaderNames(names)).toBe(resolved);
  });

  it.each<[string, unknown, TypeError]>([
    [
      "a name that is not text",
      { ...headerNamePresets.xPagination, pageSize: 3 },
      new TypeError("headerNames.pageSize must be a header name or null (not sent); got number 3"),
    ],
    [
      "a required name left out",
      { link: "Link", count: null, page: null, pageTotal: null },
      new TypeError("headerNames.pageSize must be a header name or null (not sent); got undefined"),
    ],
  ])("rejects %s", (_name, names, error) => {
    expect(() => checkedHeaderNames(names as PaginationHeaderNames)).toThrow(error);
  });
});

describe("exposedHeaderNames", () => {
  it.each<[string, PaginationHeaderNames | undefined, string[]]>([
    [
      "default: the spec's five, and the bound and the estimate of a count",
      undefined,
      [
        "Link",
        "X-Pagination-Count",
        "X-Pagination-Page",
        "X-Pagination-PageTotal",
        "X-Pagination-PageSize",
        "X-Pagination-CountAtLeast",
        "X-Pagination-CountEstimate",
      ],
    ],
    ["totalCount preset", headerNamePresets.totalCount, ["Link", "X-Total-Count"]],
    [
      "custom, nulls left out, the bound and estimate by default",
      { link: null, count: "X-Total", page: "X-Page", pageTotal: null, pageSize: "X-Per-Page" },
      [
        "X-Total",
        "X-Page",
        "X-Per-Page",
        "X-Pagination-CountAtLeast",
        "X-Pagination-CountEstimate",
      ],
    ],
    [
      "custom, every name given",
      {
        link: "Link",
        count: "X-Total",
        page: null,
        pageTotal: null,
        pageSize: null,
        countAtLeast: "X-Total-Min",
        countEstimate: null,
      },
      ["Link", "X-Total", "X-Total-Min"],
    ],
  ])("%s", (_name, names, expected) => {
    expect(exposedHeaderNames(names)).toStrictEqual(expected);
  });

  it.each<[string, string]>([
    ["X-Bad Name", '"X-Bad Name"'],
    ["X-Evil\r\nSet-Cookie", '"X-Evil\\r\\nSet-Cookie"'],
    ["", '""'],
    ["__proto__", '"__proto__"'],
  ])("rejects the header name %j", (name, shown) => {
    const names = { ...headerNamePresets.xPagination, count: name };
    expect(() => exposedHeaderNames(names)).toThrow(new TypeError(`Invalid header name: ${shown}`));
  });

  it.each<[string, string]>([
    ["X-Pagination-Page", '"X-Pagination-Page"'],
    ["link", '"link"'],
  ])("rejects %j used twice", (name, shown) => {
    const names = { ...headerNamePresets.xPagination, count: name };
    expect(() => exposedHeaderNames(names)).toThrow(
      new TypeError(`Header name used twice: ${shown}`),
    );
  });

  it("presets are frozen", () => {
    expect(Object.isFrozen(headerNamePresets)).toBe(true);
    expect(Object.isFrozen(headerNamePresets.xPagination)).toBe(true);
  });
});
