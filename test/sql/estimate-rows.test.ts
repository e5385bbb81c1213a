import { describe, expect, it } from "vitest";
import { DIALECTS } from "../../src/sql/dialect.js";
import { estimateRows } from "../../src/sql/estimate-rows.js";

describe("estimateRows", () => {
  it.each<[string, keyof typeof DIALECTS, unknown, number]>([
    [
      "PostgreSQL's top plan",
      "postgres",
      [{ Plan: { "Node Type": "Seq Scan", "Plan Rows": 1250 } }],
      1250,
    ],
    ["PostgreSQL's plan as text", "postgres", '[{"Plan":{"Plan Rows":7}}]', 7],
    [
      "MariaDB's one table after its filter",
      "mysql",
      { query_block: { table: { rows: 5000, filtered: 25 } } },
      1250,
    ],
    [
      "MariaDB's table without a filter figure",
      "mysql",
      '{"query_block":{"table":{"rows":42}}}',
      42,
    ],
    [
      "MariaDB's nested loop: the product",
      "mysql",
      {
        query_block: {
          nested_loop: [
            { table: { rows: 10, filtered: 50 } },
            { table: { rows: 3, filtered: 100 } },
          ],
        },
      },
      15,
    ],
    [
      "MySQL 8's rows produced by the join",
      "mysql",
      {
        query_block: {
          nested_loop: [
            { table: { rows_produced_per_join: 10 } },
            { table: { rows_produced_per_join: 30 } },
          ],
        },
      },
      30,
    ],
    ["a fraction, rounded", "mysql", { query_block: { table: { rows: 3, filtered: 50 } } }, 2],
  ])("%s", (_name, dialect, plan, rows) => {
    expect(estimateRows(DIALECTS[dialect], plan)).toBe(rows);
  });

  it.each<[keyof typeof DIALECTS, unknown]>([
    ["postgres", []],
    ["postgres", [{ Plan: { "Plan Rows": -1 } }]],
    ["mysql", { query_block: { union_result: {} } }],
    ["mysql", undefined],
  ])("refuses %s's plan %j", (dialect, plan) => {
    expect(() => estimateRows(DIALECTS[dialect], plan)).toThrow(
      new TypeError(`${dialect}'s EXPLAIN gave no row estimate pagewise can read`),
    );
  });
});
