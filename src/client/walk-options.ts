import type { RetryOptions } from "./fetch-with-retry.js";
import type { EdgeCheck } from "./repair/page-edge.js";
import type { RequestedSort } from "./sort-text.js";

/** Options of {@link walkPages} and {@link walkItems}. */
export interface WalkOptions<T = unknown> extends RetryOptions {
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
   * Origins besides the start URL's that the walk may send requests to, with the caller's headers
   * (`apiKey`, `headers`): each written as an origin is (scheme, host, and a port other than the
   * default; nothing after it). A `next` link or a redirect to any other origin, or from an https
   * start to http, ends the walk with a `PaginationError` `untrusted_origin`, and no request goes
   * there. Checked when the walk is made.
   *
   * @default `[]`: the start URL's origin only
   * @example
   * ```ts
   * walkItems("https://api.example.com/items/", {
   *   apiKey, trustedOrigins: ["https://cdn.example.com"],
   * });
   * ```
   */
  readonly trustedOrigins?: readonly string[];
  /**
   * Items per page, sent as `pageSizeParam` and kept on every page, also when the server's links
   * carry only the page (the spec's default). Default: the start URL's, if any.
   */
  readonly pageSize?: number;
  /** Names of the page and page-size parameters. Defaults `'page'`, `'page_size'`. */
  readonly pageParam?: string;
  readonly pageSizeParam?: string;
  /**
   * The order to walk the list in, sent as `sortParam` and kept on every page: a sort text as a
   * client writes it (`"-created_at,name"`) or its fields (`["-created_at", "name"]`, joined with
   * commas). A next link without the parameter gets it (as it gets the page size); a next link
   * with another value ends the walk with a `PaginationError` `sort_mismatch`, before any request
   * in the other order. Checked when the walk is made (no empty item, no field twice); which
   * fields a list offers is the server's to say (a 400 `invalid_sort`). Default: the start URL's,
   * if any (kept and checked the same way).
   *
   * @example
   * ```ts
   * walkItems("https://api.example.com/items/", { sort: ["-created_at", "name"] });
   * ```
   */
  readonly sort?: RequestedSort;
  /**
   * Name of the sort parameter, other than `pageParam` and `pageSizeParam`.
   *
   * @default `defaults.sortParam`: `'sort'`
   */
  readonly sortParam?: string;
  /**
   * How long one request may take, its body read whole, in ms: a server that answers nothing in
   * that time (or stops mid-body) ends the walk with a `PaginationError` `timeout`. Each retry of a
   * 429 or 503 gets the time anew; the wait before it is bounded by `maxRetryDelayMs`. Checked
   * when the walk is made: a whole number from 1 to 2147483647.
   *
   * @default 30,000 (`DEFAULT_TIMEOUT_MS`, as `pagewise check`'s)
   * @example
   * ```ts
   * walkItems(url, { timeoutMs: 5_000 });
   * ```
   */
  readonly timeoutMs?: number;
  /**
   * The most bytes of one page's body read: past it the read stops (the rest is never read) and
   * the walk ends with a `PaginationError` `page_too_large`, so a body that never ends costs no
   * more memory than this. Checked when the walk is made: a whole number of at least 1.
   *
   * @default 8,388,608: 8 MiB (`DEFAULT_MAX_PAGE_BYTES`, as `pagewise check`'s)
   * @example
   * ```ts
   * walkItems(url, { maxPageBytes: 64 * 1024 * 1024 });
   * ```
   */
  readonly maxPageBytes?: number;
  /**
   * The most pages the walk yields. A list that goes on past them ends the walk with a
   * `PaginationError` `max_pages` (its `url` is the page after, where a walk goes on); a list
   * that ends at exactly this many is complete. None by default: a list is as long as it is, and
   * a server that loops is caught by the walk's loop detection (`link_loop`), not by a count.
   * Checked when the walk is made: a whole number of at least 1.
   *
   * @default `undefined`: no bound
   * @example
   * ```ts
   * walkItems(url, { maxPages: 1_000 });
   * ```
   */
  readonly maxPages?: number;
  /**
   * Pages in flight at once. 1 (default) follows `rel="next"` links; more reads
   * `X-Pagination-PageTotal` from the first page fetched (with `X-Pagination-Count`, which tells
   * whether the list changed) and fetches the rest concurrently, in order.
   *
   * @default 1
   */
  readonly concurrency?: number;
  /**
   * When a walk by next links reads the row just before each page it fetched (one row: page
   * `page × size` at size 1), to see rows that moved under it: `'uncounted'` for pages without
   * `X-Pagination-Count` (a capped, estimated or countless list, where no count shows a change),
   * `'always'` (concurrency 1 only), or `'never'`. It is read once the page is in, while the page
   * after is fetched, so a walk takes about as long (docs/performance.md), in one request more a
   * page. Only against a server that numbers pages from 1, sends `X-Pagination-Page` and
   * `-PageSize`, links pages by number and answers a page of one row; an edge request that fails
   * is no check.
   *
   * @default 'uncounted'
   */
  readonly checkEdges?: EdgeCheck;
  /**
   * How the walk tells rows apart when it makes up for rows that moved (their key's JSON).
   * Default: the row's `id` when it is a string or a number, else the whole row's JSON (so a
   * row without an id that changes during the walk is taken for another row, and rows without an
   * id that repeat the same JSON are one row once the list moves).
   */
  readonly rowKey?: (item: T) => unknown;
  /**
   * Called once for each page that shows the list changed during the walk (rows created or
   * deleted): its `X-Pagination-Count` differs from the one before (`count` says from what to
   * what), another row now stands just before it (an edge check), or it is empty or past the end
   * now where a next link led. Following next links by page number, the walk then makes up for
   * what moved: rows moved onto pages already read are read again (back to the first page that
   * begins with a row read, however far; past 20,000 rows, a `PaginationError`
   * `list_moved_too_far`) and yielded, rows read before and moved onto the pages after are
   * dropped (told apart by `rowKey`). A concurrent walk goes on by next links from the last page
   * that fitted. A cursor list needs none of this.
   */
  readonly onListChange?: (change: ListChange) => void;
  /**
   * Called as each page is yielded in its turn: pages so far (not the pages read again to make up
   * for rows that moved, nor edge requests), and the page total when the server sends it.
   */
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

/** What {@link WalkOptions.onListChange} is told: the page that showed a change, and how. */
export interface ListChange {
  /** The page whose answer showed the change. */
  readonly url: string;
  /** Its count and the count before, when the counts showed it. */
  readonly count?: { readonly from: number; readonly to: number };
}
