import type { Dialect } from "./dialect.js";

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
  if (!dialect.estimates) throw new TypeError(`${dialect.name} keeps no row estimate`);
  return dialect.name === "postgres" ? "EXPLAIN (FORMAT JSON)" : "EXPLAIN FORMAT=JSON";
}

/**
 * The planner's estimate of a query's rows, read from the rows of its {@link explainPrefix}
 * EXPLAIN: PostgreSQL's top plan's `Plan Rows`; on MySQL and MariaDB the product, over the
 * tables joined, of the rows each reads and the share of them its conditions keep (`filtered`).
 *
 * @param dialect - the dialect the EXPLAIN ran on
 * @param rows - the EXPLAIN's rows, as the driver gives them (its JSON parsed, or as text)
 * @throws {TypeError} for rows with no plan in them
 * @example
 * ```ts
 * estimatedRows(DIALECTS.postgres, [{ "QUERY PLAN": [{ Plan: { "Plan Rows": 1200 } }] }]); // 1200
 * ```
 */
export function estimatedRows(dialect: Dialect, rows: readonly unknown[]): number {
  const cell = Object.values((rows[0] ?? {}) as Record<string, unknown>)[0];
  const plan: unknown = typeof cell === "string" ? JSON.parse(cell) : cell;
  const estimate =
    dialect.name === "postgres"
      ? (plan as [{ Plan?: { "Plan Rows"?: unknown } }] | undefined)?.[0]?.Plan?.["Plan Rows"]
      : joinedRows((plan as { query_block?: unknown } | undefined)?.query_block);
  if (typeof estimate !== "number" || !Number.isFinite(estimate)) {
    throw new TypeError(`${dialect.name}'s EXPLAIN gave no row estimate: ${JSON.stringify(rows)}`);
  }
  return Math.max(0, Math.round(estimate));
}

/** A MySQL or MariaDB plan's tables: one `table`, or each of a `nested_loop`, wherever nested. */
function tablesOf(block: unknown): readonly Record<string, unknown>[] {
  if (typeof block !== "object" || block === null) return [];
  const { table, nested_loop: loop } = block as { table?: unknown; nested_loop?: unknown };
  if (typeof table === "object" && table !== null) return [table as Record<string, unknown>];
  if (Array.isArray(loop)) return loop.flatMap((step) => tablesOf(step));
  for (const inner of Object.values(block)) {
    const found = tablesOf(inner);
    if (found.length > 0) return found;
  }
  return [];
}

/** The rows a join of a plan's tables gives: each table's rows read, times the share kept. */
function joinedRows(block: unknown): number | undefined {
  const tables = tablesOf(block);
  if (tables.length === 0) return undefined;
  return tables.reduce((product, table) => {
    const read = table.rows ?? table.rows_examined_per_scan;
    const kept = typeof table.filtered === "number" ? table.filtered / 100 : 1;
    return product * (typeof read === "number" ? read : Number.NaN) * kept;
  }, 1);
}
