import type { ResolvedHeaderNames } from "./header-names.js";

/**
 * The values of a list's pagination headers, each by the key of its name (`link`, `count`, …);
 * one left out or `undefined` is not sent.
 */
export type PaginationHeaderValues = {
  readonly [K in keyof ResolvedHeaderNames]?: string | number | undefined;
};

/**
 * Writes a list's pagination headers into `headers`, the one writer of a page's, a countless
 * page's and a cursor page's: each value under its configured name, in the names' order, none
 * whose name is `null` (not sent) or whose value is `undefined`.
 *
 * @param headers - the response headers being built
 * @param names - the resolved names (see {@link checkedHeaderNames})
 * @param values - the values by key, e.g. `{ link: "<…>; rel=\"next\"", pageSize: 30 }`
 * @example
 * ```ts
 * writeHeaderValues(headers, checkedHeaderNames(headerNamePresets.xPagination), { count: 3, pageSize: 30 });
 * // headers: { "X-Pagination-Count": "3", "X-Pagination-PageSize": "30" }
 * ```
 */
export function writeHeaderValues(
  headers: Record<string, string>,
  names: ResolvedHeaderNames,
  values: PaginationHeaderValues,
): void {
  for (const key in names) {
    const name = names[key as keyof ResolvedHeaderNames];
    const value = values[key as keyof ResolvedHeaderNames];
    if (name !== null && value !== undefined) headers[name] = String(value);
  }
}
