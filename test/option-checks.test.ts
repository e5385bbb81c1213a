import { describe, expect, it } from "vitest";
import { describeKind, describeValue, quoteText } from "../src/option-checks.js";
import { pageLinks, paginate, paginationHeaders, parsePageParams } from "../src/page/index.js";

const page = paginate({ count: 3, page: 2, pageSize: 1 });

describe("misspelt option values are TypeErrors, never a silent fallback", () => {
  it.each<[string, () => unknown, string]>([
    [
      "invalid",
      () => parsePageParams("", { invalid: "Strict" as never }),
      'invalid must be one of "lenient", "strict"; got "Strict"',
    ],
    [
      "overMax",
      () => parsePageParams("", { overMax: "reject" as never }),
      'overMax must be one of "clamp", "error"; got "reject"',
    ],
    [
      "overflow",
      () => paginate({ count: 1, page: 1, pageSize: 1 }, { overflow: "bogus" as never }),
      'overflow must be one of "empty", "last", "error"; got "bogus"',
    ],
    [
      "linkParams",
      () => pageLinks(page, { url: "/", linkParams: "All" as never }),
      'linkParams must be one of "filters", "page-only", "all"; got "All"',
    ],
    [
      "template",
      () => pageLinks(page, { url: "/", template: "no" as never }),
      'template must be one of true, false; got "no"',
    ],
    [
      "emptyHeaders",
      () => paginationHeaders(page, { url: "/", emptyHeaders: "none" as never }),
      'emptyHeaders must be one of "omit", "zero"; got "none"',
    ],
  ])("%s", (_name, run, message) => {
    expect(run).toThrow(new TypeError(message));
  });
});

describe("describeValue: the one describer of a bad value", () => {
  it.each<[unknown, string, string]>([
    ["abc", 'a string ("abc")', "a string"],
    ["x".repeat(40), `a string ("${"x".repeat(32)}"…)`, "a string"],
    [3, "number 3", "a number"],
    [Number.NaN, "number NaN", "a number"],
    [true, "boolean true", "a boolean"],
    [null, "null", "null"],
    [undefined, "undefined", "undefined"],
    [[1], "an array", "an array"],
    [{ a: 1 }, "an object", "an object"],
    [1n, "a bigint", "a bigint"],
    [() => 1, "a function", "a function"],
  ])("%s is %s, its kind %s", (value, described, kind) => {
    expect([describeValue(value), describeKind(value)]).toStrictEqual([described, kind]);
  });

  it.each<[string, string]>([
    ["v2", '"v2"'],
    ["a\nb", '"a\\nb"'],
    ["y".repeat(33), `"${"y".repeat(32)}"…`],
  ])("quotes %j as %s", (text, quoted) => {
    expect(quoteText(text)).toBe(quoted);
  });
});
