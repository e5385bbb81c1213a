import type { AliasableExpression, ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Dialect } from "../../sql/dialect.js";
import { exactTextType } from "../../sql/exact-text.js";
import { keyAlias, valueAlias } from "../../sql/hidden-columns.js";

/**
 * A sort column's value as the database keeps it, every digit: a timestamp or a bigint as text
 * (PostgreSQL `::text`, MySQL `CAST(… AS CHAR)`, SQLite `CAST(… AS TEXT)` for a bigint and the
 * stored value of a timestamp, already text), any other column as it is.
 */
function exactValue<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  dialect: Dialect,
  term: SortTerm,
  ref: string,
): AliasableExpression<unknown> {
  const column = eb.ref(ref as never);
  const type = exactTextType(dialect, term.type);
  return type === undefined ? column : eb.cast(column, type);
}

/**
 * The query selecting, besides the user's columns, the exact value of each sort term at `apart`
 * under a hidden alias, and with `keys` each sort column as it is (what a union's outer ORDER BY
 * reads).
 *
 * @param query - the user's query
 * @param terms - the list's order
 * @param refs - each term's column reference
 * @param dialect - the dialect
 * @param keys - whether to select the columns as they are too
 * @param apart - the places of the terms whose values are selected (the others are read off the
 *   row)
 * @example
 * ```ts
 * withExactValues(query, sort.terms, refs, DIALECTS.postgres, false, new Set([0])); // … created_at::text AS pagewisevalxa
 * ```
 */
export function withExactValues<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  terms: readonly SortTerm[],
  refs: readonly string[],
  dialect: Dialect,
  keys: boolean,
  apart: ReadonlySet<number>,
): SelectQueryBuilder<DB, TB, O> {
  if (!keys && apart.size === 0) return query;
  return query.select((eb) =>
    terms.flatMap((term, i) => {
      const key = eb.ref(refs[i] as never).as(keyAlias(i));
      if (!apart.has(i)) return keys ? [key] : [];
      const value = exactValue(eb, dialect, term, refs[i] as string).as(valueAlias(i));
      return keys ? [value, key] : [value];
    }),
  ) as unknown as SelectQueryBuilder<DB, TB, O>;
}
