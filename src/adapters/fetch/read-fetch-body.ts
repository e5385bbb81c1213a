import { badRequest, PagewiseError, payloadTooLarge } from "../../errors.js";
import { concatBytes } from "../../http/concat-bytes.js";

/**
 * A `Request`'s body as bytes, refusing more than `maxBytes` (by `Content-Length` first, then while
 * reading). A refused body is read on and discarded, up to 8 × `maxBytes`, before the 413 is
 * answered: a server (Node through @hono/node-server) that answers before the upload ends closes
 * the connection under a client still sending, which then never sees the 413. A body declared
 * larger than that is refused at once. A broken-off upload is the 400 `bad_request` problem.
 *
 * @throws {PagewiseError} 413 `payload_too_large`, 400 `bad_request`
 */
export function readFetchBody(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  return readBody(request, maxBytes).catch((error: unknown) => {
    throw error instanceof PagewiseError ? error : badRequest();
  });
}

async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return undefined;
  const reader = request.body.getReader();
  const declared = Number(request.headers.get("content-length"));
  if (declared > maxBytes * 8) {
    await reader.cancel();
    throw payloadTooLarge(maxBytes);
  }
  if (declared > maxBytes) return discard(reader, 0, maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) return discard(reader, size, maxBytes);
    chunks.push(chunk.value);
  }
  return concatBytes(chunks, size);
}

async function discard(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  read: number,
  maxBytes: number,
): Promise<never> {
  let size = read;
  for (
    let chunk = await reader.read();
    !chunk.done && size <= maxBytes * 8;
    chunk = await reader.read()
  ) {
    size += chunk.value.byteLength;
  }
  await reader.cancel();
  throw payloadTooLarge(maxBytes);
}
