import { describe, expect, it } from "vitest";
import { isJsonMediaType } from "../../src/http/media-type.js";

describe("isJsonMediaType", () => {
  it.each<[string, boolean]>([
    ["application/json", true],
    ["Application/JSON", true],
    ["application/json; charset=utf-8", true],
    ["application/json;charset=UTF-8", true],
    ['application/json; charset="utf-8"', true],
    ["application/json; charset=utf8", true],
    [" application/json ; q=1", true],
    ["application/problem+json", true],
    ["application/merge-patch+json", true],
    ["application/json; charset=iso-8859-1", false],
    ["application/json; charset=utf-16", false],
    ["text/json", false],
    ["text/plain", false],
    ["application/x-www-form-urlencoded", false],
    ["multipart/form-data; boundary=x", false],
    ["application/jsonp", false],
    ["application/json-seq", false],
    ["text/plain+json", false],
    ["", false],
    ["json", false],
  ])("%j → %s", (contentType, expected) => {
    expect(isJsonMediaType(contentType)).toBe(expected);
  });

  it("reads a 1 MB hostile header in one pass", () => {
    expect(isJsonMediaType(`application/json${";".repeat(1_000_000)}`)).toBe(true);
    expect(isJsonMediaType(`application/json; charset=${" ".repeat(1_000_000)}x`)).toBe(false);
  });
});
