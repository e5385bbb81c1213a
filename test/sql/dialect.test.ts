import { describe, expect, it } from "vitest";
import { DIALECT_NAMES, DIALECTS, quoteIdentifier } from "../../src/sql/dialect.js";

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
});
