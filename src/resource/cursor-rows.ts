import type { CursorResult } from "../builders/contract.js";
import type { CursorQuery } from "../cursor/cursor-query.js";
import { keysetRows } from "../cursor/keyset-rows.js";
import { describeValue } from "../option-checks.js";
import { type ReadCount, readCount } from "../page/count-value.js";
import type { SortTerm } from "../sort/sort-order.js";
import type { CursorListMethod } from "./cursor-method.js";
import { rowArray } from "./list-page.js";
import { andThen, isThenable, type MaybePromise } from "./maybe-async.js";

/** A cursor handler's answer: the rows in the direction of travel, and the count when given. */
interface CursorRows {
  readonly rows: readonly unknown[];
  /** The count given: exact, a bound or an estimate (each its own header); none without one. */
  readonly count: ReadCount | undefined;
  /** Each row's sort values, by its index, where the handler gave them (`values`). */
  readonly values?: readonly (readonly unknown[])[] | undefined;
}

/**
 * The rows a cursor list's handler gave, by the result's shape: a whole list (ordered in
 * `terms` and sliced here), or `{ items, count?, values? }` with the keyset query's rows (and, beside
 * an array, each row's sort values); a count promise or function runs alongside an items
 * function. A result of another shape is a bug: a TypeError.
 */
export function cursorRows(
  definition: CursorListMethod<unknown>,
  result: CursorResult<unknown>,
  cursor: CursorQuery,
  terms: readonly SortTerm[],
): MaybePromise<CursorRows> {
  if (Array.isArray(result)) {
    const { side, values, limit } = cursor;
    const at = side === undefined || values === undefined ? undefined : { side, values };
    const valuesOf = (row: unknown) => definition.valuesOf(row, terms);
    const rows = keysetRows(terms, result, valuesOf, at, limit);
    return { rows, count: { exact: result.length } };
  }
  const {
    items,
    count: given,
    values,
  } = (result ?? {}) as {
    items?: unknown;
    count?: unknown;
    values?: unknown;
  };
  if (isThenable(given)) Promise.resolve(given).catch(() => undefined);
  assertValues(values, items);
  if (!Array.isArray(items) && typeof items !== "function") {
    throw new TypeError(
      `A cursor list handler returns the whole list as an array or { items, count? }, with items the keyset query's rows or a function giving them; got ${describeValue(result)}`,
    );
  }
  const count = typeof given === "function" ? given() : given;
  let rows: unknown;
  try {
    rows = typeof items === "function" ? items(cursor) : items;
  } catch (error) {
    if (isThenable(count)) Promise.resolve(count).catch(() => undefined);
    throw error;
  }
  const answer = (fetched: unknown, n: unknown): CursorRows => ({
    rows: rowArray(fetched),
    count: n === undefined ? undefined : readCount(n),
    values: values as CursorRows["values"],
  });
  if (!isThenable(count)) return andThen(rows as MaybePromise<unknown>, (r) => answer(r, count));
  return Promise.all([count, rows]).then(([n, r]) => answer(r, n));
}

/** Refuses `values` that are not one array per row of an array of `items`. */
function assertValues(values: unknown, items: unknown): void {
  if (values === undefined) return;
  const each = Array.isArray(values) && values.every((v) => Array.isArray(v));
  if (each && Array.isArray(items) && values.length === items.length) return;
  throw new TypeError(
    `A cursor list handler's values are each row's sort values, an array per row of its items array; got ${describeValue(values)}`,
  );
}
