import type { Fetcher } from "./fetch-on-trusted-origins.js";

/** Options for retrying 429 and 503 answers. */
export interface RetryOptions {
  /**
   * Retries after the first attempt.
   *
   * @default 3
   */
  readonly retries?: number;
  /**
   * Longest wait, whatever `Retry-After` says, in ms.
   *
   * @default 30,000
   */
  readonly maxRetryDelayMs?: number;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Fetches, retrying a 429 or 503 answer up to `retries` times, after its `Retry-After` (seconds or
 * an HTTP date; 2^attempt × 100 ms without one), capped at `maxRetryDelayMs`.
 */
export async function fetchWithRetry(
  fetcher: Fetcher,
  url: string,
  init: RequestInit,
  { retries = 3, maxRetryDelayMs = 30_000, signal }: RetryOptions,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetcher(url, { ...init, ...(signal ? { signal } : {}) });
    if ((response.status !== 429 && response.status !== 503) || attempt >= retries) return response;
    await response.body?.cancel();
    const delay = retryAfterMs(response.headers.get("retry-after")) ?? 2 ** attempt * 100;
    await sleep(Math.min(delay, maxRetryDelayMs), signal);
  }
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
