/**
 * A request that got no answer the command can read: no connection, a connection dropped, or
 * headers over Node's limit. Its own file, so `check` reports it without the walk's reading.
 */
import { maxHeaderSize } from "node:http";
import { bytesText } from "../client/bound-text.js";

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

/**
 * Whether fetch failed on an answer's headers over Node's limit (undici's own error): no retry
 * gets past it.
 *
 * @param error - fetch's error
 * @example
 * ```ts
 * headersTooLarge(new TypeError("fetch failed")); // false
 * ```
 */
export function headersTooLarge(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code === "UND_ERR_HEADERS_OVERFLOW";
}

/** fetch's reason: its cause's message (undici's "fetch failed" says nothing more). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown; code?: unknown } } | null)?.cause;
  if (typeof cause?.message === "string" && cause.message !== "") return cause.message;
  return error instanceof Error ? error.message : String(error);
}
