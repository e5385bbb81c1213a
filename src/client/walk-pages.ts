import { assertOption, assertParamName } from "../option-checks.js";
import { DEFAULT_PAGE_PARAM, DEFAULT_PAGE_SIZE_PARAM, DEFAULT_SORT_PARAM } from "../options.js";
import { assertWholeNumber } from "../params/whole-number.js";
import { abortWith } from "./abort-with.js";
import type { PreparedRequest } from "./build-request.js";
import { followNextLinks } from "./follow-next-links.js";
import { atMostPages } from "./page-bound.js";
import { EDGE_CHECKS } from "./repair/page-edge.js";
import { createRepair } from "./repair/repair.js";
import { sortText } from "./sort-text.js";
import { assertTrustedOrigins } from "./trusted-origins.js";
import { MAX_TIMER_MS } from "./walk-bounds.js";
import { walkConcurrently } from "./walk-concurrently.js";
import { prepareWalk } from "./walk-context.js";
import type { FetchedPage, WalkOptions } from "./walk-options.js";

export type { FetchedPage, ListChange, WalkOptions } from "./walk-options.js";

/**
 * Walks a paginated list page by page: follows `rel="next"` (expanding RFC 6570 links), or with
 * `concurrency` > 1 fetches the pages `X-Pagination-PageTotal` announces (beside a count) on the
 * first page fetched, several at a time, and yields them in order. Retries 429/503 after `Retry-After`; stops at an `AbortSignal`.
 * Bounds every request in time and bytes (`timeoutMs`, `maxPageBytes`), and the walk in pages if asked (`maxPages`).
 * Sends requests to the start URL's origin only, unless `trustedOrigins` names others.
 *
 * @param start - the first page's URL (absolute, or relative to the page in a browser) or a {@link PreparedRequest}
 * @param options - see {@link WalkOptions}
 * @throws {RangeError} at once, before any request, for a `concurrency`, `pageSize`, `retries`,
 *   `maxRetryDelayMs`, `timeoutMs`, `maxPageBytes` or `maxPages` that is not a whole number in its
 *   range (see {@link WalkOptions})
 * @throws {TypeError} at once, for a `checkEdges` not in {@link EDGE_CHECKS}, `'always'` with a
 *   `concurrency` over 1 (a concurrent walk checks pages by their count and number), a
 *   `pageParam`, `pageSizeParam` or `sortParam` that is empty or another's, a `sort` that is not
 *   a sort text or an array of fields (an empty item, a field twice: see `sortText`), or a
 *   `trustedOrigins` entry that is not an origin
 * @throws {PaginationError} for an error status, a `next` link seen before, an empty page with a
 *   `next` link, a body that is not a JSON array, a link or redirect to an origin the walk
 *   does not trust (see {@link WalkOptions.trustedOrigins}), or a `next` link that asks for
 *   another order than the walk's `sort` (see {@link WalkOptions.sort}), or a bound gone over:
 *   a request's time (`timeout`) or body (`page_too_large`), a `Retry-After` past the longest
 *   wait (`wait_too_long`), the most pages (`max_pages`)
 */
export function walkPages<T = unknown>(
  start: string | PreparedRequest,
  options: WalkOptions<T> = {},
): AsyncGenerator<FetchedPage<T>, void, undefined> {
  assertWalkOptions(options as WalkOptions);
  return atMostPages(pagesOf<T>(start, options as WalkOptions), options.maxPages);
}

/**
 * Walks a paginated list item by item, in order (see {@link walkPages}).
 *
 * @throws {RangeError} or {TypeError} at once, before any request, for the options
 *   {@link walkPages} refuses
 * @example
 * ```ts
 * for await (const pkg of walkItems("http://127.0.0.1:3000/package/demo/tools/packages/", {
 *   apiKey: "dev-key", pageSize: 100, concurrency: 4,
 * })) console.log(pkg);
 * ```
 */
export function walkItems<T = unknown>(
  start: string | PreparedRequest,
  options: WalkOptions<T> = {},
): AsyncGenerator<T, void, undefined> {
  return itemsOf(walkPages<T>(start, options));
}

async function* pagesOf<T>(
  start: string | PreparedRequest,
  options: WalkOptions,
): AsyncGenerator<FetchedPage<T>, void, undefined> {
  // Ends every request still in flight when the walk ends early: an error, a `break`, an abort.
  const stop = new AbortController();
  const untie = abortWith(stop, options.signal);
  try {
    const walk = prepareWalk(start, options, stop.signal);
    const first = await walk.fetchPage<T>(walk.startUrl);
    walk.notePage(first);
    yield first;
    const repair = createRepair<T>(walk, options, first);
    // Pages fetched at once fit together only while their count says the list is as it was.
    const concurrent =
      walk.concurrency > 1 && first.pageTotal !== undefined && first.count !== undefined;
    yield* concurrent
      ? walkConcurrently(walk, repair, first)
      : followNextLinks(walk, repair, first);
  } finally {
    untie();
    stop.abort();
  }
}

async function* itemsOf<T>(
  pages: AsyncGenerator<FetchedPage<T>, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page.items;
}

/** Counts in a walk's options: whole numbers in these ranges, or absent. */
const COUNT_OPTIONS = [
  ["concurrency", 1, Number.MAX_SAFE_INTEGER],
  ["pageSize", 1, Number.MAX_SAFE_INTEGER],
  ["retries", 0, Number.MAX_SAFE_INTEGER],
  ["maxRetryDelayMs", 0, MAX_TIMER_MS],
  ["timeoutMs", 1, MAX_TIMER_MS],
  ["maxPageBytes", 1, Number.MAX_SAFE_INTEGER],
  ["maxPages", 1, Number.MAX_SAFE_INTEGER],
] as const;

function assertWalkOptions(options: WalkOptions): void {
  for (const [name, min, max] of COUNT_OPTIONS) {
    const value = options[name];
    if (value !== undefined) assertWholeNumber(name, value, min, max);
  }
  const {
    pageParam = DEFAULT_PAGE_PARAM,
    pageSizeParam = DEFAULT_PAGE_SIZE_PARAM,
    sortParam = DEFAULT_SORT_PARAM,
  } = options;
  const names = [
    ["pageParam", pageParam],
    ["pageSizeParam", pageSizeParam],
    ["sortParam", sortParam],
  ] as const;
  for (const [name, value] of names) assertParamName(name, value);
  names.forEach(([name, value], index) => {
    const other = names.slice(0, index).find(([, earlier]) => earlier === value);
    if (other !== undefined) {
      throw new TypeError(`${other[0]} and ${name} must differ; both are ${JSON.stringify(value)}`);
    }
  });
  if (options.sort !== undefined) sortText("sort", options.sort);
  assertTrustedOrigins(options.trustedOrigins);
  assertOption("checkEdges", options.checkEdges, EDGE_CHECKS);
  if (options.checkEdges === "always" && (options.concurrency ?? 1) > 1) {
    throw new TypeError(
      "checkEdges 'always' needs concurrency 1: a concurrent walk fetches pages at once and checks them by their count and page number",
    );
  }
}
