import type { SortOrder } from "../sort/sort-order.js";
import { readSort, type SortSettings } from "../sort/sort-param.js";
import { withoutParams } from "./method-input.js";

/** A list request's order and its own parameters (without pagewise's). */
export interface RequestOrder {
  /** The order read from the sort parameter; `undefined` for a list without `sort`. */
  readonly sort: SortOrder | undefined;
  /** The request's parameters without pagewise's own (`taken`, and the sort parameter). */
  readonly own: Record<string, unknown>;
}

/**
 * Reads a list request's order (see {@link readSort}) and leaves pagewise's parameters out of
 * the ones the handler's schema sees.
 *
 * @param settings - the list's sort settings, if it offers orders
 * @param raw - the request's parameters
 * @param taken - pagewise's other parameters of this list (page, page size, cursors)
 * @throws {PagewiseError} 400 `invalid_sort`
 * @example
 * ```ts
 * requestOrder(definition.sort, { sort: "-name", page: "2" }, ["page", "page_size"]);
 * ```
 */
export function requestOrder(
  settings: SortSettings | undefined,
  raw: Record<string, unknown>,
  taken: readonly string[],
): RequestOrder {
  const param = settings?.param;
  if (settings === undefined || param === undefined) {
    return { sort: settings?.defaultOrder, own: withoutParams(raw, taken) };
  }
  return { sort: readSort(settings, raw[param]), own: withoutParams(raw, [...taken, param]) };
}
