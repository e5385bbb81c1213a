import { describe, expect, it } from "vitest";
import {
  queryPairName,
  splitRequestTarget,
  trimTrailingSlashes,
} from "../../src/http/request-target.js";

describe("splitRequestTarget", () => {
  it.each<[string, string | URL, { path: string; query: string }]>([
    ["origin form", "/package/o/r/?page=2", { path: "/package/o/r/", query: "page=2" }],
    ["no query", "/package/o/r/", { path: "/package/o/r/", query: "" }],
    ["empty query", "/a?", { path: "/a", query: "" }],
    ["fragment dropped", "/a?b=1#frag?x", { path: "/a", query: "b=1" }],
    [
      "absolute URL: host dropped",
      "https://evil.example:8443/a/b?c=1",
      { path: "/a/b", query: "c=1" },
    ],
    ["absolute URL without path", "http://host?x=1", { path: "/", query: "x=1" }],
    ["absolute URL without path or query", "http://host", { path: "/", query: "" }],
    ["URL object", new URL("https://h/a%20b/?q=1#f"), { path: "/a%20b/", query: "q=1" }],
    [
      "network-path reference collapsed",
      "//evil.example/x?y=1",
      { path: "/evil.example/x", query: "y=1" },
    ],
    ["many leading slashes", "/////x", { path: "/x", query: "" }],
    [
      "URL object with // path",
      new URL("http://h//evil.example/x"),
      { path: "/evil.example/x", query: "" },
    ],
    ["backslash encoded", "/\\evil.example/x", { path: "/%5Cevil.example/x", query: "" }],
    ["relative target gets a leading /", "x/y?z", { path: "/x/y", query: "z" }],
    ["asterisk form", "*", { path: "/*", query: "" }],
    ["empty", "", { path: "/", query: "" }],
    ["unsafe path characters encoded", "/a b/<c>\r\n", { path: "/a%20b/%3Cc%3E%0D%0A", query: "" }],
    ["query kept raw (encoded later, pair by pair)", "/a?x=<b>", { path: "/a", query: "x=<b>" }],
  ])("%s", (_name, url, expected) => {
    expect(splitRequestTarget(url)).toEqual(expected);
  });
});

describe("queryPairName", () => {
  it.each<[string, string]>([
    ["page=2", "page"],
    ["page", "page"],
    ["=2", ""],
    ["pag%65=2", "page"],
    ["page+size=2", "page size"],
    ["pa%ZZge=2", "pa%ZZge"],
    ["a=b=c", "a"],
  ])("%j → %j", (pair, expected) => {
    expect(queryPairName(pair)).toBe(expected);
  });

  it.each<[string, string, number, number, string]>([
    ["the second pair", "a=1&page=2&b", 4, 10, "page"],
    ["a pair without =, before one with =", "flag&x=1", 0, 4, "flag"],
    ["an escaped last pair", "a=1&pag%65", 4, 10, "page"],
    ["an empty name", "a=1&=2", 4, 6, ""],
  ])("reads %s of %j in [%i, %i)", (_name, query, start, end, expected) => {
    expect(queryPairName(query, start, end)).toBe(expected);
  });
});

describe("trimTrailingSlashes", () => {
  it.each<[string, string]>([
    ["https://h/api/", "https://h/api"],
    ["/a///", "/a"],
    ["///", ""],
    ["/a", "/a"],
    [`${"/".repeat(100_000)}x`, `${"/".repeat(100_000)}x`],
  ])("%j", (input, expected) => {
    expect(trimTrailingSlashes(input)).toBe(expected);
  });
});
