import { describeValue } from "../option-checks.js";
import type { CursorValue } from "./cursor-token.js";
import type { KeysetSql } from "./keyset.js";

/** A whole statement with its placeholders' values, as `pg`'s `pool.query({ text, values })` takes it. */
export interface KeysetStatement {
  /** The SQL. */
  readonly text: string;
  /** The values of the keyset's placeholders, in order (after the filter's own, from `firstParameter`). */
  readonly values: readonly CursorValue[];
}

/**
 * A keyset page's statement as a UNION ALL of its branches, with the branch nearest the cursor
 * alone: the `lead`, which gives the page by itself whenever it comes back full.
 */
export interface KeysetUnionStatement extends KeysetStatement {
  /**
   * The branch nearest the cursor ({@link KeysetSql.lead}) alone, with its ORDER BY and LIMIT,
   * taking the same `values`. Every row it selects comes before every row of
   * the other branches, so when it returns the whole LIMIT (`limit` rows) those rows are the page,
   * and the union need not run: one index range read, not one per branch, at any depth. When it
   * returns fewer, run `text`. `undefined` with one branch (no cursor, or an order one range serves).
   */
  readonly lead: KeysetStatement | undefined;
}

/**
 * A keyset page's whole statement for PostgreSQL as a UNION ALL of its {@link KeysetSql.branches}:
 * each branch's query with its own ORDER BY and LIMIT (one index range read into its LIMIT),
 * merged by an outer ORDER BY and LIMIT. With one branch (or no cursor) it is the plain query.
 * It serves the orders the single predicate cannot bound (mixed directions, or a first column
 * with few values, where `a >= x AND (…)` still reads every row sharing `x`): with an index in the
 * order's directions, e.g. `(owner, status, created_at DESC, id DESC)` for
 * `status, created_at DESC, id DESC`, a page costs the same at any depth.
 *
 * The select list must hold the order's columns under their own names (`SELECT *` does): the
 * outer ORDER BY sorts the union's rows by them.
 *
 * @param keyset - from {@link keysetSql} (or `cursor.sql(n)`), placeholders from the first after the filter's
 * @param selectOf - the query without ORDER BY and LIMIT, given a branch to splice after its filter
 * @returns the statement and the keyset's values (its `branchValues`), to follow the filter's,
 * with the nearest branch alone (`lead`) when there are several
 * @throws {TypeError} when `selectOf` leaves the branch out of its query (every row would match)
 * @example
 * ```ts
 * const keyset = keysetSql(columns, { side: "after", values: ["failed", "2026-01-02", 7] }, 30, 2);
 * const { text, values } = keysetUnionSql(
 *   keyset,
 *   (where) => `SELECT * FROM packages WHERE owner = $1 AND ${where}`,
 * );
 * await pool.query(text, [owner, ...values]);
 * // lead: SELECT * FROM packages WHERE owner = $1 AND ("status" = $2 AND ("created_at", "id") < ($3, $4)) ORDER BY … LIMIT 31
 * // text: (SELECT * FROM packages WHERE owner = $1 AND "status" > $2 ORDER BY … LIMIT 31)
 * // UNION ALL (SELECT * FROM packages WHERE owner = $1 AND ("status" = $2 AND ("created_at", "id") < ($3, $4)) ORDER BY … LIMIT 31)
 * // ORDER BY "status" ASC, "created_at" DESC, "id" DESC LIMIT 31
 * ```
 */
export function keysetUnionSql(
  keyset: KeysetSql,
  selectOf: (where: string) => string,
): KeysetUnionStatement {
  const { branches, lead, orderBy, limit, branchValues: values } = keyset;
  const queries = branches.map((branch) => {
    const query = selectOf(branch);
    if (typeof query !== "string" || !query.includes(branch)) {
      throw new TypeError(
        `selectOf must splice the predicate it is given into its WHERE: (where) => \`SELECT * FROM t WHERE filter AND \${where}\`; given ${JSON.stringify(branch)}, it gave ${describeValue(query)}`,
      );
    }
    return `${query} ORDER BY ${orderBy} LIMIT ${limit}`;
  });
  if (queries.length === 1) return { text: queries[0] as string, values, lead: undefined };
  const union = queries.map((query) => `(${query})`).join(" UNION ALL ");
  const nearest = { text: queries[branches.indexOf(lead)] as string, values };
  return { text: `${union} ORDER BY ${orderBy} LIMIT ${limit}`, values, lead: nearest };
}
