/**
 * The fetch `walk` gives the walker: it reads each answer's body whole (up to the walk's bound)
 * before handing it on, and asks again after a dropped connection (before or during the body) or a
 * 500, 502 or 504 answer. The walker itself retries 429 and 503 after their `Retry-After`; a page
 * is a GET, safe to ask again.
 */
import { maxHeaderSize } from "node:http";
import { bytesText } from "../client/bound-text.js";
import { cappedBody } from "../client/capped-body.js";
import { PaginationError } from "../client/pagination-error.js";
import { DEFAULT_MAX_PAGE_BYTES } from "../client/walk-bounds.js";

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
        const response = await buffered(await fetcher(input, init), url, maxPageBytes);
        if (last || !RETRIED_STATUSES.has(response.status)) return response;
      } catch (error) {
        if (init?.signal?.aborted || error instanceof PaginationError) throw error;
        if (last || headersTooLarge(error)) throw new RequestFailed(url, error);
      }
      await sleep(FIRST_DELAY_MS * 2 ** attempt, init?.signal ?? undefined);
    }
  };
}

/**
 * A request that failed without an answer (no connection, a connection dropped), after its retries.
 *
 * @example
 * ```ts
 * new RequestFailed("http://127.0.0.1:1/", error).message;
 * // "cannot reach http://127.0.0.1:1/: connect ECONNREFUSED 127.0.0.1:1"
 * ```
 */
export class RequestFailed extends Error {
  /**
   * @param url - the URL asked for
   * @param error - fetch's error (its `cause` names the network's reason)
   */
  constructor(url: string, error: unknown) {
    super(failureText(url, error), { cause: error });
    this.name = "RequestFailed";
  }
}

/** What went wrong: an answer whose headers Node's fetch would not read, or no answer at all. */
function failureText(url: string, error: unknown): string {
  if (!headersTooLarge(error)) return `cannot reach ${url}: ${networkReason(error)}`;
  const most = bytesText(maxHeaderSize);
  return `${url} answered with headers over ${most}, the most Node's fetch reads; NODE_OPTIONS=--max-http-header-size=BYTES raises it`;
}

/** Whether fetch failed on an answer's headers over Node's limit (undici's own error). */
function headersTooLarge(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code === "UND_ERR_HEADERS_OVERFLOW";
}

/** fetch's reason: its cause's message (undici's "fetch failed" says nothing more). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown; code?: unknown } } | null)?.cause;
  if (typeof cause?.message === "string" && cause.message !== "") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The answer with its body read whole (up to `maxBytes`), so a connection dropped mid-body fails
 * here.
 */
async function buffered(response: Response, url: string, maxBytes: number): Promise<Response> {
  const read = await cappedBody(response, url, maxBytes);
  const body = [204, 205, 304].includes(response.status) ? null : read;
  const copy = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
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
