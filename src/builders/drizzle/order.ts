import { type SQL, type SQLWrapper, StringChunk, sql } from "drizzle-orm";
import type { OrderTerm } from "../../sql/order-by.js";

/**
 * The words after a term's column, each one fragment made once. A `StringChunk`, the fragment
 * Drizzle's own templates are made of, is the first class Drizzle checks a chunk for at every
 * page; an `sql.raw` is an SQL around one, checked for four classes and built apart.
 */
const WORDS = {
  asc: new StringChunk(" asc"),
  desc: new StringChunk(" desc"),
  "asc first": new StringChunk(" asc nulls first"),
  "asc last": new StringChunk(" asc nulls last"),
  "desc first": new StringChunk(" desc nulls first"),
  "desc last": new StringChunk(" desc nulls last"),
  "null asc": new StringChunk(" is null asc"),
  "null desc": new StringChunk(" is null desc"),
  comma: new StringChunk(", "),
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
