import { readDigits } from "../params/whole-number.js";
import { bytesText } from "./bound-text.js";
import { boundError } from "./pagination-error.js";

/**
 * Reads `response`'s body up to `maxBytes`: past it the read stops (the stream is cancelled, the
 * rest never read) and the walk ends, so a body that never ends costs no more memory than the
 * bound.
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
  if (response.body === null) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      const reason = `GET ${url} answered a body over ${bytesText(maxBytes)}, the most a page may take`;
      const length = readDigits(response.headers.get("content-length"));
      const needs = length !== undefined && length > maxBytes ? { needs: length } : {};
      const bound = { reason, option: "maxPageBytes", limit: maxBytes, ...needs } as const;
      throw boundError("page_too_large", url, bound);
    }
    chunks.push(read.value);
  }
  return joined(chunks, bytes);
}

function joined(chunks: readonly Uint8Array[], bytes: number): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}
