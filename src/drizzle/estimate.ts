import { sql } from "drizzle-orm";
import type { Dialect } from "../sql/dialect.js";
import { estimateRows } from "../sql/estimate-rows.js";
import type { DrizzleDatabase, DrizzleQuery } from "./drizzle-types.js";

/** The `EXPLAIN` that writes a plan in JSON, per dialect with an estimate. */
const EXPLAIN = { postgres: "explain (format json)", mysql: "explain format=json" } as const;

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
  const explain = EXPLAIN[dialect.name as keyof typeof EXPLAIN];
  const execute = (db as unknown as { execute: (query: unknown) => Promise<unknown> }).execute;
  const result = await execute.call(db, sql`${sql.raw(explain)} ${query as never}`);
  const rows = (Array.isArray(result) ? result[0] : (result as { rows?: unknown }).rows) as
    | Record<string, unknown>[]
    | undefined;
  const first = rows?.[0];
  return estimateRows(dialect, first === undefined ? undefined : Object.values(first)[0]);
}
