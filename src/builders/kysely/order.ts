import type { SelectQueryBuilder } from "kysely";
import type { OrderTerm } from "../../sql/order-by.js";

/**
 * A query ordered by a plan's ORDER BY: each column in its direction, `NULLS FIRST`/`LAST` where
 * the dialect takes it and the order moves the NULLs, else a `column IS NULL` term before it
 * (MySQL, MariaDB). Any order the query had is replaced.
 *
 * @param query - the user's query
 * @param terms - from `orderTerms` or `keysetPlan(…).order`
 * @param column - the column reference at a place
 * @example
 * ```ts
 * orderQuery(db.selectFrom("packages").selectAll(), plan.order, (i) => refs[i]);
 * ```
 */
export function orderQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  terms: readonly OrderTerm[],
  column: (place: number) => string,
): SelectQueryBuilder<DB, TB, O> {
  let ordered = query.clearOrderBy();
  for (const { place, descending, nulls, nullFlag } of terms) {
    // The list's checked column, not one the schema's types know: `as never`.
    const ref = column(place) as never;
    if (nullFlag !== undefined) ordered = ordered.orderBy((eb) => eb(ref, "is", null), nullFlag);
    const direction = descending ? "desc" : "asc";
    // A direction alone as Kysely's own `orderBy(ref, "asc")` (no builder made for it).
    ordered =
      nulls === undefined
        ? ordered.orderBy(ref, direction)
        : ordered.orderBy(ref, (ob) => {
            const directed = ob[direction]();
            return nulls === "first" ? directed.nullsFirst() : directed.nullsLast();
          });
  }
  return ordered;
}
