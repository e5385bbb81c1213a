import { sql } from "drizzle-orm";
import type { CountValue } from "../../page/count-value.js";
import { capCount } from "../../page/count-value.js";
import type { CountQuery } from "../../sql/count-strategy.js";
import type { Dialect } from "../../sql/dialect.js";
import type { DrizzleDatabase, DrizzleQuery } from "./drizzle-types.js";
import { selectOf } from "./drizzle-types.js";
import { estimateOf } from "./estimate.js";
import { SOURCE_ALIAS } from "./query-source.js";
import { distinctSelect } from "./select-outputs.js";

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
