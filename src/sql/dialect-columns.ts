import type { Dialect } from "./dialect.js";
import type { OrderColumn } from "./keyset-condition.js";

/** A column of an order that knows whether it was told where its NULLs go. */
export interface PlacedColumn extends OrderColumn {
  /** Whether the order says where NULLs go; otherwise they go where the dialect puts them. */
  readonly nullsSet: boolean;
}

/** Placed copies of columns, one per column object and place of NULLs (a column's first read). */
const PLACED = { first: new WeakMap<object, object>(), last: new WeakMap<object, object>() };

/**
 * An order's columns in a dialect: a nullable column not told where its NULLs go puts them where
 * the dialect does (PostgreSQL: last ascending; MySQL, MariaDB and SQLite: first ascending), so
 * that the dialect's own ORDER BY, and an index in it, serve the order as it is. A column already
 * so is given as it is, another as a copy made once per column object (a list's columns are made
 * when it is defined: a copy per request cost a page about 1 µs a column).
 *
 * @param columns - the order
 * @param dialect - the dialect
 * @example
 * ```ts
 * dialectColumns([{ name: "a", ascending: true, nullable: true, nullsFirst: false, nullsSet: false }], DIALECTS.sqlite)[0].nullsFirst; // true
 * ```
 */
export function dialectColumns<C extends PlacedColumn>(
  columns: readonly C[],
  dialect: Dialect,
): readonly C[] {
  return columns.map((column) => {
    const nullsFirst = dialect.nullsLargest !== column.ascending;
    if (column.nullsSet || column.nullsFirst === nullsFirst) return column;
    const copies = nullsFirst ? PLACED.first : PLACED.last;
    const known = copies.get(column) as C | undefined;
    if (known !== undefined) return known;
    const placed = { ...column, nullsFirst };
    copies.set(column, placed);
    return placed;
  });
}
