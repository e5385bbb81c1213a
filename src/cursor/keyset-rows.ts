import type { CursorValue } from "./cursor-token.js";
import { type CursorSide, compareSortValues, type KeysetColumn } from "./keyset.js";

/**
 * The in-memory twin of {@link keysetSql}: of a whole list (in any order), the rows `after` (or
 * `before`) the cursor in the cursor's order, nearest the cursor first, at most `limit`, exactly
 * as the SQL query gives them. Sorts a copy: O(n log n), for lists that fit in memory.
 *
 * @param columns - from {@link sortColumns}
 * @param rows - the whole list
 * @param valuesOf - a row's sort values, one per column
 * @param cursor - the side and the cursor's values, or `undefined` for the first page
 * @param limit - rows to give at most (a page size plus one)
 * @example
 * ```ts
 * keysetRows(sortColumns([{ name: "id" }]), rows, (r) => [r.id], { side: "after", values: [7] }, 31);
 * ```
 */
export function keysetRows<T>(
  columns: readonly KeysetColumn[],
  rows: readonly T[],
  valuesOf: (row: T) => readonly CursorValue[],
  cursor: { readonly side: CursorSide; readonly values: readonly CursorValue[] } | undefined,
  limit: number,
): T[] {
  const keyed = rows.map((row) => ({ row, values: valuesOf(row) }));
  const backward = cursor?.side === "before";
  const beyond =
    cursor === undefined
      ? keyed
      : keyed.filter(({ values }) => {
          const order = compareSortValues(columns, values, cursor.values);
          return backward ? order < 0 : order > 0;
        });
  beyond.sort((a, b) => compareSortValues(columns, a.values, b.values) * (backward ? -1 : 1));
  return beyond.slice(0, limit).map(({ row }) => row);
}
