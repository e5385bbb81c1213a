import { sql } from "drizzle-orm";
import type { Dialect } from "../../sql/dialect.js";
import { estimatedRows, explainPrefix } from "../../sql/estimate.js";
import type { DrizzleDatabase, DrizzleQuery } from "./drizzle-types.js";

/**
 * The planner's estimate of the rows of the user's query: its `EXPLAIN` in JSON, run through the
 * database's `execute()` (node-postgres and PGlite answer `{ rows }`, mysql2 `[rows, fields]`).
 *
 * @param db - the Drizzle database (PostgreSQL or MySQL/MariaDB)
 * @param query - the user's select
 * @param dialect - its dialect (SQLite has no estimate, refused when the list is defined)
 * @example
 * ```ts
 * await estimateOf(db, db.select().from(packages), DIALECTS.postgres); // 998_000
 * ```
 */
export async function estimateOf(
  db: DrizzleDatabase,
  query: DrizzleQuery,
  dialect: Dialect,
): Promise<number> {
  const explain = explainPrefix(dialect);
  const execute = (db as unknown as { execute: (query: unknown) => Promise<unknown> }).execute;
  const result = await execute.call(db, sql`${sql.raw(explain)} ${query as never}`);
  const rows = (Array.isArray(result) ? result[0] : (result as { rows?: unknown }).rows) as
    | readonly unknown[]
    | undefined;
  return estimatedRows(dialect, rows ?? []);
}
