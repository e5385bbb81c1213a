/**
 * pagewise's defaults and the values of its string options, each stated once: every module that
 * needs one imports it from here.
 */

/** A page past the last: serve it empty, serve the last page, or answer 404. */
export const OVERFLOW = ["empty", "last", "error"] as const;
export type Overflow = (typeof OVERFLOW)[number];

/** An invalid `page` or `page_size`: read leniently, or answer 400. */
export const INVALID = ["lenient", "strict"] as const;
export type Invalid = (typeof INVALID)[number];

/** A page size over the maximum: serve the maximum, or answer 400. */
export const OVER_MAX = ["clamp", "error"] as const;
export type OverMax = (typeof OVER_MAX)[number];

/** Which request parameters a page link keeps besides the page. */
export const LINK_PARAMS = ["filters", "page-only", "all"] as const;
export type LinkParams = (typeof LINK_PARAMS)[number];

/** The pagination headers of an empty dataset: none, or zeros. */
export const EMPTY_HEADERS = ["omit", "zero"] as const;
export type EmptyHeaders = (typeof EMPTY_HEADERS)[number];

/** Query parameters on a body method: answer 400, or drop them. */
export const QUERY_ON_BODY_METHODS = ["reject", "ignore"] as const;
export type QueryOnBodyMethods = (typeof QUERY_ON_BODY_METHODS)[number];

/** The values of a boolean option. */
export const BOOLEANS = [true, false] as const;

/** A cursor column's direction. */
export const DIRECTIONS = ["asc", "desc"] as const;
/** Where a cursor column's NULLs sort. */
export const NULLS = ["first", "last"] as const;
/** What a sort column holds: how its values compare in memory and travel in a cursor. */
export const SORT_TYPES = ["json", "bigint", "timestamp"] as const;

/** One of {@link SORT_TYPES}. */
export type SortType = (typeof SORT_TYPES)[number];

/**
 * Every default of pagewise, in one frozen object: the spec's page parameters and sizes
 * (section 4.3), the names and limits pagewise chose where the spec is silent
 * (docs/decisions.md), and the value of each option union when an option is left out.
 *
 * @example
 * ```ts
 * import { defaults } from "pagewise";
 * defaults.pageSize; // 30
 * defaults.maxPageSize; // 500
 * defaults.pageSizeParam; // "page_size"
 * ```
 */
export const defaults = Object.freeze({
  /** Name of the page parameter: `page` (the spec's, section 4.3). */
  pageParam: "page",
  /** Name of the page-size parameter: `page_size` (the spec's, section 4.3). */
  pageSizeParam: "page_size",
  /** Items per page when the request names no size: 30 (the spec's, section 8). */
  pageSize: 30,
  /** Largest page size served: 500 (the spec's, section 8). */
  maxPageSize: 500,
  /** A bad `page` or `page_size` is read leniently (docs/decisions.md, reading numbers). */
  invalid: "lenient" as Invalid,
  /** A page size over the maximum is served at the maximum. */
  overMax: "clamp" as OverMax,
  /** A page past the last is served empty. */
  overflow: "empty" as Overflow,
  /** Links keep the request's filters, not its page size (docs/decisions.md). */
  linkParams: "filters" as LinkParams,
  /** An empty dataset sends no pagination headers (the spec's). */
  emptyHeaders: "omit" as EmptyHeaders,
  /** Query parameters on a body method are a 400. */
  queryOnBodyMethods: "reject" as QueryOnBodyMethods,
  /** Largest request body read: 1 MiB. */
  maxBodyBytes: 1024 * 1024,
  /** The `Retry-After` of a GET's 503 when a resource's `deadline` passes: 1 second. */
  deadlineRetryAfter: 1,
  /** Name of the API version parameter: `version` (Cloudsmith's; the spec names none, section 9). */
  versionParam: "version",
  /** Name of the parameter holding the cursor of the page after: `after`. */
  afterParam: "after",
  /** Name of the parameter holding the cursor of the page before: `before`. */
  beforeParam: "before",
  /** Name of the parameter choosing a list's order: `sort` (Cloudsmith's; the spec names none). */
  sortParam: "sort",
  /** Longest cursor token read: 2,048 characters (a longer one is a 400 `cursor_too_large`). */
  maxCursorLength: 2048,
  /**
   * Longest part of a link before its page number or cursor (the base, the path and the query
   * parameters it carries): 2,048 characters as written (percent-encoded). A list refuses a
   * request whose links would be longer with a 414 `uri_too_long`, so its `Link` header stays
   * under 8.5 KB (a cursor list's under 10.5 KB, its tokens at most `maxCursorLength`), half
   * the 16 KiB of response headers Node's `fetch` and `http` read (docs/decisions.md).
   */
  maxLinkLength: 2048,
});
