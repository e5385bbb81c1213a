import { describe, expect, it } from "vitest";
import { PagewiseError, serviceUnavailable } from "../../src/errors.js";
import { bigintJson, resultJson } from "../../src/resource/result-json.js";

const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const MIN = BigInt(Number.MIN_SAFE_INTEGER);

/** Nested arrays `depth` deep: deeper than JSON.stringify's stack. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** `[, 1]`: a hole, then 1. */
function sparse(): unknown {
  const array: number[] = [];
  array[1] = 1;
  return array;
}

function cycle(): unknown {
  const value: Record<string, unknown> = { id: 1 };
  value.self = value;
  return value;
}

describe("bigintJson", () => {
  it.each<[bigint, number | string]>([
    [0n, 0],
    [3n, 3],
    [-3n, -3],
    [MAX, Number.MAX_SAFE_INTEGER],
    [MIN, Number.MIN_SAFE_INTEGER],
    [MAX + 1n, "9007199254740992"],
    [MIN - 1n, "-9007199254740992"],
    [2n ** 64n, "18446744073709551616"],
  ])("%s is %j", (value, written) => {
    expect(bigintJson(value)).toBe(written);
  });
});

describe("resultJson", () => {
  it.each<[string, unknown, string]>([
    ["an object", { deleted: 3 }, '{"deleted":3}'],
    ["null", null, "null"],
    ["a string, a lone surrogate escaped", "a\ud800", '"a\\ud800"'],
    ["a bigint (Kysely's numDeletedRows)", { deleted: 3n }, '{"deleted":3}'],
    ["a bigint as the whole result", 5n, "5"],
    [
      "bigints at the safe bounds and past them",
      [MAX, MIN, MAX + 1n, MIN - 1n],
      '[9007199254740991,-9007199254740991,"9007199254740992","-9007199254740992"]',
    ],
    ["a bigint in a row", [{ id: 2n ** 64n, n: 1 }], '[{"id":"18446744073709551616","n":1}]'],
    ["a bigint from toJSON", { v: { toJSON: () => 7n } }, '{"v":7}'],
    [
      "undefined, functions and symbols in an object: left out",
      { a: undefined, f: () => 1, s: Symbol("s"), k: 1 },
      '{"k":1}',
    ],
    [
      "undefined, functions and symbols in an array: null",
      [undefined, () => 1, Symbol("s")],
      "[null,null,null]",
    ],
    ["NaN and the infinities: null; -0: 0", [Number.NaN, 1 / 0, -1 / 0, -0], "[null,null,null,0]"],
    [
      "a Date: its ISO text; an invalid one: null",
      [new Date(0), new Date(Number.NaN)],
      '["1970-01-01T00:00:00.000Z",null]',
    ],
    ["a Map and a Set: {}", [new Map([["a", 1]]), new Set([1])], "[{},{}]"],
    ["a symbol key: left out", { [Symbol("k")]: 1, k: 2 }, '{"k":2}'],
    ["a hole in an array: null", sparse(), "[null,1]"],
  ])("writes %s", (_title, value, text) => {
    expect(resultJson(value)).toBe(text);
  });

  it.each<[string, () => unknown]>([
    ["a cycle", cycle],
    ["a cycle beside a bigint", () => Object.assign(cycle() as object, { n: 1n })],
    [
      "a toJSON that throws",
      () => ({
        toJSON() {
          throw new Error("connection string postgres://secret");
        },
      }),
    ],
    [
      "a getter that throws",
      () => ({
        get name() {
          throw new TypeError("no");
        },
      }),
    ],
    ["a function as the whole result", () => () => 1],
    ["a symbol as the whole result", () => Symbol("s")],
    ["a toJSON giving undefined as the whole result", () => ({ toJSON: () => undefined })],
    ["nesting deeper than the stack", () => nested(1e6)],
  ])("refuses %s: the 500 problem result_not_json, telling nothing more", (_title, value) => {
    let thrown: unknown;
    try {
      resultJson(value());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PagewiseError);
    expect((thrown as PagewiseError).problem).toStrictEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "The request was carried out, but its result could not be written as JSON.",
      code: "result_not_json",
    });
  });

  it.each<[string, (error: PagewiseError) => unknown]>([
    [
      "a plain pass",
      (error) => ({
        toJSON: () => {
          throw error;
        },
      }),
    ],
    [
      "the pass with bigints",
      (error) => [
        1n,
        {
          toJSON: () => {
            throw error;
          },
        },
      ],
    ],
  ])("answers a PagewiseError a toJSON throws (%s) as itself", (_title, value) => {
    const error = serviceUnavailable("The database is not reachable.", 1);
    expect(() => resultJson(value(error))).toThrow(error);
  });
});
