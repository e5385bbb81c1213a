/**
 * pagewise for the fetch API (`Request` → `Response`): Hono, Bun, Deno, Cloudflare Workers,
 * Next.js route handlers, or Node through an adapter such as @hono/node-server.
 * @packageDocumentation
 */
import { concatBytes } from "../concat-bytes.js";
import { handleResource } from "../handle-resource.js";
import { bodyTooLarge } from "../problem-response.js";
import type { Resource } from "../resource.js";

/** Serves one `Request`; `pathParams` are the router's path parameters, if any. */
export type FetchHandler = (
  request: Request,
  pathParams?: Readonly<Record<string, string>>,
) => Promise<Response>;

/**
 * A fetch handler serving a resource: every method, OPTIONS and 405 included.
 *
 * @param resource - from `defineResource`
 * @returns `(request, pathParams?) => Promise<Response>`
 * @example
 * ```ts
 * import { fetchHandler } from "pagewise/fetch";
 * const serve = fetchHandler(packages);
 * app.all("/package/:owner/:repo/packages/", (c) => serve(c.req.raw, c.req.param())); // Hono
 * export const GET = (request: Request) => serve(request); // Next.js route handler
 * ```
 */
export function fetchHandler(resource: Resource<Request>): FetchHandler {
  return async (request, pathParams) => {
    const response = await handleResource(resource, {
      method: request.method,
      url: request.url,
      header: (name) => request.headers.get(name) ?? undefined,
      readBody: (maxBytes) => readBody(request, maxBytes),
      ...(pathParams ? { pathParams } : {}),
      native: request,
    });
    return new Response(response.body, { status: response.status, headers: response.headers });
  };
}

/** The body as bytes, refusing more than `maxBytes` (by `Content-Length` first, then while reading). */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return undefined;
  if (Number(request.headers.get("content-length")) > maxBytes) throw bodyTooLarge(maxBytes);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  return concatBytes(chunks, size);
}
