import { describe, expect, it } from "vitest";
import { countStrategy } from "../../src/sql/count-strategy.js";
import { DIALECTS, type DialectName } from "../../src/sql/dialect.js";

const of = () => 7;

describe("countStrategy", () => {
  it.each<[string, unknown, unknown]>([
    ["the default: exact", undefined, { kind: "query", query: "exact", whenNeeded: false }],
    ["exact", "exact", { kind: "query", query: "exact", whenNeeded: false }],
    ["a cap", { cap: 10 }, { kind: "query", query: { cap: 10 }, whenNeeded: false }],
    ["an estimate", "estimate", { kind: "query", query: "estimate", whenNeeded: false }],
    [
      "exact when needed",
      { whenNeeded: "exact" },
      { kind: "query", query: "exact", whenNeeded: true },
    ],
    [
      "a cap when needed",
      { whenNeeded: { cap: 5 } },
      { kind: "query", query: { cap: 5 }, whenNeeded: true },
    ],
    ["the user's own", { of }, { kind: "of", of }],
    ["none", "none", { kind: "none" }],
  ])("reads %s", (_name, count, checked) => {
    expect(countStrategy(count, DIALECTS.postgres)).toStrictEqual(checked);
  });

  it.each<[string, unknown, DialectName, Error]>([
    [
      "an estimate on SQLite",
      "estimate",
      "sqlite",
      new TypeError(
        'count "estimate": sqlite keeps no row estimate a query can read; give "exact", { cap: n } or { whenNeeded: … }',
      ),
    ],
    [
      "an estimate when needed on SQLite",
      { whenNeeded: "estimate" },
      "sqlite",
      new TypeError(
        'count.whenNeeded "estimate": sqlite keeps no row estimate a query can read; give "exact", { cap: n } or { whenNeeded: … }',
      ),
    ],
    [
      "a cap of 0",
      { cap: 0 },
      "postgres",
      new RangeError("count.cap must be a whole number of at least 1; got number 0"),
    ],
    [
      "of, not a function",
      { of: 7 },
      "mysql",
      new TypeError("count.of must be a function of the request; got number 7"),
    ],
  ])("refuses %s when the list is defined", (_name, count, dialect, error) => {
    expect(() => countStrategy(count, DIALECTS[dialect])).toThrow(error);
  });

  it.each<[string, unknown]>([
    ["a misspelt name", "exat"],
    ["an unknown option", { cap: 5, max: 6 }],
    ["a bare number", 5],
  ])("refuses %s", (_name, count) => {
    expect(() => countStrategy(count, DIALECTS.mysql)).toThrow(TypeError);
  });
});
