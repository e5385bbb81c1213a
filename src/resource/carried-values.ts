/**
 * Sort values a row carries for its cursor out of sight: a query builder's integration reads a
 * timestamp or a 64-bit id at the database's precision (as text, under an alias of its own),
 * takes the alias off the row it answers, and leaves the values on a symbol member that is not
 * enumerable, where a cursor list's default `valuesOf` finds them. JSON, `Object.keys`, spreads
 * and equality checks do not see it: the row's JSON is what the user selected. (A symbol member
 * costs a page of 30 rows about 10 µs; a `WeakMap` entry per row cost 25-45 µs.)
 */
import type { SortTerm } from "../pagination/sort-order.js";
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
 * share their members: the first row's are read once for the page. Each row is answered itself
 * (`withoutHidden`), but for one that takes no new member (a plugin's or a cache's frozen row):
 * a copy then. With `final`, a page whose values are each row's own members under the terms'
 * columns (what {@link rowSortValues} reads off a row that carries none) carries nothing:
 * defining the member cost a page of 31 rows about 7 µs.
 *
 * @param rows - a cursor page's rows, hidden members included
 * @param terms - the list's order
 * @param read - the value of a term's place in a row
 * @param final - whether the rows' members stay as they are once answered (none mapped after)
 * @default `read` takes the member `valueAlias(place)`; `final` false
 * @example
 * ```ts
 * carryHiddenValues([{ id: 1, __pagewise_0: 1n }], sort.terms); // [{ id: 1 }], carrying [1]
 * ```
 */
export function carryHiddenValues<T extends object>(
  rows: readonly T[],
  terms: readonly SortTerm[],
  read?: (row: Record<string, unknown>, place: number) => unknown,
  final = false,
): T[] {
  const [first] = rows;
  if (first === undefined) return [];
  const members = Object.keys(first);
  const hidden = members.filter(isHidden);
  const aliases = terms.map((_, place) => valueAlias(place));
  const value = read ?? ((row, place) => row[aliases[place] as string]);
  const values = rows.map((row) =>
    terms.map((term, place) => jsonValue(term, value(row as Record<string, unknown>, place))),
  );
  const columns = terms.map((term) => term.column);
  const ownValues = (row: T, i: number) =>
    (values[i] as unknown[]).every((v, place) => v === (row as never)[columns[place] as string]);
  // Values a cursor list would read off the rows themselves: nothing to carry.
  if (final && hidden.length === 0 && rows.every(ownValues)) return rows.slice();
  const own = members.filter((name) => !isHidden(name));
  return rows.map((row, i) => carryValues(withoutHidden(row, own, hidden), values[i] as unknown[]));
}

/**
 * A row without the members pagewise selected for itself: the row itself, the members deleted
 * last first (the last ones a row took: V8 then keeps it the fast object it was; a copy of a
 * page of 31 rows cost 2-6 µs more), where it can take a member; else a copy of its own members.
 */
function withoutHidden<T extends object>(
  row: T,
  own: readonly string[],
  hidden: readonly string[],
): T {
  if (Object.isExtensible(row)) {
    let i = hidden.length - 1;
    while (i >= 0 && Reflect.deleteProperty(row, hidden[i] as string)) i--;
    if (i < 0) return row;
  }
  const answered: Record<string, unknown> = {};
  for (const name of own) answered[name] = (row as Record<string, unknown>)[name];
  return answered as T;
}

/** A "json" column's safe bigint as a number; any other value as it is. */
function jsonValue(term: SortTerm, value: unknown): unknown {
  const safe = typeof value === "bigint" && Number.isSafeInteger(Number(value));
  return term.type === "json" && safe ? Number(value) : value;
}
