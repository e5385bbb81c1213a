import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { OrderTerm } from "../sql/order-by.js";

/**
 * The words after a term's column, each one fragment Drizzle's templates reuse (a page's SQL is
 * built of as few fragments as it can be: Drizzle checks each one's class, at every page).
 */
const WORDS = {
  asc: sql.raw(" asc"),
  desc: sql.raw(" desc"),
  "asc first": sql.raw(" asc nulls first"),
  "asc last": sql.raw(" asc nulls last"),
  "desc first": sql.raw(" desc nulls first"),
  "desc last": sql.raw(" desc nulls last"),
  "null asc": sql.raw(" is null asc"),
  "null desc": sql.raw(" is null desc"),
  comma: sql.raw(", "),
} as const;

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
export function orderBy(terms: readonly OrderTerm[], column: (place: number) => SQLWrapper): SQL[] {
  // One SQL of every term's chunks: a template per term cost Drizzle's checks as much again.
  const chunks: SQLWrapper[] = [];
  for (const { place, descending, nulls, nullFlag } of terms) {
    const name = column(place);
    const direction = descending ? ("desc" as const) : ("asc" as const);
    const words = nulls === undefined ? direction : (`${direction} ${nulls}` as const);
    if (chunks.length > 0) chunks.push(WORDS.comma);
    if (nullFlag !== undefined) chunks.push(name, WORDS[`null ${nullFlag}`], WORDS.comma);
    chunks.push(name, WORDS[words]);
  }
  return [sql.fromList(chunks)];
}
