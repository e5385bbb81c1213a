/**
 * The parts of what pagewise/kysely's handlers return, as the builder store reads them inside its
 * transactions: `kyselyPages` with a count strategy answers `{ count, items }` (items a function of
 * the page's slice), `kyselyCursorPages` answers `{ items, values }` (the page's rows and their sort values). pagewise's result
 * types admit other shapes (arrays, countless lists); these narrow to the one given, and throw on
 * any other, a bug.
 */
import type { CursorResult, ListResult, PageSlice } from "pagewise";

/** A page list's result with a count: the count as given, and the rows of a slice. */
export interface CountedItems<T> {
  readonly count: unknown;
  readonly items: (slice: PageSlice) => readonly T[] | PromiseLike<readonly T[]>;
}

/**
 * A page list's `{ count, items }`, items a function.
 *
 * @param result - what `kyselyPages(…)(context)` returned
 * @throws {TypeError} for another shape
 * @example
 * ```ts
 * const { count, items } = countedItems(pages(context));
 * ```
 */
export function countedItems<T>(result: ListResult<T>): CountedItems<T> {
  const { count, items } = result as { count?: unknown; items?: unknown };
  if (count === undefined || typeof items !== "function") {
    throw new TypeError(
      "kyselyPages with a count strategy answers { count, items: (slice) => rows }",
    );
  }
  return { count, items: items as CountedItems<T>["items"] };
}

/**
 * A cursor page's rows.
 *
 * @param result - what `kyselyCursorPages(…)(context)` resolved to
 * @throws {TypeError} for another shape
 * @example
 * ```ts
 * const rows = cursorRows(await cursorPages(context));
 * ```
 */
export function cursorRows<T>(result: CursorResult<T>): readonly T[] {
  const { items } = result as { items?: unknown };
  if (!Array.isArray(items)) throw new TypeError("kyselyCursorPages answers { items: rows }");
  return items as readonly T[];
}

/**
 * A cursor page's sort values, each row's by its index, as `kyselyCursorPages` reads them at the
 * database's precision (the cursors are made of them, not of the rows as presented).
 *
 * @param result - what `kyselyCursorPages(…).handle(context)` resolved to
 * @example
 * ```ts
 * return { count, items: cursorRows(page), values: cursorValues(page) };
 * ```
 */
export function cursorValues<T>(result: CursorResult<T>): readonly (readonly unknown[])[] {
  const { values } = result as { values?: unknown };
  if (!Array.isArray(values)) throw new TypeError("kyselyCursorPages answers { items, values }");
  return values as readonly (readonly unknown[])[];
}
