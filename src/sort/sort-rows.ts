import type { CursorValue } from "../cursor/cursor-token.js";
import { compareSortValues } from "../cursor/keyset.js";
import type { SortTerm } from "./sort-order.js";

/**
 * A copy of rows in an order, as {@link compareSortValues} compares them (PostgreSQL's ORDER BY
 * on the same values): each term's value is the row's property of its column, a missing one
 * NULL. O(n log n), for lists that fit in memory.
 *
 * @param terms - the order, the tie-breaker last
 * @param rows - the rows, in any order
 * @example
 * ```ts
 * sortRows(readSort(settings, "-created_at").terms, rows);
 * ```
 */
export function sortRows<T>(terms: readonly SortTerm[], rows: readonly T[]): T[] {
  const keyed = rows.map((row) => ({ row, values: rowValues(terms, row) }));
  keyed.sort((a, b) => compareSortValues(terms, a.values, b.values));
  return keyed.map(({ row }) => row);
}

/**
 * A row's values for an order: each term's column read as a property, a missing one NULL, a
 * `bigint` as whole-number text, a `Date` as ISO 8601 text (which orders as its instants do).
 *
 * @param terms - the order
 * @param row - an object row
 * @example
 * ```ts
 * rowValues(order.terms, { id: 7n, name: "a" }); // ["a", "7"]
 * ```
 */
export function rowValues(terms: readonly SortTerm[], row: unknown): CursorValue[] {
  const record = (row ?? {}) as Record<string, unknown>;
  return terms.map((t) => {
    const value = record[t.column] ?? null;
    if (value instanceof Date) return value.toISOString();
    return (typeof value === "bigint" ? String(value) : value) as CursorValue;
  });
}
