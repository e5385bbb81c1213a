import { PagewiseError, pageOutOfRange } from "../errors.js";
import { assertOption } from "../option-checks.js";
import { DEFAULT_PAGE_PARAM, OVERFLOW, type Overflow } from "../options.js";
import { assertWholeNumber } from "../params/whole-number.js";

/** Input of {@link paginate}: the dataset size and the effective page parameters. */
export interface PageRequest {
  /** Number of items in the whole (filtered) dataset; a non-negative safe integer. */
  readonly count: number;
  /** 1-based page number; a positive safe integer (see {@link parsePageParams}). */
  readonly page: number;
  /** Items per page; a positive safe integer. */
  readonly pageSize: number;
}

/** Options of {@link paginate}. */
export interface PaginateOptions {
  /**
   * A page past the last one: `'empty'` (default) serves no items and keeps the requested page
   * number; `'last'` serves the last page; `'error'` throws a 404 {@link PagewiseError}.
   *
   * @default `'empty'`
   */
  readonly overflow?: Overflow;
  /**
   * Name of the page parameter, reported in the 404 problem.
   *
   * @default `'page'`
   */
  readonly pageParam?: string;
}

/**
 * A page link relation of the spec (section 4.3): `first` and `last` when there is more than one
 * page, `prev` past page 1, `next` before the last page. {@link forEachLinkTarget} gives their order.
 */
export type PageRel = "first" | "prev" | "next" | "last";

/** The link targets a page has: page numbers of its `first`, `prev`, `next` and `last` links. */
export interface LinkTargets {
  readonly first?: number;
  readonly prev?: number;
  readonly next?: number;
  readonly last?: number;
}

/** Which rows a page takes: what a list handler's `items()` receives. */
export interface PageSlice {
  /** The page number (1-based). */
  readonly page: number;
  /** Items per page. */
  readonly pageSize: number;
  /** Rows to skip (SQL `OFFSET`). */
  readonly offset: number;
  /** Rows to take at most (SQL `LIMIT`). */
  readonly limit: number;
}

/** One page of a dataset: what to fetch, and which neighbouring pages exist. */
export interface Page extends PageSlice, LinkTargets {
  /** Items in the whole dataset. */
  readonly count: number;
  /** The page served (1-based); past `pageTotal` only in `'empty'` overflow. */
  readonly page: number;
  /** Items per page. */
  readonly pageSize: number;
  /** Number of pages: `ceil(count / pageSize)`, and 1 for an empty dataset (its one empty page). */
  readonly pageTotal: number;
  /** Index of the page's first item: skip this many (SQL `OFFSET`, `Array#slice` start). */
  readonly offset: number;
  /** Items on this page: take this many (SQL `LIMIT`); 0 when the page is empty. */
  readonly limit: number;
  /** True when the page holds no items (an empty dataset or an overflowed page). */
  readonly isEmpty: boolean;
  /** True when the requested page was past the last page. */
  readonly overflow: boolean;
  /** Page number of the `first` link; present when there is more than one page. */
  readonly first?: number;
  /** Page number of the `prev` link; present when the page is past 1. */
  readonly prev?: number;
  /** Page number of the `next` link; present when the page is before the last. */
  readonly next?: number;
  /** Page number of the `last` link; present when there is more than one page. */
  readonly last?: number;
  /** Never on a page with an exact count (a countless page may carry it). */
  readonly countAtLeast?: undefined;
  /** Never on a page with an exact count (a countless page may carry it). */
  readonly countEstimate?: undefined;
}

/**
 * Computes one page of a dataset per the spec, section 4.3: the page count rounds up, the
 * remainder sits on the final page, and the `first`/`prev`/`next`/`last` targets follow the rel rules.
 * An empty dataset has one empty page and no link targets (it is never paginated).
 *
 * @param request - `{ count, page, pageSize }`, e.g. `count` from your store and the rest from {@link parsePageParams}
 * @param options - `overflow`, default `'empty'`
 * @returns the {@link Page}
 * @throws {PagewiseError} 404 for a page past the last with `overflow: 'error'`
 * @throws {RangeError} when an input is not a safe integer in range (a programming error)
 *
 * @example
 * ```ts
 * const page = paginate({ count: 350, page: 4, pageSize: 100 });
 * // { pageTotal: 4, offset: 300, limit: 50, first: 1, prev: 3, last: 4, ... }
 * const items = rows.slice(page.offset, page.offset + page.limit);
 * ```
 */
export function paginate(request: PageRequest, options: PaginateOptions = {}): Page {
  const { count, pageSize } = request;
  assertWholeNumber("count", count, 0);
  assertWholeNumber("page", request.page, 1);
  assertWholeNumber("pageSize", pageSize, 1);
  assertOption("overflow", options.overflow, OVERFLOW);
  const pageTotal = count === 0 ? 1 : Math.ceil(count / pageSize);
  const overflow = request.page > pageTotal;
  if (overflow && options.overflow === "error") {
    throw pageOutOfRange(request.page, pageTotal, options.pageParam ?? DEFAULT_PAGE_PARAM);
  }
  const page = overflow && options.overflow === "last" ? pageTotal : request.page;
  const offset = page > pageTotal ? count : (page - 1) * pageSize;
  const limit = Math.min(pageSize, count - offset);
  const result: Mutable<Page> = {
    count,
    page,
    pageSize,
    pageTotal,
    offset,
    limit,
    isEmpty: limit === 0,
    overflow,
  };
  if (count === 0) return result; // an empty dataset is never paginated: no link targets
  if (pageTotal > 1) result.first = 1;
  if (page > 1) result.prev = Math.min(page - 1, pageTotal);
  if (page < pageTotal) result.next = page + 1;
  if (pageTotal > 1) result.last = pageTotal;
  return result;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Whether the page has any link target (a {@link Page} built by hand may have only some). */
export function hasLinkTarget(page: LinkTargets): boolean {
  return (
    page.first !== undefined ||
    page.prev !== undefined ||
    page.next !== undefined ||
    page.last !== undefined
  );
}

/**
 * Calls `visit(state, rel, target)` for each link target the page has, in the order pagewise writes
 * them: first, prev, next, last (the one place that order is stated). `state` is passed through, so
 * a hot caller's `visit` needs no closure.
 */
export function forEachLinkTarget<S>(
  page: LinkTargets,
  state: S,
  visit: (state: S, rel: PageRel, target: number) => void,
): void {
  if (page.first !== undefined) visit(state, "first", page.first);
  if (page.prev !== undefined) visit(state, "prev", page.prev);
  if (page.next !== undefined) visit(state, "next", page.next);
  if (page.last !== undefined) visit(state, "last", page.last);
}
