import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { addHeader, httpUrl, wholeNumber } from "../../src/cli/options.js";

describe("wholeNumber", () => {
  it.each([
    [1, "1", 1],
    [1, "8", 8],
    [0, "0", 0],
    [1, "0010", 10],
  ])("at least %i reads %j as %i", (min, text, value) => {
    expect(wholeNumber(min)(text)).toBe(value);
  });

  it.each([
    [1, "0"],
    [0, "-1"],
    [1, "1.5"],
    [1, "x"],
    [1, ""],
    [1, "99999999999999999999"],
  ])("at least %i refuses %j", (min, text) => {
    expect(() => wholeNumber(min)(text)).toThrow(
      new InvalidArgumentError(`must be a whole number of at least ${min}`),
    );
  });
});

describe("addHeader", () => {
  it.each<[string, Record<string, string> | undefined, Record<string, string>]>([
    ["X-Api-Key: k", undefined, { "X-Api-Key": "k" }],
    ["Accept:application/json", {}, { Accept: "application/json" }],
    ["  A :  b c  ", undefined, { A: "b c" }],
    ["A: x: y", undefined, { A: "x: y" }],
    ["A: 2", { A: "1" }, { A: "1, 2" }],
    ["B: 2", { A: "1" }, { A: "1", B: "2" }],
  ])("adds %j to %j", (text, before, after) => {
    expect(addHeader(text, before)).toStrictEqual(after);
  });

  it.each(["no colon", ": value", "bad name: v", "A: line\nbreak"])("refuses %j", (text) => {
    expect(() => addHeader(text)).toThrow(
      new InvalidArgumentError(`must be 'Name: value', got ${JSON.stringify(text)}`),
    );
  });
});

describe("httpUrl", () => {
  it.each([
    ["http://127.0.0.1:3000/items/?status=failed", "http://127.0.0.1:3000/items/?status=failed"],
    ["HTTPS://Example.com", "https://example.com/"],
  ])("takes %j as %j", (text, href) => {
    expect(httpUrl(text)).toBe(href);
  });

  it.each(["127.0.0.1:3000/items/", "ftp://x/", "items/", ""])("refuses %j", (text) => {
    expect(() => httpUrl(text)).toThrow(
      new InvalidArgumentError(`must be an http:// or https:// URL, got ${JSON.stringify(text)}`),
    );
  });
});
