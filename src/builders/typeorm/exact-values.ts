import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Dialect } from "../../sql/dialect.js";
import { exactTextType } from "../../sql/exact-text.js";
import { valueAlias } from "../../sql/hidden-columns.js";
import type { TermSource } from "./source.js";

/**
 * A sort term's key in a query of one row per entity: its column; or, for a column of a joined
 * to-many side (one value per child), its least value for an ascending term, its greatest for a
 * descending one (NULL only where the entity has no value there): the place of the entity's first
 * joined row in the order, whichever page reads it.
 *
 * @param term - a term of the list's order
 * @param source - the term's column in the user's query
 * @example
 * ```ts
 * keyExpression(tagTerm, { ref: '"v"."tag"', many: true }); // 'MIN("v"."tag")'
 * ```
 */
export function keyExpression(term: SortTerm, source: TermSource): string {
  if (!source.many) return source.ref;
  return `${term.ascending ? "MIN" : "MAX"}(${source.ref})`;
}

/**
 * A sort value as the database keeps it, every digit: a timestamp or a bigint as text
 * (`CAST(… AS TEXT)`, MySQL and MariaDB `CAST(… AS CHAR)`; SQLite's timestamp is its stored text
 * already), any other column as it is.
 *
 * @param dialect - the database's dialect
 * @param term - the term
 * @param expression - the term's column or key, as SQL
 * @example
 * ```ts
 * exactExpression(DIALECTS.postgres, createdAtTerm, '"p"."created_at"'); // 'CAST("p"."created_at" AS TEXT)'
 * ```
 */
export function exactExpression(dialect: Dialect, term: SortTerm, expression: string): string {
  const type = exactTextType(dialect, term.type);
  return type === undefined ? expression : `CAST(${expression} AS ${type.toUpperCase()})`;
}

/**
 * The query builder selecting, besides what it selects, each term's exact value under its hidden
 * alias (`valueAlias`): the raw rows carry the cursor's values, the entities do not.
 *
 * @param qb - a copy of the user's query builder (changed in place)
 * @param dialect - the database's dialect
 * @param terms - the list's order
 * @param expressions - each term's column or key, as SQL
 * @example
 * ```ts
 * withExactValues(qb.clone(), DIALECTS.postgres, sort.terms, refs).getRawAndEntities();
 * ```
 */
export function withExactValues<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  dialect: Dialect,
  terms: readonly SortTerm[],
  expressions: readonly string[],
): SelectQueryBuilder<T> {
  terms.forEach((term, place) => {
    qb.addSelect(exactExpression(dialect, term, expressions[place] as string), valueAlias(place));
  });
  return qb;
}
