/**
 * Sort values a row carries for its cursor out of sight: a query builder's integration reads a
 * timestamp or a 64-bit id at the database's precision (as text, under an alias of its own),
 * takes the alias off the row it answers, and leaves the values here, where a cursor list's
 * default `valuesOf` finds them. Nothing is added to the row: its JSON is what the user selected.
 */
const carried = new WeakMap<object, readonly unknown[]>();

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
  carried.set(row, values);
  return row;
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
  return typeof row === "object" && row !== null ? carried.get(row) : undefined;
}
