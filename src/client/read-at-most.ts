import { concatBytes } from "../http/concat-bytes.js";

/**
 * Reads `response`'s body up to `maxBytes`: past it the read stops (the stream is cancelled, the
 * rest never read), so a body that never ends costs no more memory than the bound. The one
 * reading of a body under a bound, for the walker's pages and `pagewise check`'s answers.
 *
 * @param response - the answer, its body unread
 * @param maxBytes - the most bytes read
 * @returns the body's bytes, `null` for an answer without a body, or `undefined` when it is
 *   longer than `maxBytes`
 * @example
 * ```ts
 * await readAtMost(new Response("[1,2]"), 1024); // the 5 bytes
 * await readAtMost(new Response("[1,2]"), 2); // undefined
 * ```
 */
export async function readAtMost(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null | undefined> {
  if (response.body === null) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  return concatBytes(chunks, bytes);
}
