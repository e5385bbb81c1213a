import { type SQL, sql } from "drizzle-orm";
import type { OrderTerm } from "../sql/order-by.js";

/**
 * An ORDER BY in Drizzle's SQL: each term in its direction, `NULLS FIRST`/`LAST` where the
 * dialect has the clause and the order moves NULLs, `column IS NULL` first where it has none.
 *
 * @param terms - from `orderTerms` (or a keyset plan's `order`)
 * @param column - the column at a place of the order
 * @example
 * ```ts
 * query.orderBy(...orderBy(orderTerms(columns, DIALECTS.sqlite), (place) => source.column(names[place])));
 * ```
 */
export function orderBy(terms: readonly OrderTerm[], column: (place: number) => SQL): SQL[] {
  return terms.flatMap(({ place, descending, nulls, nullFlag }) => {
    const name = column(place);
    const direction = sql.raw(descending ? "desc" : "asc");
    const placed = nulls === undefined ? sql`` : sql.raw(` nulls ${nulls}`);
    const own = sql`${name} ${direction}${placed}`;
    return nullFlag === undefined ? [own] : [sql`${name} is null ${sql.raw(nullFlag)}`, own];
  });
}
