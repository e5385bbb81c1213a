import { assertOption } from "../option-checks.js";
import { DEFAULT_PAGE_PARAM, DEFAULT_PAGE_SIZE_PARAM } from "../options.js";
import { readDigits } from "../params/whole-number.js";
import type { PreparedRequest } from "./build-request.js";
import { expandTemplate } from "./expand-template.js";
import { fetchWithRetry, type RetryOptions } from "./fetch-with-retry.js";
import { EDGE_CHECKS, type EdgeCheck, edgeMove, edgeUrl } from "./page-edge.js";
import { PaginationError } from "./pagination-error.js";
import { parseLinkHeader } from "./parse-link-header.js";
import { requestSignals } from "./request-signal.js";

/** Options of {@link walkPages} and {@link walkItems}. */
export interface WalkOptions extends RetryOptions {
  /**
   * The fetch to use.
   *
   * @default `globalThis.fetch`
   */
  readonly fetch?: typeof fetch;
  /** Sent as `X-Api-Key` with every request. */
  readonly apiKey?: string;
  /** More request headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Items per page, sent as `page_size` and kept on every page, also when the server's links carry
   * only `page` (the spec's default). Default: the start URL's `page_size`, if any.
   */
  readonly pageSize?: number;
  /** Names of the page and page-size parameters. Defaults `'page'`, `'page_size'`. */
  readonly pageParam?: string;
  readonly pageSizeParam?: string;
  /**
   * Pages in flight at once. 1 (default) follows `rel="next"` links; more reads
   * `X-Pagination-PageTotal` from the first page and fetches the rest concurrently, in order.
   *
   * @default 1
   */
  readonly concurrency?: number;
  /**
   * When to read the row just before a page (one row, page `page × size` at size 1, fetched
   * beside the page) to see rows that moved under a walk by next links: `'uncounted'` on pages
   * without `X-Pagination-Count` (a capped, estimated or countless list, where no count shows a
   * change), `'always'`, or `'never'`. Only against a server that sends `X-Pagination-Page` and
   * `-PageSize` and links pages by number.
   *
   * @default 'uncounted'
   */
  readonly checkEdges?: EdgeCheck;
  /**
   * Called once for each page that shows the list changed during the walk (rows created or
   * deleted): its `X-Pagination-Count` differs from the one before (`count` says from what to
   * what), or another row now stands just before it (an edge check). Following next links by page
   * number, the walk then makes up for what moved: rows moved onto pages already read are read
   * again (up to 10 pages back) and yielded, rows read before and moved onto this page are dropped
   * (rows told apart by their JSON, so rows with an id). A concurrent walk goes on past a page
   * total that grew. A cursor list needs none of this.
   */
  readonly onListChange?: (change: {
    readonly url: string;
    readonly count?: { readonly from: number; readonly to: number };
  }) => void;
  /** Called after each page: pages done so far, and the page total when the server sends it. */
  readonly onProgress?: (progress: {
    readonly pages: number;
    readonly pageTotal: number | undefined;
  }) => void;
}

/** One page of a walk. */
export interface FetchedPage<T> {
  readonly url: string;
  readonly items: T[];
  readonly headers: Headers;
  /** `X-Pagination-Count`, `X-Pagination-Page` and `X-Pagination-PageTotal`, when sent. */
  readonly count: number | undefined;
  readonly page: number | undefined;
  readonly pageTotal: number | undefined;
  /**
   * `X-Pagination-CountAtLeast`: the total is at least this (a capped count over its cap), sent
   * instead of the count; the list is walked by `next` links.
   */
  readonly countAtLeast: number | undefined;
  /** `X-Pagination-CountEstimate`: about this many in all, an estimate, never the count. */
  readonly countEstimate: number | undefined;
}

/**
 * Walks a paginated list page by page: follows `rel="next"` (expanding RFC 6570 links), or with
 * `concurrency` > 1 fetches the pages `X-Pagination-PageTotal` announces, several at a time, and
 * yields them in order. Retries 429/503 after `Retry-After`; stops at an `AbortSignal`.
 *
 * @param start - the first page's URL (absolute, or relative to the page in a browser) or a {@link PreparedRequest}
 * @param options - see {@link WalkOptions}
 * @throws {RangeError} at once, before any request, for a `concurrency`, `pageSize`, `retries` or
 *   `maxRetryDelayMs` that is not a whole number (`concurrency` and `pageSize` at least 1)
 * @throws {PaginationError} for an error status, a `next` link seen before, an empty page with a
 *   `next` link, or a body that is not a JSON array
 */
export function walkPages<T = unknown>(
  start: string | PreparedRequest,
  options: WalkOptions = {},
): AsyncGenerator<FetchedPage<T>, void, undefined> {
  assertWalkOptions(options);
  assertOption("checkEdges", options.checkEdges, EDGE_CHECKS);
  return pagesOf<T>(start, options);
}

/**
 * Walks a paginated list item by item, in order (see {@link walkPages}).
 *
 * @throws {RangeError} at once, before any request, for the options {@link walkPages} refuses
 * @example
 * ```ts
 * for await (const pkg of walkItems("http://127.0.0.1:3000/package/demo/tools/packages/", {
 *   apiKey: "dev-key", pageSize: 100, concurrency: 4,
 * })) console.log(pkg);
 * ```
 */
export function walkItems<T = unknown>(
  start: string | PreparedRequest,
  options: WalkOptions = {},
): AsyncGenerator<T, void, undefined> {
  return itemsOf(walkPages<T>(start, options));
}

async function* pagesOf<T>(
  start: string | PreparedRequest,
  options: WalkOptions,
): AsyncGenerator<FetchedPage<T>, void, undefined> {
  // Ends every request still in flight when the walk ends early: an error, a `break`, an abort.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const walk = prepareWalk(start, options, signal);
  try {
    const first = await walk.fetchPage<T>(walk.startUrl);
    walk.noteChange(first);
    yield first;
    const concurrent = (options.concurrency ?? 1) > 1 && first.pageTotal !== undefined;
    for await (const page of concurrent
      ? walkConcurrently(walk, first)
      : followNextLinks(walk, first)) {
      // A page read again carries the new count: the change is the page's that showed it.
      if (!reread.has(page)) walk.noteChange(page);
      yield page;
    }
  } finally {
    stop.abort();
  }
}

async function* itemsOf<T>(
  pages: AsyncGenerator<FetchedPage<T>, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) yield* page.items;
}

/** The longest delay `setTimeout` keeps (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Counts in a walk's options: whole numbers in these ranges, or absent. */
const COUNT_OPTIONS = [
  ["concurrency", 1, Number.MAX_SAFE_INTEGER],
  ["pageSize", 1, Number.MAX_SAFE_INTEGER],
  ["retries", 0, Number.MAX_SAFE_INTEGER],
  ["maxRetryDelayMs", 0, MAX_TIMER_MS],
] as const;

function assertWalkOptions(options: WalkOptions): void {
  for (const [name, min, max] of COUNT_OPTIONS) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= min && value <= max)) {
      const range = max === MAX_TIMER_MS ? `from ${min} to ${max}` : `of at least ${min}`;
      throw new RangeError(`${name} must be a whole number ${range}; got ${String(value)}`);
    }
  }
}

type Walk = ReturnType<typeof prepareWalk>;

function prepareWalk(
  start: string | PreparedRequest,
  options: WalkOptions,
  walkSignal: AbortSignal,
) {
  const { pageParam = DEFAULT_PAGE_PARAM, pageSizeParam = DEFAULT_PAGE_SIZE_PARAM } = options;
  const request: { url: string; init: RequestInit } =
    typeof start === "string" ? { url: start, init: {} } : start;
  const startUrl = new URL(request.url, globalThis.location?.href);
  const pageSize = options.pageSize ?? readDigits(startUrl.searchParams.get(pageSizeParam));
  if (pageSize !== undefined) startUrl.searchParams.set(pageSizeParam, String(pageSize));
  const headers = { ...(request.init.headers as Record<string, string>), ...options.headers };
  if (options.apiKey !== undefined) headers["X-Api-Key"] = options.apiKey;
  const init: RequestInit = { ...request.init, method: "GET", headers };
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  let pagesDone = 0;
  const retryOptions = {
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(options.maxRetryDelayMs === undefined ? {} : { maxRetryDelayMs: options.maxRetryDelayMs }),
  };
  let lastCount: number | undefined;
  const requestSignal = requestSignals(walkSignal);
  /** Fetches a page; `edge` for the one row of an edge check, which is not a page done. */
  const fetchPage = async <T>(url: string, edge = false): Promise<FetchedPage<T>> => {
    const { signal, release } = requestSignal();
    try {
      const retry = { ...retryOptions, signal };
      const page = await readPage<T>(url, await fetchWithRetry(fetcher, url, init, retry));
      if (!edge) options.onProgress?.({ pages: ++pagesDone, pageTotal: page.pageTotal });
      return page;
    } finally {
      release();
    }
  };
  /**
   * Reports a page whose count differs from the last count seen, or whose edge moved, once, as
   * pages are yielded (in order).
   */
  const noteChange = <T>(page: FetchedPage<T>) => {
    const changed = lastCount !== undefined && page.count !== undefined && page.count !== lastCount;
    if (changed || movedAtEdge.has(page)) {
      const count = changed
        ? { count: { from: lastCount as number, to: page.count as number } }
        : {};
      options.onListChange?.({ url: page.url, ...count });
    }
    if (page.count !== undefined) lastCount = page.count;
  };
  return {
    startUrl: startUrl.href,
    pageParam,
    pageSizeParam,
    pageSize,
    options,
    checkEdges: options.checkEdges ?? "uncounted",
    fetchPage,
    noteChange,
  };
}

/** Pages read again to make up for rows that moved (their count is not news). */
const reread = new WeakSet<object>();

/** Pages past an edge where another row stood than the last one read: the list changed. */
const movedAtEdge = new WeakSet<object>();

/** Pages a walk looks back over when a list shrank under it, at most. */
const MAX_PAGES_BACK = 10;

async function* followNextLinks<T>(
  walk: Walk,
  first: FetchedPage<T>,
): AsyncGenerator<FetchedPage<T>> {
  const seen = new Set([first.url]);
  // The last pages' items as yielded: what a page that moved under the walk is told apart from.
  const recent: (readonly T[])[] = [first.items];
  const wanted = (read: FetchedPage<T>) =>
    walk.checkEdges === "always" || (walk.checkEdges === "uncounted" && read.count === undefined);
  let page = first;
  for (let next = nextUrl(walk, page); next !== undefined; next = nextUrl(walk, page)) {
    if (seen.has(next))
      throw new PaginationError("link_loop", `The next link leads back to ${next}`, page.url);
    if (page.items.length === 0) {
      throw new PaginationError(
        "empty_page_with_next",
        "An empty page links to a next page",
        page.url,
      );
    }
    seen.add(next);
    const previous = page;
    // The row now just before the next page, read beside it where no count would show a move.
    let edge = wanted(previous) ? rowAtEdge(walk, previous, next) : undefined;
    try {
      page = await walk.fetchPage<T>(next);
    } catch (error) {
      if (!pastTheEnd(error)) throw error;
      // The list shrank under the walk to end before this page (a server answering 404 there):
      // the pages before are read again for the rows that moved onto them, and the walk ends.
      const number = readDigits(new URL(next).searchParams.get(walk.pageParam));
      const gone = { ...previous, url: next, page: number, count: undefined };
      yield* pagesBack(walk, gone, Number.POSITIVE_INFINITY, keysOf(recent));
      return;
    }
    edge ??= wanted(page) ? rowAtEdge(walk, previous, next) : undefined;
    const served = yield* madeUpFor(walk, previous, page, await edge, recent);
    recent.push(served.items);
    while (recent.length > 2 * MAX_PAGES_BACK + 1) recent.shift();
    yield served;
  }
}

/**
 * Makes up for rows that moved between `previous` and `page`, as the edge check or the counts
 * show: yields the rows moved back onto pages already read (read again), and returns `page`
 * without the rows it repeats. A page where nothing moved is returned as it is.
 */
async function* madeUpFor<T>(
  walk: Walk,
  previous: FetchedPage<T>,
  page: FetchedPage<T>,
  edge: EdgeRow,
  recent: (readonly T[])[],
): AsyncGenerator<FetchedPage<T>, FetchedPage<T>> {
  let keys: Set<string> | undefined;
  const known = () => {
    keys ??= keysOf(recent);
    return keys;
  };
  const last = JSON.stringify(previous.items.at(-1));
  const move = edge === undefined ? undefined : edgeMove(last, edge.row, known);
  const before = previous.count;
  const counted = before !== undefined && page.count !== undefined && page.count !== before;
  if (move === "held" ? !counted : move === undefined && !counted) return page;
  // Fewer rows before the page moved the rest back onto pages already read (read again here);
  // more moved rows already read onto this page (dropped from it).
  const missed =
    move === "shrank"
      ? pagesBackToKnown(walk, previous, known())
      : move !== "grew" && counted && (page.count as number) < before
        ? pagesBack(walk, page, before - (page.count as number), known())
        : undefined;
  for await (const again of missed ?? []) {
    recent.push(again.items);
    yield again;
  }
  const seenRows = known();
  const served = {
    ...page,
    items: page.items.filter((item) => !seenRows.has(JSON.stringify(item))),
  };
  if (move === "grew" || move === "shrank") movedAtEdge.add(served);
  return served;
}

/** A 404 `page_out_of_range` problem: the page asked for lies past the end of the list. */
function pastTheEnd(error: unknown): boolean {
  return (
    error instanceof PaginationError &&
    error.status === 404 &&
    (error.body as { code?: unknown } | null | undefined)?.code === "page_out_of_range"
  );
}

/** The items of the recent pages as JSON: how a walk tells a row it yielded from another. */
function keysOf<T>(recent: readonly (readonly T[])[]): Set<string> {
  return new Set(recent.flatMap((items) => items.map((item) => JSON.stringify(item))));
}

/**
 * What an edge check read: the JSON of the row standing just before the next page (undefined
 * when the list now ends before it), or undefined when there was no check.
 */
type EdgeRow = { readonly row: string | undefined } | undefined;

/**
 * The row now standing where the last row of `previous` stood, fetched on its own (page
 * `page × size` at size 1, see {@link edgeUrl}); undefined, and nothing fetched, when the server
 * cannot be asked: `previous` is not a full page that said its number and size, or `next` is not
 * the page after it by number. An answer that is not one row's page is no check either.
 */
function rowAtEdge<T>(
  walk: Walk,
  previous: FetchedPage<T>,
  next: string,
): Promise<EdgeRow> | undefined {
  const size = readDigits(previous.headers.get("x-pagination-pagesize"));
  if (previous.page === undefined || size === undefined || previous.items.length !== size) {
    return undefined;
  }
  const url = edgeUrl(next, previous.page, size, walk);
  if (url === undefined) return undefined;
  const number = previous.page * size;
  const read = walk.fetchPage<T>(url, true).then(
    (edge): EdgeRow => {
      if (readDigits(edge.headers.get("x-pagination-pagesize")) !== 1) return undefined;
      const there = edge.page === number && edge.items.length > 0;
      return { row: there ? JSON.stringify(edge.items[0]) : undefined };
    },
    (error: unknown): EdgeRow => {
      if (pastTheEnd(error)) return { row: undefined };
      throw error;
    },
  );
  // Observed at once: the walk may end (an error on the page) before it awaits this.
  read.catch(() => undefined);
  return read;
}

/**
 * After `shrunk` rows went from before `page`: the pages before it fetched again (as many as the
 * rows can fill, at most {@link MAX_PAGES_BACK}), each with only the items not yielded yet, so a
 * row that stayed in the list is not skipped. Needs the page's number and size.
 */
async function* pagesBack<T>(
  walk: Walk,
  page: FetchedPage<T>,
  shrunk: number,
  known: Set<string>,
): AsyncGenerator<FetchedPage<T>> {
  const current = page.page ?? readDigits(new URL(page.url).searchParams.get(walk.pageParam));
  const size = readDigits(page.headers.get("x-pagination-pagesize")) ?? walk.pageSize;
  if (current === undefined || size === undefined || current <= 1) return;
  const from = Math.max(1, current - Math.min(MAX_PAGES_BACK, Math.ceil(shrunk / size)));
  for (let number = from; number < current; number++) {
    const missed = unseen(await walk.fetchPage<T>(pageUrl(walk, page.url, number)), known);
    if (missed !== undefined) yield missed;
  }
}

/**
 * After an edge check found another row where the last one read stood, and not one read before:
 * the pages up to that edge read again, back from the last until one begins with a row read
 * before (every row that moved back lies after it) or {@link MAX_PAGES_BACK} pages, each yielded
 * in order with only the items not yielded yet.
 */
async function* pagesBackToKnown<T>(
  walk: Walk,
  previous: FetchedPage<T>,
  known: Set<string>,
): AsyncGenerator<FetchedPage<T>> {
  const last = previous.page ?? 1;
  const again: FetchedPage<T>[] = [];
  for (let number = last; number >= 1 && number > last - MAX_PAGES_BACK; number--) {
    const read = await walk.fetchPage<T>(pageUrl(walk, previous.url, number));
    again.unshift(read);
    if (read.items.length > 0 && known.has(JSON.stringify(read.items[0]))) break;
  }
  for (const read of again) {
    const missed = unseen(read, known);
    if (missed !== undefined) yield missed;
  }
}

/** `url` asking for page `number`. */
function pageUrl(walk: Walk, url: string, number: number): string {
  const target = new URL(url);
  target.searchParams.set(walk.pageParam, String(number));
  return target.href;
}

/**
 * A page read again with only the items not yielded yet (added to `known`, and the page marked
 * as read again), or undefined when it holds none.
 */
function unseen<T>(page: FetchedPage<T>, known: Set<string>): FetchedPage<T> | undefined {
  const missed = page.items.filter((item) => {
    const key = JSON.stringify(item);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  if (missed.length === 0) return undefined;
  const recovered = { ...page, items: missed };
  reread.add(recovered);
  return recovered;
}

async function* walkConcurrently<T>(
  walk: Walk,
  first: FetchedPage<T>,
): AsyncGenerator<FetchedPage<T>> {
  const from =
    (first.page ?? readDigits(new URL(walk.startUrl).searchParams.get(walk.pageParam)) ?? 1) + 1;
  const total = first.pageTotal ?? 0;
  const concurrency = walk.options.concurrency ?? 1;
  const inFlight: { readonly number: number; readonly page: Promise<FetchedPage<T>> }[] = [];
  let launched = from;
  const launch = () => {
    const url = new URL(walk.startUrl);
    const number = launched++;
    url.searchParams.set(walk.pageParam, String(number));
    const page = walk.fetchPage<T>(url.href);
    // Observed at once: a later page failing while an earlier one loads is reported in order,
    // never as an unhandled rejection.
    page.catch(() => undefined);
    inFlight.push({ number, page });
  };
  while (launched <= total && inFlight.length < concurrency) launch();
  let last = first;
  while (inFlight.length > 0) {
    const { number, page: pending } = inFlight.shift() as (typeof inFlight)[number];
    const page = await pending;
    // The list changed under the walk (another count, or another page served for this one):
    // the pages fetched at once no longer fit together. Drop them and go on by next links from
    // the last page that did, which make up for what moved.
    const moved =
      (page.page !== undefined && page.page !== number) ||
      (first.count !== undefined && page.count !== undefined && page.count !== first.count);
    if (moved) break;
    if (launched <= total) launch();
    last = page;
    yield page;
  }
  // The list grew or changed during the walk: go on by the last good page's next links.
  yield* followNextLinks(walk, last);
}

/** The next page's absolute URL: the `next` link, expanded, resolved, with the walk's page size. */
function nextUrl<T>(walk: Walk, page: FetchedPage<T>): string | undefined {
  const link = parseLinkHeader(page.headers.get("link") ?? "").find((l) => l.rel === "next");
  if (link === undefined) return undefined;
  const sizeValues = walk.pageSize === undefined ? {} : { [walk.pageSizeParam]: walk.pageSize };
  const target = link.url.includes("{") ? expandTemplate(link.url, sizeValues) : link.url;
  const url = new URL(target, page.url);
  if (walk.pageSize !== undefined && !url.searchParams.has(walk.pageSizeParam)) {
    url.searchParams.set(walk.pageSizeParam, String(walk.pageSize));
  }
  return url.href;
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
  return {
    url,
    items: body as T[],
    headers: response.headers,
    count: header("x-pagination-count"),
    page: header("x-pagination-page"),
    pageTotal: header("x-pagination-pagetotal"),
    countAtLeast: header("x-pagination-countatleast"),
    countEstimate: header("x-pagination-countestimate"),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
