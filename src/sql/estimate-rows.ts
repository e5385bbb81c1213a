import type { Dialect } from "./dialect.js";

/**
 * The rows a planner estimates a query gives, read from its `EXPLAIN` in JSON: PostgreSQL's
 * `EXPLAIN (FORMAT JSON)` (the top plan's `Plan Rows`), MySQL's and MariaDB's `EXPLAIN
 * FORMAT=JSON` (the rows each table of the query block gives after its filter, multiplied through
 * a join's tables; MySQL 8 also says it as `rows_produced_per_join`). The plan may be given as
 * its JSON text or parsed.
 *
 * @param dialect - the dialect that wrote the plan
 * @param plan - the plan, as text or parsed
 * @returns a whole number of rows, at least 0
 * @throws {TypeError} for a plan of a shape the dialect does not write
 * @example
 * ```ts
 * estimateRows(DIALECTS.postgres, [{ Plan: { "Plan Rows": 1250 } }]); // 1250
 * estimateRows(DIALECTS.mysql, '{"query_block":{"table":{"rows":5000,"filtered":25}}}'); // 1250
 * ```
 */
export function estimateRows(dialect: Dialect, plan: unknown): number {
  const parsed = typeof plan === "string" ? (JSON.parse(plan) as unknown) : plan;
  const rows =
    dialect.explain?.rows === "Plan Rows"
      ? (parsed as [{ Plan?: { "Plan Rows"?: unknown } }] | undefined)?.[0]?.Plan?.["Plan Rows"]
      : blockRows((parsed as { query_block?: unknown } | undefined)?.query_block);
  if (typeof rows !== "number" || !Number.isFinite(rows) || rows < 0) {
    throw new TypeError(`${dialect.name}'s EXPLAIN gave no row estimate pagewise can read`);
  }
  return Math.round(rows);
}

/**
 * A MySQL/MariaDB query block's rows: its table's, or the product of a nested loop's, wherever
 * they are nested (MariaDB wraps them in `filesort`, `temporary_table` and the like).
 */
function blockRows(block: unknown): number | undefined {
  if (typeof block !== "object" || block === null) return undefined;
  const { table, nested_loop: loop } = block as { table?: unknown; nested_loop?: unknown };
  if (table !== undefined) return tableRows(table);
  if (!Array.isArray(loop) || loop.length === 0) {
    for (const inner of Object.values(block)) {
      const found = blockRows(inner);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const each = loop.map((step) => tableRows((step as { table?: unknown }).table));
  const last = (loop.at(-1) as { table?: { rows_produced_per_join?: unknown } }).table;
  if (typeof last?.rows_produced_per_join === "number") return last.rows_produced_per_join;
  return each.some((n) => n === undefined)
    ? undefined
    : each.reduce<number>((product, n) => product * (n as number), 1);
}

/**
 * A table step's rows after its filter (`rows`, or MySQL 8's `rows_examined_per_scan`, times
 * `filtered` %, which MySQL 8 writes as text), or MySQL 8's own `rows_produced_per_join`.
 */
function tableRows(table: unknown): number | undefined {
  if (typeof table !== "object" || table === null) return undefined;
  const step = table as Record<string, unknown>;
  if (typeof step.rows_produced_per_join === "number") return step.rows_produced_per_join;
  const read = step.rows ?? step.rows_examined_per_scan;
  if (typeof read !== "number") return undefined;
  const filtered = Number(step.filtered ?? 100);
  return Number.isFinite(filtered) ? (read * filtered) / 100 : read;
}
