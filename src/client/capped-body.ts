import { readDigits } from "../params/whole-number.js";
import { bytesText } from "./bound-text.js";
import { boundError } from "./pagination-error.js";
import { readAtMost } from "./read-at-most.js";

/**
 * Reads `response`'s body up to `maxBytes` (see `readAtMost`): past it the walk ends, so a body
 * that never ends costs no more memory than the bound.
 *
 * @param response - the answer, its body unread
 * @param url - the URL asked for, named in the error
 * @param maxBytes - the most bytes read
 * @returns the body's bytes, or `null` for an answer without a body
 * @throws {PaginationError} `page_too_large`, naming the bound and `maxPageBytes`
 * @example
 * ```ts
 * await cappedBody(new Response("[1,2]"), "http://x/", 1024); // the 5 bytes
 * ```
 */
export async function cappedBody(
  response: Response,
  url: string,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const body = await readAtMost(response, maxBytes);
  if (body !== undefined) return body;
  const reason = `GET ${url} answered a body over ${bytesText(maxBytes)}, the most a page may take`;
  const length = readDigits(response.headers.get("content-length"));
  const needs = length !== undefined && length > maxBytes ? { needs: length } : {};
  throw boundError("page_too_large", url, {
    reason,
    option: "maxPageBytes",
    limit: maxBytes,
    ...needs,
  });
}

/** Statuses whose answer has no body (a `Response` with one cannot be made). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * `response` with its body read (up to `maxBytes`, see {@link cappedBody}) into a copy, so a
 * connection dropped mid-body fails here; its `url` kept. A browser's opaque redirect (status 0)
 * is given as it is, for the walker to refuse.
 *
 * @param response - the answer, its body unread
 * @param url - the URL asked for, named in the error
 * @param maxBytes - the most bytes read
 * @throws {PaginationError} `page_too_large` (see {@link cappedBody})
 * @example
 * ```ts
 * const copy = await cappedAnswer(await fetch(url), url, 8 * 1024 * 1024);
 * ```
 */
export async function cappedAnswer(
  response: Response,
  url: string,
  maxBytes: number,
): Promise<Response> {
  if (response.status < 200) return response;
  const body = await cappedBody(response, url, maxBytes);
  const copy = new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}
