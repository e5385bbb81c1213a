import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { queryRecord } from "../../src/params/query-record.js";
import { growthRatio, LINEAR_MOST } from "../support/linear-growth.js";

/** What URLSearchParams reads, as a record: the reference queryRecord must equal. */
function reference(query: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if (name === "__proto__" || name === "constructor" || name === "prototype") continue;
    const seen = Object.hasOwn(record, name) ? record[name] : undefined;
    if (seen === undefined) record[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else record[name] = [seen, value];
  }
  return record;
}

describe("queryRecord", () => {
  it.each<[string, string | URLSearchParams, Record<string, string | string[]>]>([
    ["the spec's page request", "page=2&page_size=1", { page: "2", page_size: "1" }],
    ["a leading ? dropped", "?status=failed", { status: "failed" }],
    ["a repeated name, in order", "tag=a&tag=b&tag=c", { tag: ["a", "b", "c"] }],
    ["a name without =", "flag&x=1", { flag: "", x: "1" }],
    ["an empty value", "status=", { status: "" }],
    ["empty pairs skipped", "&&a=1&&", { a: "1" }],
    ["= in a value kept", "q=a=b", { q: "a=b" }],
    ["an empty name", "=1", { "": "1" }],
    ["+ as a space", "q=a+b", { q: "a b" }],
    ["escapes decoded", "q=%C3%A9%2C", { q: "é," }],
    ["a malformed escape kept", "q=%ZZ%", { q: "%ZZ%" }],
    ["an escaped name", "pa%67e=3", { page: "3" }],
    ["a lone surrogate replaced", "q=\uD800", { q: "\uFFFD" }],
    ["non-ASCII unescaped", "q=é", { q: "é" }],
    ["__proto__ and friends dropped", "__proto__=1&constructor=2&prototype=3&ok=4", { ok: "4" }],
    [
      "inherited names are plain parameters",
      "toString=1&valueOf=2&hasOwnProperty=3",
      { toString: "1", valueOf: "2", hasOwnProperty: "3" },
    ],
    ["URLSearchParams", new URLSearchParams("a=1&a=2"), { a: ["1", "2"] }],
    ["an empty query", "", {}],
  ])("%s", (_name, query, expected) => {
    const record = queryRecord(query);
    expect(record).toStrictEqual(expected);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  });

  it("reads every query exactly as URLSearchParams does", () => {
    const char = fc.constantFrom(
      ..."ab=&?+%2C0F".split(""),
      "é",
      "\uD83D\uDE00",
      "\uD800",
      "\uDC00",
      "__proto__",
      "toString",
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 24 }), (chars) => {
        const query = chars.join("");
        expect(queryRecord(query)).toStrictEqual(reference(query));
      }),
      { numRuns: 2000 },
    );
  });

  it.each<[string, (n: number) => string]>([
    ["pairs without =", (n) => `${"a&".repeat(n / 2)}b=1`],
    ["distinct pairs without =", (n) => Array.from({ length: n / 8 }, (_, i) => `k${i}`).join("&")],
    ["= runs", (n) => `a${"=".repeat(n)}`],
    ["escaped pairs without =", (n) => `${"%61&".repeat(n / 4)}b=1`],
  ])("%s: one long input costs its pieces' CPU, not PIECES times", (_name, make) => {
    expect(growthRatio(make, queryRecord)).toBeLessThan(LINEAR_MOST);
  });

  it("keeps every value of a name repeated 50,000 times", () => {
    const pairs = "a=1&".repeat(50_000);
    const same = "a&".repeat(50_000);
    expect((queryRecord(pairs).a as string[]).length).toBe(50_000);
    expect((queryRecord(same).a as string[]).length).toBe(50_000);
  });
});
