/**
 * The response header each pagination value is written to; `null` leaves that value out.
 */
export interface PaginationHeaderNames {
  readonly link: string | null;
  readonly count: string | null;
  readonly page: string | null;
  readonly pageTotal: string | null;
  readonly pageSize: string | null;
  /**
   * A lower bound of the total, sent instead of the count when a capped count found more rows
   * than its cap (docs/databases.md).
   *
   * @default "X-Pagination-CountAtLeast"
   */
  readonly countAtLeast?: string | null;
  /**
   * An estimate of the total (the planner's, say), never sent as the count (docs/databases.md).
   *
   * @default "X-Pagination-CountEstimate"
   */
  readonly countEstimate?: string | null;
}

/**
 * The spec's header names, the default: `Link` and the `X-Pagination-*` headers
 * (`headerNamePresets.xPagination`), a constant of its own so a bundle that never names the other
 * preset holds only this one.
 *
 * @example
 * ```ts
 * X_PAGINATION.count; // "X-Pagination-Count"
 * ```
 */
export const X_PAGINATION = Object.freeze({
  link: "Link",
  count: "X-Pagination-Count",
  page: "X-Pagination-Page",
  pageTotal: "X-Pagination-PageTotal",
  pageSize: "X-Pagination-PageSize",
  countAtLeast: "X-Pagination-CountAtLeast",
  countEstimate: "X-Pagination-CountEstimate",
} satisfies PaginationHeaderNames);

/**
 * Ready-made header name sets: `xPagination` (the spec's, the default: {@link X_PAGINATION}) and
 * `totalCount` (`Link` plus `X-Total-Count`, as json-server and react-admin expect). A module of
 * its own, with no checks, so the client reads the names without the server's option checking.
 *
 * @example
 * ```ts
 * paginationHeaders(page, { url, headerNames: headerNamePresets.totalCount });
 * paginationHeaders(page, { url, headerNames: { ...headerNamePresets.xPagination, count: "X-Total-Count" } });
 * ```
 */
// Marked pure: a bundler then drops the presets where only X_PAGINATION is used (a call it
// cannot prove free of side effects would stay).
export const headerNamePresets = /* @__PURE__ */ Object.freeze({
  xPagination: X_PAGINATION,
  totalCount: /* @__PURE__ */ Object.freeze({
    link: "Link",
    count: "X-Total-Count",
    page: null,
    pageTotal: null,
    pageSize: null,
    countAtLeast: null,
    countEstimate: null,
  }),
} satisfies Record<string, PaginationHeaderNames>);
