/**
 * An answer's body read as text up to a number of bytes: a server answering a huge (or endless)
 * body costs `check` no more memory than the cap.
 */

/**
 * Reads `response`'s body as UTF-8 text, stopping at `maxBytes`.
 *
 * @param response - the answer, its body unread
 * @param maxBytes - the most bytes read
 * @returns the text, or `undefined` when the body is longer than `maxBytes` (the rest is not read:
 *   the stream is cancelled)
 * @example
 * ```ts
 * await cappedText(new Response("[1,2]"), 1024); // "[1,2]"
 * await cappedText(new Response("[1,2]"), 2); // undefined
 * ```
 */
export async function cappedText(
  response: Response,
  maxBytes: number,
): Promise<string | undefined> {
  if (response.body === null) return "";
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
  return Buffer.concat(chunks).toString("utf8");
}
