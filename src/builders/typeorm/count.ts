import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { type CountValue, capCount } from "../../page/count-value.js";
import type { CountQuery } from "../../sql/count-strategy.js";
import type { Dialect } from "../../sql/dialect.js";
import { estimatedRows, explainPrefix } from "../../sql/estimate.js";
import type { QuerySource } from "./source.js";

/**
 * The user's query as a count reads it: its tie-breaker alone (a derived table of one column,
 * which MariaDB takes whatever the query's joins select), `DISTINCT` where a join to many repeats
 * an entity's row, so the count is of entities (nestjs-paginate #609's pages counted joined rows),
 * with no ORDER BY.
 */
function countedQuery(
  qb: SelectQueryBuilder<ObjectLiteral>,
  source: QuerySource,
): SelectQueryBuilder<ObjectLiteral> {
  const tie = source.terms.at(-1)?.ref as string;
  return qb.clone().select(tie, "pagewise_key").distinct(source.manyRows).orderBy();
}

/** The count of the counted query's rows, or of at most `limit` of them, on the builder's runner. */
async function countRows(
  qb: SelectQueryBuilder<ObjectLiteral>,
  counted: SelectQueryBuilder<ObjectLiteral>,
  limit: number | undefined,
): Promise<number> {
  const inner = limit === undefined ? counted : counted.limit(limit);
  const count = qb
    .createQueryBuilder()
    .select("COUNT(*)", "count")
    .from(`(${inner.getQuery()})`, "pagewise_counted")
    .setParameters(inner.getParameters());
  // pg gives a count as text, mysql2 as a number or text, better-sqlite3 as a number.
  return Number(((await count.getRawOne()) as { count: unknown } | undefined)?.count ?? 0);
}

/**
 * A query's count of entities, as a list's count strategy asks for it: exact (`COUNT(*)` of its
 * keys), capped (a count of at most `cap + 1` keys, `{ atLeast }` beyond), or the planner's
 * estimate of its keys (the dialect's EXPLAIN, run by the data source).
 *
 * @param qb - the user's query builder
 * @param source - what pagewise read of it (its tie-breaker, whether a join repeats rows)
 * @param strategy - the count to run
 * @param dialect - the dialect (an estimate's EXPLAIN)
 * @example
 * ```ts
 * await queryCount(qb, source, { cap: 10_000 }, DIALECTS.sqlite); // 42
 * ```
 */
export async function queryCount(
  qb: SelectQueryBuilder<ObjectLiteral>,
  source: QuerySource,
  strategy: CountQuery,
  dialect: Dialect,
): Promise<CountValue> {
  const counted = countedQuery(qb, source);
  if (strategy === "exact") return countRows(qb, counted, undefined);
  if (strategy === "estimate") {
    const [sql, parameters] = counted.getQueryAndParameters();
    const rows = (await qb.dataSource.query(
      `${explainPrefix(dialect)} ${sql}`,
      parameters,
    )) as unknown[];
    return { estimate: estimatedRows(dialect, rows) };
  }
  return capCount(await countRows(qb, counted, strategy.cap + 1), strategy.cap);
}
