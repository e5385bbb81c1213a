/**
 * The fetch `walk` gives the walker: it reads each answer's body whole before handing it on, and
 * asks again after a dropped connection (before or during the body) or a 500, 502 or 504 answer.
 * The walker itself retries 429 and 503 after their `Retry-After`; a page is a GET, safe to ask
 * again.
 */

/** The answers asked again: a server's or a gateway's failure that may pass. */
const RETRIED_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

/** The first wait before asking again, doubled each time after. */
const FIRST_DELAY_MS = 200;

/**
 * A fetch that asks again, up to `retries` times, after a network error or a 500, 502 or 504.
 *
 * @param retries - times asked again after the first; 0 asks once
 * @param fetcher - the fetch to send with
 * @default `fetcher` is `globalThis.fetch`
 * @returns a fetch whose answers carry their whole body; after the last try, the last answer (a
 *   500 the walker then reports)
 * @throws {RequestFailed} after the last try's network error
 * @example
 * ```ts
 * walkItems(url, { fetch: retryingFetch(3) });
 * ```
 */
export function retryingFetch(retries: number, fetcher: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      try {
        const response = await buffered(await fetcher(input, init));
        if (last || !RETRIED_STATUSES.has(response.status)) return response;
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        if (last)
          throw new RequestFailed(String(input instanceof Request ? input.url : input), error);
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
    super(`cannot reach ${url}: ${networkReason(error)}`, { cause: error });
    this.name = "RequestFailed";
  }
}

/** fetch's reason: its cause's message (undici's "fetch failed" says nothing more). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown; code?: unknown } } | null)?.cause;
  if (typeof cause?.message === "string" && cause.message !== "") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The answer with its body read whole, so a connection dropped mid-body fails here. */
async function buffered(response: Response): Promise<Response> {
  const body = [204, 205, 304].includes(response.status) ? null : await response.arrayBuffer();
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
