import { badRequest, payloadTooLarge } from "../errors.js";
import { concatBytes } from "../http/concat-bytes.js";

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

/** The parts of a Node request (an `IncomingMessage`) that {@link nodeHeader} reads. */
export interface NodeHeaders {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Node 18.3+; absent on some stand-ins (light-my-request's, which `fastify.inject` uses). */
  readonly headersDistinct?: Readonly<Record<string, string[] | undefined>>;
}

/**
 * Fields Node keeps only the first of when repeated (its `headers` drops the rest) that pagewise
 * reads: single-valued fields sent twice.
 */
const FIRST_ONLY = new Set(["content-type", "host"]);

/**
 * A Node request header as one string, as fetch's `Headers` reads it: every occurrence joined with
 * `", "`. So `Content-Type` sent twice reads `"application/json, text/plain"`, which names no media
 * type (a 415), on every adapter alike, not the first one on Node and both on fetch.
 *
 * @param request - the `IncomingMessage`
 * @param name - the header name in lower case
 */
export function nodeHeader(request: NodeHeaders, name: string): string | undefined {
  const distinct = FIRST_ONLY.has(name) ? request.headersDistinct : undefined;
  const value = distinct === undefined ? request.headers[name] : distinct[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
