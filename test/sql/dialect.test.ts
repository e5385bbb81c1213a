import { describe, expect, it } from "vitest";
import { boundValue } from "../../src/sql/bound-value.js";
import { DIALECT_NAMES, DIALECTS, quoteIdentifier } from "../../src/sql/dialect.js";
import { explainPrefix } from "../../src/sql/estimate.js";
import { exactTextType } from "../../src/sql/exact-text.js";

describe("dialects", () => {
  it("has the facts of every dialect named, under its own name", () => {
    expect(Object.keys(DIALECTS)).toStrictEqual([...DIALECT_NAMES]);
    for (const name of DIALECT_NAMES) expect(DIALECTS[name].name).toBe(name);
  });

  it.each([
    ["postgres", '"created_at"'],
    ["mysql", "`created_at`"],
    ["sqlite", '"created_at"'],
  ] as const)("%s quotes an identifier as %s", (name, quoted) => {
    expect(quoteIdentifier(DIALECTS[name], "created_at")).toBe(quoted);
  });

  // Each difference between the dialects is a member of its record, read by the code that
  // differs (no branch on a dialect's name outside this record).
  it.each([
    ["postgres", { prefix: "EXPLAIN (FORMAT JSON)", rows: "Plan Rows" }, "text", false, true],
    ["mysql", { prefix: "EXPLAIN FORMAT=JSON", rows: "query_block" }, "char", false, false],
    ["sqlite", undefined, "text", true, false],
  ] as const)(
    "%s: its EXPLAIN, its text type, its timestamps, its bound bigints",
    (name, explain, text, stamps, bigints) => {
      const dialect = DIALECTS[name];
      expect([
        dialect.explain,
        dialect.textType,
        dialect.timestampsAsText,
        dialect.bigintsBoundAsText,
      ]).toStrictEqual([explain, text, stamps, bigints]);
    },
  );

  it.each(DIALECT_NAMES)("%s: the code that differs reads its record", (name) => {
    const dialect = DIALECTS[name];
    const bound = boundValue(dialect, "bigint", "9007199254740993");
    expect(bound).toStrictEqual(
      dialect.bigintsBoundAsText ? "9007199254740993" : 9007199254740993n,
    );
    expect(exactTextType(dialect, "bigint")).toBe(dialect.textType);
    expect(exactTextType(dialect, "timestamp")).toBe(
      dialect.timestampsAsText ? undefined : dialect.textType,
    );
    expect(dialect.estimates).toBe(dialect.explain !== undefined);
    if (dialect.explain === undefined) expect(() => explainPrefix(dialect)).toThrow(TypeError);
    else expect(explainPrefix(dialect)).toBe(dialect.explain.prefix);
  });

  it("tells a record of its own by its facts, whatever its name says", () => {
    // A dialect record with PostgreSQL's facts under another name is PostgreSQL to the code.
    const named = { ...DIALECTS.postgres, name: "sqlite" as const };
    expect(boundValue(named, "bigint", "7")).toBe("7");
    expect(explainPrefix(named)).toBe("EXPLAIN (FORMAT JSON)");
  });
});
