/**
 * The part of a list a walk covers, for its progress: from its first page to the end. A walk that
 * goes on `--from` page 900 of 1000 covers 101 pages, and the items on them, not the list's all.
 */
import type { FetchedPage } from "../client/walk-options.js";
import { headerNamePresets } from "../page/header-name-presets.js";
import { readDigits } from "../params/whole-number.js";
import type { ProgressFigures } from "./progress-text.js";

/** The totals of the pages a walk covers, as its progress shows them. */
export type SpanTotals = Pick<ProgressFigures, "count" | "pageTotal" | "fromPage">;

/**
 * The page size a page was served at (`X-Pagination-PageSize`), when sent.
 *
 * @param page - a page of the walk
 * @example
 * ```ts
 * servedPageSize(page); // 500
 * ```
 */
export function servedPageSize(page: Pick<FetchedPage<unknown>, "headers">): number | undefined {
  return readDigits(page.headers.get(headerNamePresets.xPagination.pageSize));
}

/**
 * Reads a walk's pages, in order, into the totals of what it covers: the list's latest page total
 * and count (each page's, else the last sent) less the pages before the first page the walk read
 * (its `X-Pagination-Page`) and the items on them (at its `X-Pagination-PageSize`). A walk that
 * went on from a page without a number (a cursor) cannot know what it skipped: no totals.
 *
 * @param resumed - whether the walk goes on `--from` a page rather than the list's start
 * @returns told each page in turn, the totals so far
 * @example
 * ```ts
 * const span = walkSpan(true);
 * span(pageNine); // { pageTotal: 2, count: 15, fromPage: 9 } of 10 pages of 10, 95 items
 * ```
 */
export function walkSpan(resumed: boolean): (page: FetchedPage<unknown>) => SpanTotals {
  let first: FetchedPage<unknown> | undefined;
  let count: number | undefined;
  let pageTotal: number | undefined;
  return (page) => {
    first ??= page;
    count = page.count ?? count;
    pageTotal = page.pageTotal ?? pageTotal;
    const from = first.page ?? (resumed ? undefined : 1);
    if (from === undefined) return { count: undefined, pageTotal: undefined };
    if (from === 1) return { count, pageTotal };
    const size = servedPageSize(first);
    return {
      pageTotal: pageTotal === undefined ? undefined : Math.max(0, pageTotal - (from - 1)),
      count:
        count === undefined || size === undefined
          ? undefined
          : Math.max(0, count - (from - 1) * size),
      fromPage: from,
    };
  };
}
