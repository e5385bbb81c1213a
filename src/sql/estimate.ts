import type { Dialect } from "./dialect.js";
import { estimateRows } from "./estimate-rows.js";

/**
 * The EXPLAIN that gives a query's plan as JSON, with the planner's estimate of its rows
 * (PostgreSQL `EXPLAIN (FORMAT JSON)`, MySQL and MariaDB `EXPLAIN FORMAT=JSON`).
 *
 * @param dialect - a dialect that keeps estimates
 * @throws {TypeError} for SQLite, which keeps none
 * @example
 * ```ts
 * `${explainPrefix(DIALECTS.postgres)} SELECT * FROM packages`; // "EXPLAIN (FORMAT JSON) SELECT …"
 * ```
 */
export function explainPrefix(dialect: Dialect): string {
  if (dialect.explain === undefined) throw new TypeError(`${dialect.name} keeps no row estimate`);
  return dialect.explain.prefix;
}

/**
 * The planner's estimate of a query's rows, read from the rows of its {@link explainPrefix}
 * EXPLAIN as a driver gives them: the first column of the first row, the plan as JSON text or
 * parsed, read by {@link estimateRows}.
 *
 * @param dialect - the dialect the EXPLAIN ran on
 * @param rows - the EXPLAIN's rows, as the driver gives them
 * @throws {TypeError} for rows with no plan in them
 * @example
 * ```ts
 * estimatedRows(DIALECTS.postgres, [{ "QUERY PLAN": [{ Plan: { "Plan Rows": 1200 } }] }]); // 1200
 * ```
 */
export function estimatedRows(dialect: Dialect, rows: readonly unknown[]): number {
  const cell = Object.values((rows[0] ?? {}) as Record<string, unknown>)[0];
  return estimateRows(dialect, cell);
}
