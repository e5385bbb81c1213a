import { describe, expect, it } from "vitest";
import { DIALECTS } from "../../src/sql/dialect.js";
import { estimatedRows, explainPrefix } from "../../src/sql/estimate.js";

describe("explainPrefix", () => {
  it.each([
    ["postgres", "EXPLAIN (FORMAT JSON)"],
    ["mysql", "EXPLAIN FORMAT=JSON"],
  ] as const)("%s: %s", (name, prefix) => {
    expect(explainPrefix(DIALECTS[name])).toBe(prefix);
  });

  it("refuses SQLite, which keeps no estimate", () => {
    expect(() => explainPrefix(DIALECTS.sqlite)).toThrow(/sqlite keeps no row estimate/);
  });
});

const mariadbJoin = {
  query_block: {
    select_id: 1,
    nested_loop: [
      { table: { table_name: "p", rows: 200, filtered: 50 } },
      { table: { table_name: "o", rows: 3, filtered: 100 } },
    ],
  },
};

describe("estimatedRows", () => {
  it.each<[string, "postgres" | "mysql", unknown[], number]>([
    [
      "PostgreSQL's parsed plan",
      "postgres",
      [{ "QUERY PLAN": [{ Plan: { "Plan Rows": 1200 } }] }],
      1200,
    ],
    ["PostgreSQL's plan as text", "postgres", [{ "QUERY PLAN": '[{"Plan":{"Plan Rows":7}}]' }], 7],
    [
      "MariaDB's one table",
      "mysql",
      [{ EXPLAIN: '{"query_block":{"table":{"rows":5000,"filtered":10}}}' }],
      500,
    ],
    [
      "MySQL's rows examined",
      "mysql",
      [{ EXPLAIN: '{"query_block":{"table":{"rows_examined_per_scan":40,"filtered":"x"}}}' }],
      40,
    ],
    ["a join's product", "mysql", [{ EXPLAIN: JSON.stringify(mariadbJoin) }], 300],
    [
      "a table under an ordering",
      "mysql",
      [{ EXPLAIN: '{"query_block":{"filesort":{"table":{"rows":9}}}}' }],
      9,
    ],
    [
      "a fraction, rounded",
      "mysql",
      [{ EXPLAIN: '{"query_block":{"table":{"rows":3,"filtered":50}}}' }],
      2,
    ],
  ])("reads %s", (_name, dialect, rows, expected) => {
    expect(estimatedRows(DIALECTS[dialect], rows)).toBe(expected);
  });

  it.each<[string, "postgres" | "mysql", unknown[]]>([
    ["no rows", "postgres", []],
    ["a plan without rows", "postgres", [{ "QUERY PLAN": [{ Plan: {} }] }]],
    ["no table", "mysql", [{ EXPLAIN: '{"query_block":{"message":"Impossible WHERE"}}' }]],
  ])("refuses %s", (_name, dialect, rows) => {
    expect(() => estimatedRows(DIALECTS[dialect], rows)).toThrow(/EXPLAIN gave no row estimate/);
  });
});
