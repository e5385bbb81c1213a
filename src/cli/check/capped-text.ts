/**
 * An answer's body read as text up to a number of bytes: a server answering a huge (or endless)
 * body costs `check` no more memory than the cap.
 */
import { readAtMost } from "../../client/read-at-most.js";

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
  const body = await readAtMost(response, maxBytes);
  return body === undefined
    ? undefined
    : new TextDecoder("utf-8", { ignoreBOM: true }).decode(body ?? undefined);
}
