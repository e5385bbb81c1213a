import { abortWith } from "./abort-with.js";
import { msText } from "./bound-text.js";
import { cappedAnswer } from "./capped-body.js";
import type { Fetcher } from "./fetch-on-trusted-origins.js";
import { boundError } from "./pagination-error.js";

/** The bounds on one request of a walk. */
export interface RequestBounds {
  /** How long the request may take, its body read whole, in ms. */
  readonly timeoutMs: number;
  /** The most bytes of its body read. */
  readonly maxPageBytes: number;
}

/**
 * `fetcher` with each request bounded: its answer comes with its body read (up to `maxPageBytes`,
 * see `cappedBody`) within `timeoutMs`, or the request is aborted and fails. The init's signal
 * still aborts it, with its own reason.
 *
 * @param fetcher - the fetch to bound
 * @param bounds - the time and bytes a request may take
 * @returns a fetcher whose answers carry their whole body
 * @throws {PaginationError} `timeout` past `timeoutMs`, naming it; `page_too_large` (see `cappedBody`)
 * @example
 * ```ts
 * const get = boundedFetch(fetch, { timeoutMs: 30_000, maxPageBytes: 8 * 1024 * 1024 });
 * const page = await (await get("https://api.example.com/items/", {})).json();
 * ```
 */
export function boundedFetch(fetcher: Fetcher, bounds: RequestBounds): Fetcher {
  return async (url, init) => {
    const stop = new AbortController();
    const untie = abortWith(stop, init.signal ?? undefined);
    let clock: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      clock = setTimeout(() => {
        const reason = `GET ${url}: no answer within ${msText(bounds.timeoutMs)}`;
        const bound = { reason, option: "timeoutMs", limit: bounds.timeoutMs } as const;
        const timedOut = boundError("timeout", url, bound);
        stop.abort(timedOut);
        reject(timedOut);
      }, bounds.timeoutMs);
    });
    try {
      const answer = fetcher(url, { ...init, signal: stop.signal });
      const read = answer.then((response) => cappedAnswer(response, url, bounds.maxPageBytes));
      return await Promise.race([read, deadline]);
    } finally {
      clearTimeout(clock);
      untie();
    }
  };
}
