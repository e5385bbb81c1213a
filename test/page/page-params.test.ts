import { describe, expect, it } from "vitest";
import { PagewiseError, type QueryInput } from "../../src/index.js";
import { type PageParamsOptions, parsePageParams } from "../../src/page/index.js";

const MAX = Number.MAX_SAFE_INTEGER;

describe("parsePageParams: the spec's rules (section 4.3)", () => {
  it.each<[string, QueryInput, { page: number; pageSize: number }]>([
    ["spec example page=2&page_size=1", "page=2&page_size=1", { page: 2, pageSize: 1 }],
    ["leading ?", "?page=2&page_size=1", { page: 2, pageSize: 1 }],
    ["only one leading ? is stripped", "??page=2", { page: 1, pageSize: 30 }],
    ["page omitted → 1, default size 30", "", { page: 1, pageSize: 30 }],
    ["page=0 → 1", "page=0", { page: 1, pageSize: 30 }],
    ["negative page → 1", "page=-3", { page: 1, pageSize: 30 }],
    ["page=-0 → 1", "page=-0", { page: 1, pageSize: 30 }],
    ["maximum size 500", "page_size=500", { page: 1, pageSize: 500 }],
    [
      "URLSearchParams input",
      new URLSearchParams("page=4&page_size=100"),
      { page: 4, pageSize: 100 },
    ],
    ["parsed object input", { page: "4", page_size: "100" }, { page: 4, pageSize: 100 }],
    ["JSON numbers", { page: 4, page_size: 100 }, { page: 4, pageSize: 100 }],
  ])("%s", (_name, query, expected) => {
    expect(parsePageParams(query)).toEqual(expected);
  });
});

describe("parsePageParams: hostile and invalid input, lenient (default)", () => {
  it.each<[string, QueryInput, { page: number; pageSize: number }]>([
    ["page=abc", "page=abc", { page: 1, pageSize: 30 }],
    ["page=2abc", "page=2abc", { page: 1, pageSize: 30 }],
    ["page=1e3", "page=1e3", { page: 1, pageSize: 30 }],
    ["page=0x10", "page=0x10", { page: 1, pageSize: 30 }],
    ["page=1.5", "page=1.5", { page: 1, pageSize: 30 }],
    ["page= (empty)", "page=&page_size=", { page: 1, pageSize: 30 }],
    ["whitespace", "page=%202&page_size=+5", { page: 1, pageSize: 30 }],
    ["page past MAX_SAFE_INTEGER", "page=99999999999999999999", { page: MAX, pageSize: 30 }],
    ["page_size=0 → default", "page_size=0", { page: 1, pageSize: 30 }],
    ["page_size=-5 → default", "page_size=-5", { page: 1, pageSize: 30 }],
    ["page_size=501 → clamped", "page_size=501", { page: 1, pageSize: 500 }],
    ["page_size huge → clamped", "page_size=99999999999999999999", { page: 1, pageSize: 500 }],
    ["page_size=1.5 → default", "page_size=1.5", { page: 1, pageSize: 30 }],
    [
      "repeated: first value wins",
      "page=3&page=9&page_size=5&page_size=50",
      { page: 3, pageSize: 5 },
    ],
    ["array: first value wins", { page: ["3", "9"], page_size: ["5"] }, { page: 3, pageSize: 5 }],
    ["empty array", { page: [], page_size: [] }, { page: 1, pageSize: 30 }],
    [
      "nested object (qs page[a]=1)",
      { page: { a: "1" }, page_size: { b: "2" } },
      { page: 1, pageSize: 30 },
    ],
    ["null counts as absent", { page: null, page_size: null }, { page: 1, pageSize: 30 }],
    ["boolean", { page: true, page_size: false }, { page: 1, pageSize: 30 }],
    ["fractional JSON number", { page: 2.5, page_size: 7.5 }, { page: 1, pageSize: 30 }],
    ["inherited keys are not read", Object.create({ page: "5" }), { page: 1, pageSize: 30 }],
    ["unicode digits", "page=%EF%BC%92", { page: 1, pageSize: 30 }],
    ["1 MB of digits", `page=${"9".repeat(1_000_000)}`, { page: MAX, pageSize: 30 }],
  ])("%s", (_name, query, expected) => {
    expect(parsePageParams(query)).toEqual(expected);
  });
});

function problemOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof PagewiseError) {
      expect(error.status).toBe(error.problem.status);
      return error.problem;
    }
    throw error;
  }
  throw new Error("expected a PagewiseError");
}

describe("parsePageParams: strict mode", () => {
  const strict: PageParamsOptions = { invalid: "strict" };

  it.each<[string, string, string, string]>([
    [
      "page=abc",
      "page=abc",
      "page",
      'Parameter "page" must be a whole decimal number; got a string ("abc").',
    ],
    [
      "page=1e3",
      "page=1e3",
      "page",
      'Parameter "page" must be a whole decimal number; got a string ("1e3").',
    ],
    [
      "page=",
      "page=",
      "page",
      'Parameter "page" must be a whole decimal number; got a string ("").',
    ],
    [
      "page_size=0",
      "page_size=0",
      "page_size",
      'Parameter "page_size" must be a whole number of at least 1; got a string ("0").',
    ],
    [
      "page_size=-5",
      "page_size=-5",
      "page_size",
      'Parameter "page_size" must be a whole number of at least 1; got a string ("-5").',
    ],
    [
      "page_size=1.5",
      "page_size=1.5",
      "page_size",
      'Parameter "page_size" must be a whole number of at least 1; got a string ("1.5").',
    ],
    [
      "long value is cut in the detail",
      `page=${"x".repeat(100)}`,
      "page",
      `Parameter "page" must be a whole decimal number; got a string ("${"x".repeat(32)}"…).`,
    ],
  ])("%s → 400", (_name, query, parameter, detail) => {
    expect(problemOf(() => parsePageParams(query, strict))).toEqual({
      status: 400,
      type: "about:blank",
      title: "Bad Request",
      detail,
      code: "invalid_parameter",
      parameter,
    });
  });

  it.each<[string, QueryInput, string]>([
    [
      "nested object",
      { page: { a: "1" } },
      'Parameter "page" must be a whole decimal number; got an object.',
    ],
    [
      "array of arrays",
      { page: [["1"]] },
      'Parameter "page" must be a whole decimal number; got an array.',
    ],
    [
      "fractional number",
      { page: 2.5 },
      'Parameter "page" must be a whole decimal number; got number 2.5.',
    ],
    [
      "boolean",
      { page: true },
      'Parameter "page" must be a whole decimal number; got boolean true.',
    ],
  ])("%s → 400", (_name, query, detail) => {
    expect(problemOf(() => parsePageParams(query, strict)).detail).toBe(detail);
  });

  it.each<[string, string, { page: number; pageSize: number }]>([
    ["zero page is the spec's page 1", "page=0", { page: 1, pageSize: 30 }],
    ["negative page is the spec's page 1", "page=-2", { page: 1, pageSize: 30 }],
    ["over-max size still clamps", "page_size=900", { page: 1, pageSize: 500 }],
  ])("%s", (_name, query, expected) => {
    expect(parsePageParams(query, strict)).toEqual(expected);
  });
});

describe("parsePageParams: options", () => {
  it("overMax 'error' answers 400 page_size_too_large", () => {
    expect(problemOf(() => parsePageParams("page_size=501", { overMax: "error" }))).toEqual({
      status: 400,
      type: "about:blank",
      title: "Bad Request",
      detail: 'Parameter "page_size" must be at most 500.',
      code: "page_size_too_large",
      parameter: "page_size",
    });
  });

  it.each<[string, QueryInput, PageParamsOptions, { page: number; pageSize: number }]>([
    ["custom default", "", { defaultPageSize: 10 }, { page: 1, pageSize: 10 }],
    ["custom maximum", "page_size=80", { maxPageSize: 50 }, { page: 1, pageSize: 50 }],
    [
      "overMax 'error' at the maximum",
      "page_size=500",
      { overMax: "error" },
      { page: 1, pageSize: 500 },
    ],
    [
      "custom names",
      "p=3&per_page=7&page=9",
      { pageParam: "p", pageSizeParam: "per_page" },
      { page: 3, pageSize: 7 },
    ],
  ])("%s", (_name, query, options, expected) => {
    expect(parsePageParams(query, options)).toEqual(expected);
  });

  it.each<[string, PageParamsOptions, string]>([
    [
      "maxPageSize 0",
      { maxPageSize: 0 },
      "maxPageSize must be a whole number of at least 1; got number 0",
    ],
    [
      "maxPageSize 1.5",
      { maxPageSize: 1.5 },
      "maxPageSize must be a whole number of at least 1; got number 1.5",
    ],
    [
      "default over max",
      { defaultPageSize: 600 },
      "defaultPageSize (at most maxPageSize) must be a whole number from 1 to 500; got number 600",
    ],
    [
      "default 0",
      { defaultPageSize: 0 },
      "defaultPageSize (at most maxPageSize) must be a whole number from 1 to 500; got number 0",
    ],
  ])("rejects %s with a RangeError", (_name, options, message) => {
    expect(() => parsePageParams("", options)).toThrow(new RangeError(message));
  });
});
