/**
 * The fetch `walk` gives the walker: it reads each answer's body whole (up to the walk's bound)
 * before handing it on, and asks again after a dropped connection (before or during the body) or a
 * 500, 502 or 504 answer. The walker itself retries 429 and 503 after their `Retry-After`; a page
 * is a GET, safe to ask again.
 */
import { cappedAnswer } from "../client/capped-body.js";
import { PaginationError } from "../client/pagination-error.js";
import { DEFAULT_MAX_PAGE_BYTES } from "../client/walk-bounds.js";
import { headersTooLarge, RequestFailed } from "./request-failed.js";

/** The answers asked again: a server's or a gateway's failure that may pass. */
const RETRIED_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

/** The first wait before asking again, doubled each time after. */
const FIRST_DELAY_MS = 200;

/**
 * A fetch that asks again, up to `retries` times, after a network error or a 500, 502 or 504.
 *
 * @param retries - times asked again after the first; 0 asks once
 * @param maxPageBytes - the most bytes of a body read (the walk's `maxPageBytes`)
 * @param fetcher - the fetch to send with
 * @default `maxPageBytes` is `DEFAULT_MAX_PAGE_BYTES` (8 MiB); `fetcher` is `globalThis.fetch`
 * @returns a fetch whose answers carry their whole body; after the last try, the last answer (a
 *   500 the walker then reports)
 * @throws {RequestFailed} after the last try's network error, or at once for an answer whose
 *   headers are over Node's limit
 * @throws {PaginationError} `page_too_large` at once, for a body over `maxPageBytes`
 * @example
 * ```ts
 * walkItems(url, { fetch: retryingFetch(3, 1024 * 1024) });
 * ```
 */
export function retryingFetch(
  retries: number,
  maxPageBytes: number = DEFAULT_MAX_PAGE_BYTES,
  fetcher: typeof fetch = fetch,
): typeof fetch {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      try {
        const response = await cappedAnswer(await fetcher(input, init), url, maxPageBytes);
        if (last || !RETRIED_STATUSES.has(response.status)) return response;
      } catch (error) {
        if (init?.signal?.aborted || error instanceof PaginationError) throw error;
        if (last || headersTooLarge(error)) throw new RequestFailed(url, error);
      }
      await sleep(FIRST_DELAY_MS * 2 ** attempt, init?.signal ?? undefined);
    }
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
