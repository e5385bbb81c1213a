import { clockText, msText } from "./bound-text.js";
import type { Fetcher } from "./fetch-on-trusted-origins.js";
import { boundError } from "./pagination-error.js";
import { DEFAULT_MAX_RETRY_DELAY_MS } from "./walk-bounds.js";

/** A wait before asking again, as {@link RetryOptions.onWait} is told of it. */
export interface RetryWait {
  /** The URL asked again once the wait is over. */
  readonly url: string;
  /** The answer that asks to wait: 429 or 503. */
  readonly status: number;
  /** When it is asked again. */
  readonly until: Date;
}

/** Options for retrying 429 and 503 answers. */
export interface RetryOptions {
  /**
   * Retries after the first attempt.
   *
   * @default 3
   */
  readonly retries?: number;
  /**
   * The longest wait before asking again, in ms. A `Retry-After` further off than this ends the
   * walk (a `PaginationError` `wait_too_long` naming both), since asking before the time the
   * server named would be refused again; a wait without `Retry-After` is cut to it.
   *
   * @default 30,000 (`DEFAULT_MAX_RETRY_DELAY_MS`)
   */
  readonly maxRetryDelayMs?: number;
  /** Ends the waits (at once) and the requests. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Called as each wait before asking again begins: what answered what, and when it is asked
   * again.
   *
   * @example
   * ```ts
   * walkItems(url, { onWait: ({ status, until }) => console.error(`${status}: again at ${until.toISOString()}`) });
   * ```
   */
  readonly onWait?: ((wait: RetryWait) => void) | undefined;
}

/**
 * Fetches, retrying a 429 or 503 answer up to `retries` times, after its `Retry-After` (seconds or
 * an HTTP date; 2^attempt × 100 ms without one, at most `maxRetryDelayMs`), never before it.
 *
 * @param fetcher - the fetch to send with
 * @param url - the URL asked for
 * @param init - the request, but for its signal (`signal` in the options)
 * @param options - see {@link RetryOptions}
 * @returns the first answer not retried, or the last
 * @throws {PaginationError} `wait_too_long` for a `Retry-After` further off than `maxRetryDelayMs`
 * @example
 * ```ts
 * const response = await fetchWithRetry(fetch, url, {}, { retries: 3, signal });
 * ```
 */
export async function fetchWithRetry(
  fetcher: Fetcher,
  url: string,
  init: RequestInit,
  options: RetryOptions,
): Promise<Response> {
  const { retries = 3, signal } = options;
  for (let attempt = 0; ; attempt++) {
    const response = await fetcher(url, { ...init, ...(signal ? { signal } : {}) });
    if ((response.status !== 429 && response.status !== 503) || attempt >= retries) return response;
    await response.body?.cancel();
    const delay = retryDelay(url, response, attempt, options.maxRetryDelayMs);
    options.onWait?.({ url, status: response.status, until: new Date(Date.now() + delay) });
    await sleep(delay, signal);
  }
}

/** How long to wait before asking again: the answer's `Retry-After`, refused past the longest wait. */
function retryDelay(
  url: string,
  response: Response,
  attempt: number,
  maxRetryDelayMs = DEFAULT_MAX_RETRY_DELAY_MS,
): number {
  const asked = retryAfterMs(response.headers.get("retry-after"));
  if (asked === undefined) return Math.min(2 ** attempt * 100, maxRetryDelayMs);
  if (asked <= maxRetryDelayMs) return asked;
  const at = clockText(new Date(Date.now() + asked));
  // An HTTP date is ms away from now: said in whole seconds, as a delay-seconds is.
  const wait = asked < 1000 ? asked : Math.ceil(asked / 1000) * 1000;
  const reason = `GET ${url} answered ${response.status} asking to wait ${msText(wait)} (until ${at}), longer than the longest wait, ${msText(maxRetryDelayMs)}`;
  const bound = {
    reason,
    option: "maxRetryDelayMs",
    limit: maxRetryDelayMs,
    needs: asked,
  } as const;
  throw boundError("wait_too_long", url, bound);
}

/** `Retry-After` in ms: delay-seconds or an HTTP date; `undefined` when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  // An HTTP-date names its day and month; V8's Date.parse would also take "-1" or "1.5".
  if (!/[A-Za-z]/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });
}
