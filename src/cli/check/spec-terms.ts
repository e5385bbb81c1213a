/**
 * The names and numbers `check` judges by, written here from the spec (section 4.3 and 8) and
 * pagewise's documented decisions, never imported from the library it judges: a bug in the
 * library's own defaults must show as a failed check, not as the rule.
 */

/**
 * The spec's query parameters and page sizes (section 4.3, query parameters; section 8, limits).
 *
 * @example
 * ```ts
 * withParam(url, SPEC.pageParam, 2); // "…?page=2"
 * SPEC.maxPageSize; // 500
 * ```
 */
export const SPEC = {
  /** The 1-based page number. */
  pageParam: "page",
  /** The number of items a page. */
  pageSizeParam: "page_size",
  /** The page size when none is asked. */
  defaultPageSize: 30,
  /** The largest page size a server may serve. */
  maxPageSize: 500,
} as const;

/**
 * The answer headers of a paginated list as the spec spells them (section 4.3), and the two
 * pagewise adds for a countless list (docs/databases.md): a count's lower bound and an estimate.
 *
 * @example
 * ```ts
 * response.headers.get(SPEC_HEADERS.pageTotal);
 * ```
 */
export const SPEC_HEADERS = {
  link: "Link",
  count: "X-Pagination-Count",
  page: "X-Pagination-Page",
  pageTotal: "X-Pagination-PageTotal",
  pageSize: "X-Pagination-PageSize",
  countAtLeast: "X-Pagination-CountAtLeast",
  countEstimate: "X-Pagination-CountEstimate",
} as const;

/**
 * The query parameters of a cursor list's links (docs/cursors.md): a link sets them itself, so
 * they are never filters, and a walk from page 1 leaves them out.
 *
 * @example
 * ```ts
 * CURSOR_PARAMS.includes("after"); // true
 * ```
 */
export const CURSOR_PARAMS: readonly string[] = ["after", "before"];

/**
 * Pagination parameters of other conventions (json-server's `_page`, `_limit` and `_per_page`,
 * Grape's `per_page`, offset and cursor paging): a link may set or leave them as its convention
 * does, so they are not filters the links must keep (a note says which a link left out).
 *
 * @example
 * ```ts
 * OTHER_PAGING_PARAMS.includes("_page"); // true
 * ```
 */
export const OTHER_PAGING_PARAMS: readonly string[] = [
  "_page",
  "_limit",
  "_per_page",
  "per_page",
  "offset",
  "limit",
  "cursor",
];
