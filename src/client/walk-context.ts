import { DEFAULT_PAGE_PARAM, DEFAULT_PAGE_SIZE_PARAM, DEFAULT_SORT_PARAM } from "../options.js";
import { headerNamePresets } from "../page/header-name-presets.js";
import { readDigits } from "../params/whole-number.js";
import { boundedFetch } from "./bounded-fetch.js";
import type { PreparedRequest } from "./build-request.js";
import { fetchOnTrustedOrigins } from "./fetch-on-trusted-origins.js";
import { fetchWithRetry } from "./fetch-with-retry.js";
import type { WalkSort } from "./kept-sort.js";
import { PaginationError } from "./pagination-error.js";
import { requestSignals } from "./request-signal.js";
import { sortText } from "./sort-text.js";
import { originGuard } from "./trusted-origins.js";
import { DEFAULT_MAX_PAGE_BYTES, DEFAULT_TIMEOUT_MS } from "./walk-bounds.js";
import type { FetchedPage, WalkOptions } from "./walk-options.js";

/** One walk's settings and state, shared by the ways it goes through pages. */
export interface Walk extends WalkSort {
  /** The first page's absolute URL, with the walk's page size and sort. */
  readonly startUrl: string;
  readonly pageParam: string;
  readonly pageSizeParam: string;
  readonly pageSize: number | undefined;
  readonly concurrency: number;
  /** Ends the walk's requests: the caller's signal, or the walk ending early. */
  readonly signal: AbortSignal;
  /** Fetches a page. */
  fetchPage<T>(url: string): Promise<FetchedPage<T>>;
  /**
   * Reports a page yielded in its turn (not one read again to make up for rows that moved: its
   * count is not news): progress, and a change it shows, once: its count, or `moved` (another row
   * at its edge, or no rows where a next link led).
   */
  notePage(page: FetchedPage<unknown>, moved?: boolean): void;
  /** Reports a change seen where no page is yielded (a page now past the end). */
  reportMove(url: string): void;
}

/**
 * A walk's settings from its start and options: the start URL with the page size and sort (each
 * the option's, else the start URL's), the request every page is fetched with, and how pages are
 * fetched and changes reported.
 *
 * @param start - the first page's URL or a prepared request
 * @param options - the walk's options, checked already
 * @param signal - ends every request of the walk
 */
export function prepareWalk(
  start: string | PreparedRequest,
  options: WalkOptions,
  signal: AbortSignal,
): Walk {
  const {
    pageParam = DEFAULT_PAGE_PARAM,
    pageSizeParam = DEFAULT_PAGE_SIZE_PARAM,
    sortParam = DEFAULT_SORT_PARAM,
  } = options;
  const request: { url: string; init: RequestInit } =
    typeof start === "string" ? { url: start, init: {} } : start;
  const startUrl = new URL(request.url, globalThis.location?.href);
  const pageSize = options.pageSize ?? readDigits(startUrl.searchParams.get(pageSizeParam));
  if (pageSize !== undefined) startUrl.searchParams.set(pageSizeParam, String(pageSize));
  const sort = startSort(startUrl, sortParam, options);
  let lastCount: number | undefined;
  let pages = 0;
  return {
    startUrl: startUrl.href,
    pageParam,
    pageSizeParam,
    pageSize,
    sortParam,
    sort,
    concurrency: options.concurrency ?? 1,
    signal,
    fetchPage: pageFetcher(startUrl.href, request.init, options, signal),
    notePage(page, moved = false) {
      options.onProgress?.({ pages: ++pages, pageTotal: page.pageTotal });
      const { count } = page;
      const changed = lastCount !== undefined && count !== undefined && count !== lastCount;
      if (changed || moved) {
        const counts = changed ? { count: { from: lastCount as number, to: count } } : {};
        options.onListChange?.({ url: page.url, ...counts });
      }
      if (count !== undefined) lastCount = count;
    },
    reportMove: (url) => options.onListChange?.({ url }),
  };
}

/**
 * The walk's sort, put on the start URL: the option's (checked already), over the start URL's;
 * else the start URL's, when it asks for one order. Empty there (the server's default order) or
 * given twice (the server's 400), there is no order to keep.
 */
function startSort(startUrl: URL, sortParam: string, options: WalkOptions): string | undefined {
  if (options.sort !== undefined) {
    const sort = sortText("sort", options.sort);
    startUrl.searchParams.set(sortParam, sort);
    return sort;
  }
  const given = startUrl.searchParams.getAll(sortParam);
  return given.length === 1 && given[0] !== "" ? given[0] : undefined;
}

/**
 * Fetches and reads pages with the walk's request, retries and signal, on the origins the walk
 * trusts only (see `fetchOnTrustedOrigins`), each request within the walk's bounds (see
 * `boundedFetch`).
 */
function pageFetcher(
  startUrl: string,
  requestInit: RequestInit,
  options: WalkOptions,
  walkSignal: AbortSignal,
): Walk["fetchPage"] {
  const headers = { ...(requestInit.headers as Record<string, string>), ...options.headers };
  if (options.apiKey !== undefined) headers["X-Api-Key"] = options.apiKey;
  const init: RequestInit = { ...requestInit, method: "GET", headers };
  const fetcher = boundedFetch(
    fetchOnTrustedOrigins(
      options.fetch ?? globalThis.fetch.bind(globalThis),
      originGuard(startUrl, options.trustedOrigins),
    ),
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxPageBytes: options.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES,
    },
  );
  const retryOptions = {
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(options.maxRetryDelayMs === undefined ? {} : { maxRetryDelayMs: options.maxRetryDelayMs }),
    onWait: options.onWait,
  };
  const requestSignal = requestSignals(walkSignal);
  return async <T>(url: string): Promise<FetchedPage<T>> => {
    const { signal, release } = requestSignal();
    try {
      const retry = { ...retryOptions, signal };
      return await readPage<T>(url, await fetchWithRetry(fetcher, url, init, retry));
    } finally {
      release();
    }
  };
}

async function readPage<T>(url: string, response: Response): Promise<FetchedPage<T>> {
  const text = await response.text();
  const body = parseJson(text);
  if (!response.ok) {
    throw new PaginationError(
      "http_error",
      `GET ${url} answered ${response.status}`,
      url,
      response.status,
      body ?? text,
    );
  }
  if (!Array.isArray(body))
    throw new PaginationError("not_an_array", `GET ${url} did not answer a JSON array`, url);
  const header = (name: string) => readDigits(response.headers.get(name));
  const names = headerNamePresets.xPagination;
  return {
    url,
    items: body as T[],
    headers: response.headers,
    count: header(names.count),
    page: header(names.page),
    pageTotal: header(names.pageTotal),
    countAtLeast: header(names.countAtLeast),
    countEstimate: header(names.countEstimate),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
