import type { CursorValue } from "./cursor-token.js";
import { type CursorSide, type KeysetColumn, type KeysetSql, keysetSql } from "./keyset.js";
import { type KeysetUnionStatement, keysetUnionSql } from "./keyset-union.js";

/** Where a cursor list's page lies: what its handler's keyset query needs. */
export interface CursorQuery {
  /** `after` or `before` the cursor; `undefined` on the first page (no cursor in the request). */
  readonly side: CursorSide | undefined;
  /** The cursor row's sort values, one per column of the order; `undefined` on the first page. */
  readonly values: readonly CursorValue[] | undefined;
  /** Rows on a page (the request's `page_size`, read as in page mode). */
  readonly pageSize: number;
  /** Rows to fetch: the page size plus one, which says whether another page lies beyond. */
  readonly limit: number;
  /**
   * The keyset query's parts for PostgreSQL (predicate, ORDER BY, LIMIT, values), placeholders
   * numbered from `firstParameter` (see {@link keysetSql}).
   *
   * @default firstParameter 1
   */
  sql(firstParameter?: number): KeysetSql;
  /**
   * The page's whole statement as a UNION ALL of one index range per prefix of the order (see
   * {@link keysetUnionSql}): for mixed directions or a first column with few values, where
   * `sql()`'s single predicate still reads every row sharing the cursor's first value. The plain
   * query when there is one branch (or no cursor). With several, its `lead` (the range nearest the
   * cursor alone) gives the page by itself whenever it returns `limit` rows: run it first, and the
   * union only when it comes back short (at the end of its range).
   *
   * @param selectOf - the query without ORDER BY and LIMIT, given the predicate to splice after its filter
   * @param firstParameter - the number of the keyset's first placeholder (after the filter's)
   * @default firstParameter 1
   * @example
   * ```ts
   * const { text, lead, values } = cursor.unionSql(
   *   (where) => `SELECT * FROM packages WHERE owner = $1 AND ${where}`,
   *   2,
   * );
   * const read = async (sql: string) => (await pool.query(sql, [path.owner, ...values])).rows;
   * const near = lead === undefined ? [] : await read(lead.text);
   * const rows = near.length === cursor.limit ? near : await read(text);
   * ```
   */
  unionSql(selectOf: (where: string) => string, firstParameter?: number): KeysetUnionStatement;
}

/** The {@link CursorQuery} of a request. */
export function cursorQuery(
  columns: readonly KeysetColumn[],
  side: CursorSide | undefined,
  values: readonly CursorValue[] | undefined,
  pageSize: number,
): CursorQuery {
  const cursor = side === undefined || values === undefined ? undefined : { side, values };
  return {
    side: cursor?.side,
    values: cursor?.values,
    pageSize,
    limit: pageSize + 1,
    sql: (firstParameter = 1) => keysetSql(columns, cursor, pageSize, firstParameter),
    unionSql: (selectOf, firstParameter = 1) =>
      keysetUnionSql(keysetSql(columns, cursor, pageSize, firstParameter), selectOf),
  };
}
