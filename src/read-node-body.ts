import { concatBytes } from "./concat-bytes.js";
import { bodyTooLarge, unreadable } from "./problem-response.js";

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
    return Promise.reject(bodyTooLarge(maxBytes));
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
      reject(bodyTooLarge(maxBytes));
    });
    stream.on("end", () => resolve(concatBytes(chunks, size)));
    stream.on("error", () => reject(unreadable()));
  });
}

/** A Node request header as one string: repeated values joined with `", "`. */
export function nodeHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}
