/**
 * The SQL text and parameters of `orderBy` and `keysetWhere`, each one SQL of its chunks, as
 * Drizzle's PostgreSQL and SQLite dialects render them.
 */
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { keysetWhere } from "../../../src/builders/drizzle/keyset-where.js";
import { orderBy } from "../../../src/builders/drizzle/order.js";
import type { Condition } from "../../../src/sql/condition.js";
import type { OrderTerm } from "../../../src/sql/order-by.js";

const NAMES = ["status", "created_at", "id"];
const column = (place: number) => sql.identifier(NAMES[place] as string);
const VALUES = ["ok", "2026-01-02 03:04:05.123456", "7"];
const value = (place: number) => VALUES[place];
const pg = new PgDialect();
const sqlite = new SQLiteSyncDialect();

/** A rendered query, its typings as a list (Drizzle leaves them out where it has none). */
const rendered = ({
  sql,
  params,
  typings,
}: {
  sql: string;
  params: unknown[];
  typings?: unknown[];
}) => ({
  sql,
  params,
  typings: typings ?? [],
});

const compare = (columns: number[], operator: "<" | ">" | "="): Condition => ({
  kind: "compare",
  columns,
  operator,
});

describe("keysetWhere", () => {
  it.each<[string, Condition, string, unknown[]]>([
    ["a constant true", { kind: "constant", value: true }, "1 = 1", []],
    ["a constant false", { kind: "constant", value: false }, "1 = 0", []],
    ["IS NULL", { kind: "null", column: 0, negated: false }, '"status" is null', []],
    ["IS NOT NULL", { kind: "null", column: 1, negated: true }, '"created_at" is not null', []],
    ["one column", compare([2], ">"), '"id" > $1', ["7"]],
    [
      "a row value",
      compare([1, 2], "<"),
      '("created_at", "id") < ($1, $2)',
      ["2026-01-02 03:04:05.123456", "7"],
    ],
    [
      "AND inside OR, each parenthesized",
      {
        kind: "or",
        parts: [
          compare([0], ">"),
          {
            kind: "and",
            parts: [compare([0], "="), { kind: "null", column: 1, negated: false }],
          },
        ],
      },
      '("status" > $1 or ("status" = $2 and "created_at" is null))',
      ["ok", "ok"],
    ],
  ])("%s", (_name, condition, text, params) => {
    expect(rendered(pg.sqlToQuery(keysetWhere(condition, column, value)))).toStrictEqual({
      sql: text,
      params,
      typings: params.map(() => "none"),
    });
  });

  it.each<[string, unknown]>([
    ["text", "ok"],
    ["a number", 7],
    ["a bigint", 9007199254740993n],
    ["a boolean", false],
    ["NULL", null],
    ["undefined", undefined],
    ["a list", ["a", "b"]],
    ["an object", { a: 1 }],
    ["a Date", new Date(0)],
    ["an SQL look-alike", { getSQL: () => sql`1` }],
  ])("binds %s as one parameter, as it is", (_name, bound) => {
    const where = keysetWhere(compare([2], ">"), column, () => bound);
    expect(rendered(pg.sqlToQuery(where))).toStrictEqual({
      sql: '"id" > $1',
      params: [bound],
      typings: ["none"],
    });
  });

  it("binds each value as the driver reads it, with SQLite's placeholders", () => {
    const where = keysetWhere(compare([1, 2], ">"), column, value);
    expect(rendered(sqlite.sqlToQuery(where))).toStrictEqual({
      sql: '("created_at", "id") > (?, ?)',
      params: ["2026-01-02 03:04:05.123456", "7"],
      typings: ["none", "none"],
    });
  });
});

describe("orderBy", () => {
  const term = (place: number, over: Partial<OrderTerm> = {}): OrderTerm => ({
    place,
    descending: false,
    nulls: undefined,
    nullFlag: undefined,
    ...over,
  });
  it.each<[string, OrderTerm[], string]>([
    ["one column", [term(2)], 'select 1 order by "id" asc'],
    [
      "mixed directions",
      [term(0), term(1, { descending: true }), term(2, { descending: true })],
      'select 1 order by "status" asc, "created_at" desc, "id" desc',
    ],
    [
      "NULLS FIRST and LAST",
      [term(0, { nulls: "first" }), term(1, { descending: true, nulls: "last" }), term(2)],
      'select 1 order by "status" asc nulls first, "created_at" desc nulls last, "id" asc',
    ],
    [
      "an IS NULL flag ahead of its column",
      [term(0, { nullFlag: "desc" }), term(2)],
      'select 1 order by "status" is null desc, "status" asc, "id" asc',
    ],
  ])("%s", (_name, terms, text) => {
    const chunks = orderBy(terms, column);
    expect(pg.sqlToQuery(sql`select 1 order by ${sql.join(chunks, sql`, `)}`).sql).toBe(text);
  });
});
