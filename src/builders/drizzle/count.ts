import { sql } from "drizzle-orm";
import type { CountValue } from "../../page/count-value.js";
import { capCount } from "../../page/count-value.js";
import type { CountQuery } from "../../sql/count-strategy.js";
import type { Dialect } from "../../sql/dialect.js";
import { estimatedRows, explainPrefix } from "../../sql/estimate.js";
import { distinctSelect } from "./source-outputs.js";
import { SOURCE_ALIAS } from "./source-subquery.js";
import type { DrizzleDatabase, DrizzleQuery } from "./types.js";
import { selectOf } from "./types.js";

/** `count(*)` as a number, whatever the driver gives (a bigint on PGlite, text on node-postgres). */
const COUNT = () => sql<number>`count(*)`.mapWith(Number);

/**
 * A count of the user's query: exact (`SELECT count(*) FROM (<query>)`), capped (a count of at
 * most `cap + 1` of its rows), or the planner's estimate.
 *
 * @param db - the Drizzle database
 * @param query - the user's select (a fresh one: it becomes a subquery)
 * @param count - which count
 * @param dialect - the database's dialect (an estimate reads its `EXPLAIN`)
 * @example
 * ```ts
 * await countQuery(db, db.select().from(packages), { cap: 10_000 }, DIALECTS.postgres); // 10001 → { atLeast: 10001 }
 * ```
 */
export async function countQuery(
  db: DrizzleDatabase,
  query: DrizzleQuery,
  count: CountQuery,
  dialect: Dialect,
): Promise<CountValue> {
  if (count === "estimate") return { estimate: await estimateOf(db, query, dialect) };
  const select = selectOf(db);
  const source =
    count === "exact"
      ? // MariaDB refuses a derived table with two columns of one name (a join's `name`s).
        distinctSelect(query).as(SOURCE_ALIAS)
      : select({ one: sql`1`.as("__pagewise_one") })
          .from(distinctSelect(query).as(SOURCE_ALIAS))
          .limit(count.cap + 1)
          .as("__pagewise_capped");
  const [row] = await select({ n: COUNT() }).from(source);
  const n = row?.n as number;
  return count === "exact" ? n : capCount(n, count.cap);
}

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
