import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import type { OrderTerm } from "../../sql/order-by.js";

/**
 * A query builder ordered by a plan's ORDER BY: each column in its direction, `NULLS FIRST`/`LAST`
 * where the dialect takes it and the order moves the NULLs, else a `column IS NULL` term before
 * it (MySQL, MariaDB). Any order the query had is replaced; the builder is changed in place.
 *
 * @param qb - a copy of the user's query builder
 * @param terms - from `orderTerms` or `keysetPlan(…).order`
 * @param column - the SQL of the column (or of a key of it) at a place
 * @example
 * ```ts
 * orderQuery(qb.clone(), plan.order, (i) => source.terms[i].ref).limit(21);
 * ```
 */
export function orderQuery<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  terms: readonly OrderTerm[],
  column: (place: number) => string,
): SelectQueryBuilder<T> {
  qb.orderBy();
  for (const { place, descending, nulls, nullFlag } of terms) {
    const ref = column(place);
    if (nullFlag !== undefined)
      qb.addOrderBy(`${ref} IS NULL`, nullFlag === "asc" ? "ASC" : "DESC");
    const direction = descending ? "DESC" : "ASC";
    if (nulls === undefined) qb.addOrderBy(ref, direction);
    else qb.addOrderBy(ref, direction, nulls === "first" ? "NULLS FIRST" : "NULLS LAST");
  }
  return qb;
}
