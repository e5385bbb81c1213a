import { badRequest, payloadTooLarge } from "../../errors.js";
import { concatBytes } from "../../http/concat-bytes.js";

/** The part of a Node readable stream (an `IncomingMessage`) that {@link readNodeBody} uses. */
export interface NodeBodyStream {
  on(event: "data", listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: "end" | "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  removeAllListeners(event: "data"): unknown;
  resume(): unknown;
}

/**
 * Reads a Node request body (an `IncomingMessage`, or a stream a hook put in its place) into bytes, refusing more than `maxBytes`: a `Content-Length` over the
 * limit is refused before reading, a longer stream as soon as it passes the limit (the rest is
 * drained, not buffered).
 *
 * @throws {PagewiseError} 413 `payload_too_large`; 400 `bad_request` when the upload breaks off
 */
export function readNodeBody(
  stream: NodeBodyStream,
  contentLength: string | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  if (Number(contentLength) > maxBytes) {
    stream.resume();
    return Promise.reject(payloadTooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    stream.on("data", (chunk) => {
      const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
      size += bytes.byteLength;
      if (size <= maxBytes) return void chunks.push(bytes);
      stream.removeAllListeners("data");
      stream.resume();
      reject(payloadTooLarge(maxBytes));
    });
    stream.on("end", () => resolve(concatBytes(chunks, size)));
    stream.on("error", () => reject(badRequest()));
  });
}

/**
 * A Node request header as one string, as fetch's `Headers` reads it: repeated values joined with
 * `", "`. Node keeps only the first of a repeated `Content-Type`, so that one is read from the raw
 * headers when sent twice: `"application/json, text/plain"` names no media type (a 415), on every
 * adapter alike. Any other header is `headers[name]`, so a middleware's rewrite is honoured.
 *
 * @param headers - the request's `headers`
 * @param rawHeaders - its `rawHeaders`, names and values as sent (absent on some stand-ins)
 * @param name - the header name in lower case
 */
export function nodeHeader(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawHeaders: readonly string[] | undefined,
  name: string,
): string | undefined {
  const value = headers[name];
  if (Array.isArray(value)) return value.join(", ");
  if (name !== "content-type" || value === undefined || rawHeaders === undefined) return value;
  return repeatedField(rawHeaders, name) ?? value;
}

/** Every value of a field sent more than once, joined; `undefined` when it was sent at most once. */
function repeatedField(raw: readonly string[], name: string): string | undefined {
  let first: string | undefined;
  let joined: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const field = raw[i] as string;
    if (field.length !== name.length || field.toLowerCase() !== name) continue;
    if (first === undefined) first = raw[i + 1];
    else joined = `${joined ?? first}, ${raw[i + 1]}`;
  }
  return joined;
}
