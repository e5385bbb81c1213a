import type { Dialect } from "./dialect.js";
import type { OrderColumn } from "./keyset-condition.js";

/** A column of an order that knows whether it was told where its NULLs go. */
export interface PlacedColumn extends OrderColumn {
  /** Whether the order says where NULLs go; otherwise they go where the dialect puts them. */
  readonly nullsSet: boolean;
}

/**
 * An order's columns in a dialect: a nullable column not told where its NULLs go puts them where
 * the dialect does (PostgreSQL: last ascending; MySQL, MariaDB and SQLite: first ascending), so
 * that the dialect's own ORDER BY, and an index in it, serve the order as it is.
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
  return columns.map((column) =>
    column.nullsSet ? column : { ...column, nullsFirst: dialect.nullsLargest !== column.ascending },
  );
}
