import { Kysely, MysqlDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { conditionExpression } from "../../../src/builders/kysely/keyset-where.js";
import type { Condition } from "../../../src/sql/condition.js";

// Compiled only, never run: no pool is asked for a connection.
const db = new Kysely<Record<string, Record<string, unknown>>>({
  dialect: new MysqlDialect({ pool: {} as never }),
});

/** A select from `t` where `condition`, its columns `a` and `b`, its values `values`, compiled. */
const compiled = (condition: Condition, values: readonly unknown[]) =>
  db
    .selectFrom("t")
    .selectAll()
    .where((eb) =>
      conditionExpression(eb, condition, {
        column: (place) => ["a", "b"][place] as string,
        value: (place) => values[place],
      }),
    )
    .compile();

describe("conditionExpression", () => {
  const greater: Condition = { kind: "compare", columns: [0], operator: ">" };
  const at = new Date("2026-01-02T03:04:05.678Z");

  // Each value one parameter, whatever its kind: text naming a column is a value, never the column.
  it.each<[string, unknown]>([
    ["text", "x"],
    ["text naming a column", "b"],
    ["text with a JSON path's arrow", "a->b"],
    ["text with an alias's words", "a as b"],
    ["a number", 7],
    ["a bigint", 9007199254740993n],
    ["a boolean", true],
    ["a Date", at],
    ["an array (one value, not a list)", [1, 2]],
  ])("%s: one bound parameter", (_name, value) => {
    const { sql: text, parameters } = compiled(greater, [value]);
    expect([text, parameters]).toStrictEqual(["select * from `t` where `a` > ?", [value]]);
  });

  it.each<[string, Condition, string, unknown[]]>([
    [
      "a row value",
      { kind: "compare", columns: [0, 1], operator: "<" },
      "select * from `t` where (`a`, `b`) < (?, ?)",
      ["x", 2n],
    ],
    [
      "an OR of ANDs, the AND's TRUE left out",
      {
        kind: "or",
        parts: [
          greater,
          {
            kind: "and",
            parts: [
              { kind: "constant", value: true },
              { kind: "compare", columns: [0], operator: "=" },
              { kind: "compare", columns: [1], operator: ">" },
            ],
          },
        ],
      },
      "select * from `t` where (`a` > ? or (`a` = ? and `b` > ?))",
      ["x", "x", 2n],
    ],
    [
      "a NULL test",
      { kind: "null", column: 1, negated: true },
      "select * from `t` where `b` is not null",
      [],
    ],
  ])("%s", (_name, condition, text, parameters) => {
    expect(compiled(condition, ["x", 2n])).toMatchObject({ sql: text, parameters });
  });

  it("writes the same SQL as Kysely's own `eb(column, op, value)`", () => {
    const own = db.selectFrom("t").selectAll().where("a", ">", "x").compile();
    expect(compiled(greater, ["x"]).sql).toBe(own.sql);
  });
});
