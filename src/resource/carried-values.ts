/**
 * Sort values a row carries for its cursor out of sight: a query builder's integration reads a
 * timestamp or a 64-bit id at the database's precision (as text, under an alias of its own),
 * takes the alias off the row it answers, and leaves the values on a symbol member that is not
 * enumerable, where a cursor list's default `valuesOf` finds them. JSON, `Object.keys`, spreads
 * and equality checks do not see it: the row's JSON is what the user selected. (A symbol member
 * costs a page of 30 rows about 10 µs; a `WeakMap` entry per row cost 25-45 µs.)
 */
import type { SortTerm } from "../sort/sort-order.js";
import { isHidden, valueAlias } from "../sql/hidden-columns.js";

const CARRIED = Symbol("pagewise.carriedValues");

/**
 * Gives a row its cursor's sort values, one per term of the order.
 *
 * @param row - the row as it is answered
 * @param values - its sort values, at the database's precision
 * @returns the row itself
 * @example
 * ```ts
 * const row = carryValues({ id: 7, name: "a" }, ["2026-01-02 03:04:05.123456+00", 7]);
 * ```
 */
export function carryValues<T extends object>(row: T, values: readonly unknown[]): T {
  return Object.defineProperty(row, CARRIED, { value: values, configurable: true });
}

/**
 * The sort values a row carries, or `undefined` for a row given none.
 *
 * @param row - a row a handler answered
 * @example
 * ```ts
 * carriedValues(row) ?? [row.created_at, row.id];
 * ```
 */
export function carriedValues(row: unknown): readonly unknown[] | undefined {
  return typeof row === "object" && row !== null
    ? (row as { [CARRIED]?: readonly unknown[] })[CARRIED]
    : undefined;
}

/**
 * A row's sort values as a cursor list reads them by default: the values it carries, or else its
 * own members under the terms' columns.
 *
 * @param row - a row a handler answered
 * @param terms - the list's order
 * @example
 * ```ts
 * rowSortValues({ id: 7, created_at: "2026-01-02 03:04:05.123456" }, sort.terms); // ["2026-01-02 03:04:05.123456", 7]
 * ```
 */
export function rowSortValues(row: unknown, terms: readonly SortTerm[]): readonly unknown[] {
  return carriedValues(row) ?? terms.map((t) => (row as Record<string, unknown>)[t.column]);
}

/**
 * A page's rows as the user selected them: the members a cursor page selected for itself
 * (`valueAlias`, `keyAlias`) taken off, each term's value carried ({@link carryValues}): by
 * default the one selected under its `valueAlias`, or what `read` finds (a value the row holds
 * as it is). A driver that reads every integer as a bigint (better-sqlite3's safe integers)
 * gives one for a column of type "json" too: a safe one is carried as the number it is, another
 * as the bigint (which the cursor refuses, asking for `type: "bigint"`). The rows of one query
 * share their members: the first row's are read once for the page, and rows with none hidden
 * are answered as they are, not copied (but for a row that takes no new member: a frozen one).
 *
 * @param rows - a cursor page's rows, hidden members included
 * @param terms - the list's order
 * @param read - the value of a term's place in a row
 * @default `read` takes the member `valueAlias(place)`
 * @example
 * ```ts
 * carryHiddenValues([{ id: 1, pagewisevalxa: 1n }], sort.terms); // [{ id: 1 }], carrying [1]
 * ```
 */
export function carryHiddenValues<T extends object>(
  rows: readonly T[],
  terms: readonly SortTerm[],
  read?: (row: Record<string, unknown>, place: number) => unknown,
): T[] {
  const [first] = rows;
  if (first === undefined) return [];
  const members = Object.keys(first);
  const own = members.filter((name) => !isHidden(name));
  const aliases = terms.map((_, place) => valueAlias(place));
  const value = read ?? ((row, place) => row[aliases[place] as string]);
  const valuesOf = (row: Record<string, unknown>) =>
    terms.map((term, place) => jsonValue(term, value(row, place)));
  // Rows with nothing hidden are answered as they are (a copy of a page of 30 cost 2-4 µs),
  // unless one cannot take a member (a plugin's or a cache's frozen row): copies then.
  if (own.length === members.length && rows.every((row) => Object.isExtensible(row)))
    return rows.map((row) => carryValues(row, valuesOf(row as Record<string, unknown>)));
  return rows.map((row) => {
    const hidden = row as Record<string, unknown>;
    const answered: Record<string, unknown> = {};
    for (const name of own) answered[name] = hidden[name];
    return carryValues(answered, valuesOf(hidden)) as T;
  });
}

/** A "json" column's safe bigint as a number; any other value as it is. */
function jsonValue(term: SortTerm, value: unknown): unknown {
  const safe = typeof value === "bigint" && Number.isSafeInteger(Number(value));
  return term.type === "json" && safe ? Number(value) : value;
}
