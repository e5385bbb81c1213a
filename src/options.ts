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

// Each default's value, a constant the modules import (a bundler keeps only the ones a bundle
// reads); `defaults` below holds them all for users, each described there.

/** The value of {@link defaults}.pageParam. */
export const DEFAULT_PAGE_PARAM = "page";
/** The value of {@link defaults}.pageSizeParam. */
export const DEFAULT_PAGE_SIZE_PARAM = "page_size";
/** The value of {@link defaults}.pageSize. */
export const DEFAULT_PAGE_SIZE = 30;
/** The value of {@link defaults}.maxPageSize. */
export const DEFAULT_MAX_PAGE_SIZE = 500;
/** The value of {@link defaults}.invalid. */
export const DEFAULT_INVALID: Invalid = "lenient";
/** The value of {@link defaults}.overMax. */
export const DEFAULT_OVER_MAX: OverMax = "clamp";
/** The value of {@link defaults}.overflow. */
export const DEFAULT_OVERFLOW: Overflow = "empty";
/** The value of {@link defaults}.linkParams. */
export const DEFAULT_LINK_PARAMS: LinkParams = "filters";
/** The value of {@link defaults}.emptyHeaders. */
export const DEFAULT_EMPTY_HEADERS: EmptyHeaders = "omit";
/** The value of {@link defaults}.queryOnBodyMethods. */
export const DEFAULT_QUERY_ON_BODY_METHODS: QueryOnBodyMethods = "reject";
/** The value of {@link defaults}.maxBodyBytes. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** The value of {@link defaults}.deadlineRetryAfter. */
export const DEFAULT_DEADLINE_RETRY_AFTER = 1;
/** The value of {@link defaults}.versionParam. */
export const DEFAULT_VERSION_PARAM = "version";
/** The value of {@link defaults}.afterParam. */
export const DEFAULT_AFTER_PARAM = "after";
/** The value of {@link defaults}.beforeParam. */
export const DEFAULT_BEFORE_PARAM = "before";
/** The value of {@link defaults}.sortParam. */
export const DEFAULT_SORT_PARAM = "sort";
/** The value of {@link defaults}.maxCursorLength. */
export const DEFAULT_MAX_CURSOR_LENGTH = 2048;
/** The value of {@link defaults}.maxLinkLength. */
export const DEFAULT_MAX_LINK_LENGTH = 2048;

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
export const defaults = /* @__PURE__ */ Object.freeze({
  /** Name of the page parameter: `page` (the spec's, section 4.3). */
  pageParam: DEFAULT_PAGE_PARAM,
  /** Name of the page-size parameter: `page_size` (the spec's, section 4.3). */
  pageSizeParam: DEFAULT_PAGE_SIZE_PARAM,
  /** Items per page when the request names no size: 30 (the spec's, section 8). */
  pageSize: DEFAULT_PAGE_SIZE,
  /** Largest page size served: 500 (the spec's, section 8). */
  maxPageSize: DEFAULT_MAX_PAGE_SIZE,
  /** A bad `page` or `page_size` is read leniently (docs/decisions.md, reading numbers). */
  invalid: DEFAULT_INVALID,
  /** A page size over the maximum is served at the maximum. */
  overMax: DEFAULT_OVER_MAX,
  /** A page past the last is served empty. */
  overflow: DEFAULT_OVERFLOW,
  /** Links keep the request's filters, not its page size (docs/decisions.md). */
  linkParams: DEFAULT_LINK_PARAMS,
  /** An empty dataset sends no pagination headers (the spec's). */
  emptyHeaders: DEFAULT_EMPTY_HEADERS,
  /** Query parameters on a body method are a 400. */
  queryOnBodyMethods: DEFAULT_QUERY_ON_BODY_METHODS,
  /** Largest request body read: 1 MiB. */
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  /** The `Retry-After` of a GET's 503 when a resource's `deadline` passes: 1 second. */
  deadlineRetryAfter: DEFAULT_DEADLINE_RETRY_AFTER,
  /** Name of the API version parameter: `version` (Cloudsmith's; the spec names none, section 9). */
  versionParam: DEFAULT_VERSION_PARAM,
  /** Name of the parameter holding the cursor of the page after: `after`. */
  afterParam: DEFAULT_AFTER_PARAM,
  /** Name of the parameter holding the cursor of the page before: `before`. */
  beforeParam: DEFAULT_BEFORE_PARAM,
  /** Name of the parameter choosing a list's order: `sort` (Cloudsmith's; the spec names none). */
  sortParam: DEFAULT_SORT_PARAM,
  /** Longest cursor token read: 2,048 characters (a longer one is a 400 `cursor_too_large`). */
  maxCursorLength: DEFAULT_MAX_CURSOR_LENGTH,
  /**
   * Longest part of a link before its page number or cursor (the base, the path and the query
   * parameters it carries): 2,048 characters as written (percent-encoded). A list refuses a
   * request whose links would be longer with a 414 `uri_too_long`, so its `Link` header stays
   * under 8.5 KB (a cursor list's under 10.5 KB, its tokens at most `maxCursorLength`), half
   * the 16 KiB of response headers Node's `fetch` and `http` read (docs/decisions.md).
   */
  maxLinkLength: DEFAULT_MAX_LINK_LENGTH,
});
