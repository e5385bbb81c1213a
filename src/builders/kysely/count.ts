import { type Kysely, type SelectQueryBuilder, type SelectQueryNode, sql } from "kysely";
import type { CountValue } from "../../page/count-value.js";
import { capCount } from "../../page/count-value.js";
import type { CountQuery } from "../../sql/count-strategy.js";
import type { Dialect } from "../../sql/dialect.js";
import { estimatedRows, explainPrefix } from "../../sql/estimate.js";
import { outerBuilder, runOuter } from "./outer-query.js";
import { readsTables, selectionOutputs } from "./source-outputs.js";

/**
 * The query as a count reads it, with no ORDER BY: a join whose rows its selections do not make
 * (no DISTINCT, GROUP BY, HAVING, set operator or TOP; every selection a column or every column
 * of a table, so no aggregate) selects a constant instead, as many rows: a derived table of no
 * two columns of one name, which MariaDB refuses (`selectAll("p").select("r.name as name")`).
 */
function countedQuery<QDB, TB extends keyof QDB, O>(
  query: SelectQueryBuilder<QDB, TB, O>,
): SelectQueryBuilder<QDB, TB, unknown> {
  const unordered = query.clearOrderBy();
  if (!rowsWithoutSelections(query.toOperationNode())) return unordered;
  return unordered.clearSelect().select(sql<number>`1`.as("pagewise_one"));
}

/** Whether a select of a join has as many rows whatever it selects (see `countedQuery`). */
function rowsWithoutSelections(node: SelectQueryNode): boolean {
  const plain = selectionOutputs(node).every(
    (output) => output !== undefined && (output.kind === "all" || output.ref !== undefined),
  );
  return (
    plain &&
    readsTables(node) &&
    node.distinctOn === undefined &&
    (node.frontModifiers?.length ?? 0) === 0 &&
    node.groupBy === undefined &&
    node.having === undefined &&
    (node.setOperations?.length ?? 0) === 0 &&
    node.top === undefined
  );
}

/** The count of a query's rows, or of at most `limit` of them: a number whatever the driver gives. */
async function countRows<DB, QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  limit: number | undefined,
): Promise<number> {
  const unordered = countedQuery(query);
  const counted = limit === undefined ? unordered : unordered.limit(limit);
  const count = outerBuilder(db)
    .selectFrom(counted.as("pagewise_counted") as never)
    .select((eb) => eb.fn.countAll().as("count"));
  const [row] = await runOuter(db, count);
  // pg gives a count as text, PGlite as a bigint, mysql2 and better-sqlite3 as a number.
  return Number((row as { count: unknown }).count);
}

/** The planner's estimate of a query's rows, from the dialect's EXPLAIN of its compiled text. */
async function estimateRows<DB, QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  dialect: Dialect,
): Promise<number> {
  const compiled = query.clearOrderBy().compile();
  // The EXPLAIN's rows as the database names their columns: no plugin renames them.
  const { rows } = await db.withoutPlugins().executeQuery({
    ...compiled,
    sql: `${explainPrefix(dialect)} ${compiled.sql}`,
  });
  return estimatedRows(dialect, rows);
}

/**
 * A query's count, as a list's count strategy asks for it: exact (`COUNT(*)` of the query),
 * capped (a count of at most `cap + 1` rows, `{ atLeast }` beyond), or the planner's estimate.
 *
 * @param db - the Kysely instance
 * @param query - the user's query
 * @param strategy - the count to run
 * @param dialect - the dialect (an estimate's EXPLAIN)
 * @example
 * ```ts
 * await queryCount(db, db.selectFrom("packages").selectAll(), { cap: 10_000 }, DIALECTS.sqlite); // 42
 * ```
 */
export async function queryCount<DB, QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  strategy: CountQuery,
  dialect: Dialect,
): Promise<CountValue> {
  if (strategy === "exact") return countRows(db, query, undefined);
  if (strategy === "estimate") return { estimate: await estimateRows(db, query, dialect) };
  return capCount(await countRows(db, query, strategy.cap + 1), strategy.cap);
}
