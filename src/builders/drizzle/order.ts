// Value imports: the class check is Drizzle's own (`is`), as is the SQL pagewise adds.
import { Column, is, SQL, type SQLWrapper, StringChunk, sql } from "drizzle-orm";
import type { SortTerm } from "../../sort/sort-order.js";
import type { OrderTerm } from "../../sql/order-by.js";
import { configOf } from "./source-config.js";
import { ownSelect } from "./source-copy.js";
import { columnNamer, sortFields } from "./source-outputs.js";
import { querySource } from "./source-subquery.js";
import { type DrizzleDatabase, type DrizzleQuery, type SelectChain, selectOf } from "./types.js";

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

/**
 * The user's query in a page's order: a copy of the query (`ownSelect`), `ORDER BY` its output
 * columns' names (a subquery around it costs Drizzle as much again to build); in a select of
 * more than one table (a join), `ORDER BY` the table's column the sort column names
 * (`sortFields`: where two share the name, the one under the key of that name):
 * SQLite reads a bare name in `ORDER BY` as a table's column, never as an unaliased output, and
 * PostgreSQL and MariaDB refuse a name two outputs share. Where a term is an expression on a
 * name (`col IS NULL` on MariaDB, which reads a name in an expression as a table's column, never
 * as an output column), the query as a subquery ordered by its columns.
 *
 * @param db - the Drizzle database
 * @param query - the user's select (a fresh one: a copy of it, or it as a subquery, is ordered)
 * @param terms - the request's order
 * @param order - its ORDER BY (`orderTerms`)
 * @throws {TypeError} where two outputs share a sort column's name and none is under its key
 * @example
 * ```ts
 * const page = orderedQuery(db, db.select().from(packages), terms, orderTerms(terms, dialect)).limit(30);
 * ```
 */
export function orderedQuery(
  db: DrizzleDatabase,
  query: DrizzleQuery,
  terms: readonly SortTerm[],
  order: readonly OrderTerm[],
): SelectChain {
  const name = (place: number) => (terms[place] as SortTerm).column;
  const own = ownSelect(query) as SelectChain | undefined;
  const columns = tableColumns(own, terms);
  const column = (place: number): SQLWrapper =>
    // The output column's name as a chunk of its own: Drizzle renders it at its second class check.
    columns?.[place] ?? sql.identifier(name(place));
  const named = (term: OrderTerm) =>
    term.nullFlag === undefined || columns?.[term.place] !== undefined;
  if (own !== undefined && order.every(named)) return own.orderBy(...orderBy(order, column));
  const source = querySource(query);
  const sorted = orderBy(order, (place) => source.column(name(place)));
  return selectOf(db)(source.fields)
    .from(source.subquery)
    .orderBy(...sorted);
}

/**
 * Each sort column's table column, or the expression it is the alias of (`sql\`lower(…)\`.as("name")`),
 * where the select's `ORDER BY` must name it so (a join, in a select of no set operator; its
 * column found by the name the database's `casing` gives it); `undefined` where its output name
 * serves.
 */
function tableColumns(
  own: SelectChain | undefined,
  terms: readonly SortTerm[],
): (SQLWrapper | undefined)[] | undefined {
  const config = configOf(own);
  if (config === undefined || (config.joins?.length ?? 0) === 0) return undefined;
  if ((config.setOperators?.length ?? 0) > 0) return undefined;
  const fields = sortFields(
    config.fields,
    terms.map((term) => term.column),
    columnNamer(own),
  );
  return fields.map((found) => {
    if (is(found?.field, Column)) return found.field;
    return is(found?.field, SQL.Aliased) ? found.field.sql : undefined;
  });
}
