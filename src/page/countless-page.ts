import { pageOutOfRange } from "../errors.js";
import { assertOption } from "../option-checks.js";
import { DEFAULT_PAGE_PARAM, OVERFLOW } from "../options.js";
import { assertWholeNumber } from "../params/whole-number.js";
import {
  type LinkTargets,
  type Page,
  type PageSlice,
  type PaginateOptions,
  paginate,
} from "./paginate.js";

/** Input of {@link paginateCountless}: the requested page, the rows it holds, and whether more follow. */
export interface CountlessPageRequest {
  /** 1-based page number; a positive safe integer. */
  readonly page: number;
  /** Items per page; a positive safe integer. */
  readonly pageSize: number;
  /** Rows on this page: at most `pageSize`. */
  readonly rows: number;
  /** Whether a row follows this page (fetch `pageSize + 1` rows to know). */
  readonly hasMore: boolean;
  /** A lower bound of the total (a capped count over its cap), sent as its own header. */
  readonly countAtLeast?: number | undefined;
  /** An estimate of the total, sent as its own header, never as the count. */
  readonly countEstimate?: number | undefined;
}

/**
 * A page of a list whose size is not known: no `count`, `pageTotal` or `last`. Links `first`
 * (unless this is the only page), `prev` (past page 1) and `next` (when a row follows).
 */
export interface CountlessPage extends PageSlice, LinkTargets {
  readonly count?: undefined;
  readonly pageTotal?: undefined;
  /** Rows on this page. */
  readonly limit: number;
  /** True when the page holds no rows (a page past the end). */
  readonly isEmpty: boolean;
  /** True when the requested page was past the end (no rows, not page 1). */
  readonly overflow: boolean;
  /** Whether a row follows this page. */
  readonly hasMore: boolean;
  /** The total is at least this (`X-Pagination-CountAtLeast`), when a capped count said so. */
  readonly countAtLeast?: number;
  /** The total is about this (`X-Pagination-CountEstimate`), when the handler estimated it. */
  readonly countEstimate?: number;
}

/**
 * One page of a list without a count (a departure from the spec, opt-in, for tables too large to
 * count): `X-Pagination-Page` and `-PageSize` and the links `first`, `prev` and `next`, never a
 * total. When the page itself tells the total (no row follows it, and it holds rows or is page 1)
 * the answer is the spec's after all: a {@link Page} from {@link paginate} with the exact count
 * `offset + rows` (a derived count). A page past the end links only to `first` (the last page is
 * not known). A bound or an estimate of the total (`countAtLeast`, `countEstimate`) goes out in
 * its own header while the total is not known, never as `X-Pagination-Count`.
 *
 * @param request - `{ page, pageSize, rows, hasMore }`
 * @param options - `overflow`: `'error'` answers 404 for a page past the end; `'last'` cannot find
 *   the last page without a count and serves the empty page as `'empty'` does
 * @returns a {@link CountlessPage}, or a {@link Page} when the total is known
 * @throws {PagewiseError} 404 for a page past the end with `overflow: 'error'`
 * @throws {RangeError} when an input is not a safe integer in range (a programming error)
 * @example
 * ```ts
 * const rows = await db.query("… LIMIT $1 OFFSET $2", [pageSize + 1, (page - 1) * pageSize]);
 * const served = paginateCountless({ page, pageSize, rows: Math.min(rows.length, pageSize), hasMore: rows.length > pageSize });
 * ```
 */
export function paginateCountless(
  request: CountlessPageRequest,
  options: PaginateOptions = {},
): CountlessPage | Page {
  const { page, pageSize, rows, hasMore } = request;
  assertWholeNumber("page", page, 1);
  assertWholeNumber("pageSize", pageSize, 1);
  assertWholeNumber("rows", rows, 0, pageSize);
  assertOption("overflow", options.overflow, OVERFLOW);
  const offset = (page - 1) * pageSize;
  if (!hasMore && (rows > 0 || page === 1)) {
    return paginate({ count: offset + rows, page, pageSize }, options);
  }
  const overflow = rows === 0;
  if (overflow && options.overflow === "error") {
    throw pageOutOfRange(page, undefined, options.pageParam ?? DEFAULT_PAGE_PARAM);
  }
  const result: { -readonly [K in keyof CountlessPage]: CountlessPage[K] } = {
    page,
    pageSize,
    offset,
    limit: rows,
    isEmpty: rows === 0,
    overflow,
    hasMore,
    first: 1,
  };
  if (page > 1 && !overflow) result.prev = page - 1;
  if (hasMore) result.next = page + 1;
  const { countAtLeast, countEstimate } = request;
  if (countAtLeast !== undefined) {
    assertWholeNumber("countAtLeast", countAtLeast, 1);
    result.countAtLeast = countAtLeast;
  }
  if (countEstimate !== undefined) {
    assertWholeNumber("countEstimate", countEstimate, 0);
    result.countEstimate = countEstimate;
  }
  return result;
}
