import type { AliasableExpression, ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { SortTerm } from "../pagination/sort-order.js";
import { carryValues } from "../resource/carried-values.js";
import type { Dialect } from "../sql/dialect.js";
import { exactTextType } from "../sql/exact-text.js";

/** The prefix of the columns a cursor page selects for itself, taken off every row it answers. */
const HIDDEN = "__pagewise_";

/** The alias of a term's value at the database's precision. */
export const valueAlias = (place: number) => `${HIDDEN}${place}`;
/** The alias of a term's column as it is, which a union's outer ORDER BY sorts by. */
export const keyAlias = (place: number) => `${HIDDEN}key_${place}`;

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
 * The query selecting, besides the user's columns, each sort term's exact value under a hidden
 * alias, and with `keys` each sort column as it is (what a union's outer ORDER BY reads).
 *
 * @param query - the user's query
 * @param terms - the list's order
 * @param refs - each term's column reference
 * @param dialect - the dialect
 * @param keys - whether to select the columns as they are too
 * @example
 * ```ts
 * withExactValues(query, sort.terms, refs, DIALECTS.postgres, false); // … created_at::text AS __pagewise_0
 * ```
 */
export function withExactValues<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  terms: readonly SortTerm[],
  refs: readonly string[],
  dialect: Dialect,
  keys: boolean,
): SelectQueryBuilder<DB, TB, O> {
  return query.select((eb) =>
    terms.flatMap((term, i) => {
      const value = exactValue(eb, dialect, term, refs[i] as string).as(valueAlias(i));
      return keys ? [value, eb.ref(refs[i] as never).as(keyAlias(i))] : [value];
    }),
  ) as unknown as SelectQueryBuilder<DB, TB, O>;
}

/**
 * The rows as the user selected them: the hidden columns taken off, the exact values carried
 * out of sight for the cursor (`carryValues`).
 *
 * A driver that reads every integer as a bigint (better-sqlite3's safe integers) gives one for a
 * column of type "json" too: a safe one is carried as the number it is.
 *
 * @param rows - rows of a query from {@link withExactValues}
 * @param terms - the list's order
 * @example
 * ```ts
 * carryExactValues([{ id: 1, __pagewise_0: "1" }], sort.terms); // [{ id: 1 }], carrying ["1"]
 * ```
 */
export function carryExactValues<O>(rows: readonly O[], terms: readonly SortTerm[]): O[] {
  return rows.map((row) => {
    const entries = Object.entries(row as Record<string, unknown>);
    const own = Object.fromEntries(entries.filter(([name]) => !name.startsWith(HIDDEN)));
    const values = terms.map((term, i) => jsonValue(term, (row as never)[valueAlias(i)]));
    return carryValues(own, values) as O;
  });
}

/** A "json" column's safe bigint as a number; any other value as it is. */
function jsonValue(term: SortTerm, value: unknown): unknown {
  const safe = typeof value === "bigint" && Number.isSafeInteger(Number(value));
  return term.type === "json" && safe ? Number(value) : value;
}
