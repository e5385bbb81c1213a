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
