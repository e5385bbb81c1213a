import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/errors.js";
import { assertStorableText, unstorableIn } from "../../src/params/storable-text.js";
import { growthRatio, LINEAR_MOST } from "../support/linear-growth.js";

describe("unstorableIn", () => {
  it.each([
    ["", undefined],
    ["plain text", undefined],
    ["café", undefined],
    ["😀 a pair", undefined],
    ["\uFFFD, the replacement character", undefined],
    ["\u0001 and \u007f: other controls PostgreSQL stores", undefined],
    ["\u0000", "nul"],
    ["a\u0000b", "nul"],
    ["\uD83D", "lone_surrogate"],
    ["\uDE00", "lone_surrogate"],
    ["a\uDE00\uD83D", "lone_surrogate"],
    ["\uD83D\uD83D\uDE00", "lone_surrogate"],
    ["\uD83D\uDE00\uDE00", "lone_surrogate"],
    ["\uD83D\u0000", "lone_surrogate"],
    ["\u0000\uD83D", "nul"],
  ])("%j holds %j", (text, found) => {
    expect(unstorableIn(text)).toBe(found);
  });

  it("agrees with a NUL search and a surrogate left once pairs are taken out, on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const unpaired = text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "");
        const expected = /[\uD800-\uDFFF]/.test(unpaired) || text.includes("\u0000");
        expect(unstorableIn(text) !== undefined).toBe(expected);
      }),
    );
  });

  it.each([
    ["a long run of high surrogates", (n: number) => "\uD800".repeat(n)],
    ["a long run of low surrogates", (n: number) => "\uDC00".repeat(n)],
    ["pairs, then NUL at the end", (n: number) => `${"\uD83D\uDE00".repeat(n / 2 - 1)}\u0000`],
  ])("reads %s in linear time", (_title, make) => {
    expect(growthRatio(make, unstorableIn)).toBeLessThan(LINEAR_MOST);
  });
});

/** The problem `assertStorableText` throws, or `undefined` when it passes. */
function refusal(value: unknown, place: "path" | "params") {
  try {
    assertStorableText(value, place);
    return undefined;
  } catch (error) {
    if (!(error instanceof PagewiseError)) throw error;
    return { status: error.status, problem: error.problem };
  }
}

const nul = "a NUL character (U+0000), which PostgreSQL cannot store";
const lone = "a lone surrogate (half of a UTF-16 pair), which is not Unicode text";
const invalid = (detail: string, parameter?: string) => ({
  status: 400,
  problem: {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail,
    code: "invalid_text",
    ...(parameter === undefined ? {} : { parameter }),
  },
});

describe("assertStorableText", () => {
  it.each([
    ["no parameters", {}, "params", undefined],
    ["undefined (no path parameters)", undefined, "path", undefined],
    ["numbers, booleans, null", { a: 1, b: true, c: null, d: [1.5, false] }, "params", undefined],
    [
      "a path parameter",
      { owner: "o\u0000" },
      "path",
      invalid(`Path parameter "owner" holds ${nul}.`, "owner"),
    ],
    ["a query value", { q: "\u0000" }, "params", invalid(`Parameter "q" holds ${nul}.`, "q")],
    [
      "a repeated value",
      { q: ["a", "\uD800"] },
      "params",
      invalid(`Parameter "q.1" holds ${lone}.`, "q.1"),
    ],
    ["a name", { "a\u0000": "1" }, "params", invalid(`A parameter name holds ${nul}.`)],
    [
      "a nested name",
      { filter: { "\uDC00": 1 } },
      "params",
      invalid(`A name in "filter" holds ${lone}.`, "filter"),
    ],
    [
      "deep in a body",
      { items: [{ name: "ok" }, { tags: ["x", "\u0000"] }] },
      "params",
      invalid(`Parameter "items.1.tags.1" holds ${nul}.`, "items.1.tags.1"),
    ],
    ["a whole body that is text", "\u0000", "params", invalid(`The request body holds ${nul}.`)],
    [
      "the shallowest first",
      { a: { b: "\u0000" }, c: "\uD800" },
      "params",
      invalid(`Parameter "c" holds ${lone}.`, "c"),
    ],
    ["an array body", ["ok", "\u0000"], "params", invalid(`Parameter "1" holds ${nul}.`, "1")],
  ] as const)("%s", (_title, value, place, expected) => {
    expect(refusal(value, place)).toStrictEqual(expected);
  });

  it("walks a body nested 100,000 deep without overflowing the stack", () => {
    let body: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) body = [body];
    expect(refusal(body, "params")?.problem.code).toBe("invalid_text");
  });
});
