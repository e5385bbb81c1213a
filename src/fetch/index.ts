/**
 * pagewise for the fetch API (`Request` → `Response`): Hono, Bun, Deno, Cloudflare Workers,
 * Next.js route handlers, or Node through an adapter such as @hono/node-server.
 * @packageDocumentation
 */

import { PagewiseError } from "../errors.js";
import { concatBytes } from "../http/concat-bytes.js";
import { compilePathPattern } from "../http/path-pattern.js";
import type { Resource } from "../resource/define-resource.js";
import { serveResource } from "../resource/handle-resource.js";
import { isThenable } from "../resource/maybe-async.js";
import {
  bodyTooLarge,
  notFoundProblem,
  problemResponse,
  type ResourceResponse,
  unreadable,
} from "../resource/problem-response.js";

/**
 * Serves one `Request`; `pathParams` are the router's path parameters, if any. Like Hono's
 * `app.fetch`, it answers with a `Response` at once when every step was synchronous (the server
 * writes it without waiting a microtask), else with a promise of one.
 */
export type FetchHandler = (
  request: Request,
  pathParams?: Readonly<Record<string, string>>,
) => Response | Promise<Response>;

/**
 * A fetch handler serving a resource: every method, OPTIONS and 405 included.
 *
 * @param resource - from `defineResource`
 * @returns `(request, pathParams?) => Response | Promise<Response>`
 * @example
 * ```ts
 * import { fetchHandler } from "pagewise/fetch";
 * const serve = fetchHandler(packages);
 * app.all("/package/:owner/:repo/packages/", (c) => serve(c.req.raw, c.req.param())); // Hono
 * export const GET = (request: Request) => serve(request); // Next.js route handler
 * ```
 */
export function fetchHandler(resource: Resource<Request>): FetchHandler {
  return (request, pathParams) => {
    try {
      const response = serveResource(resource, {
        method: request.method,
        url: request.url,
        header: (name) => request.headers.get(name) ?? undefined,
        readBody: (maxBytes) =>
          readBody(request, maxBytes).catch((error: unknown) => {
            throw error instanceof PagewiseError ? error : unreadable();
          }),
        ...(pathParams ? { pathParams } : {}),
        native: request,
      });
      return isThenable(response)
        ? Promise.resolve(response).then(toResponse)
        : toResponse(response);
    } catch (bug) {
      return Promise.reject(bug);
    }
  };
}

function toResponse({ status, headers, body }: ResourceResponse): Response {
  return new Response(body, { status, headers });
}

/** A route of {@link fetchRouter}: an Express-style path pattern and the resource served there. */
export type FetchRoute = readonly [pattern: string, resource: Resource<Request>];

/**
 * A fetch handler that routes by path to resources, for runtimes without a router (Workers, Deno,
 * Bun, `node:http` through an adapter). Patterns are Express-style (`/package/:owner/:repo/`),
 * tried in order, with an optional trailing slash; path parameters are percent-decoded. A path
 * no route matches gets a 404 `application/problem+json` answer.
 *
 * @param routes - `[pattern, resource]` pairs
 * @returns `(request) => Response | Promise<Response>` (see {@link FetchHandler})
 * @example
 * ```ts
 * const handle = fetchRouter([
 *   ["/package/:owner/:repo/", repository],
 *   ["/package/:owner/:repo/packages/", packages],
 * ]);
 * export default { fetch: handle }; // Cloudflare Workers
 * ```
 */
export function fetchRouter(
  routes: readonly FetchRoute[],
): (request: Request) => Response | Promise<Response> {
  const table = routes.map(([pattern, resource]) => ({
    match: compilePathPattern(pattern),
    serve: fetchHandler(resource),
  }));
  return (request) => {
    const path = pathOf(request.url);
    if (!wellEscaped(path)) return toResponse(problemResponse(unreadable()));
    for (const { match, serve } of table) {
      const params = match(path);
      if (params) return serve(request, params);
    }
    return toResponse(problemResponse(notFoundProblem(path)));
  };
}

/** False for a path with a malformed percent-escape (`%ZZ`, a cut UTF-8 sequence). */
function wellEscaped(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The path of an absolute URL, without query or fragment. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}

/**
 * The body as bytes, refusing more than `maxBytes` (by `Content-Length` first, then while reading).
 * A refused body is read on and discarded, up to 8 × `maxBytes`, before the 413 is answered: a
 * server (Node through @hono/node-server) that answers before the upload ends closes the
 * connection under a client still sending, which then never sees the 413. A body declared larger
 * than that is refused at once.
 */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return undefined;
  const reader = request.body.getReader();
  const declared = Number(request.headers.get("content-length"));
  if (declared > maxBytes * 8) {
    await reader.cancel();
    throw bodyTooLarge(maxBytes);
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
  throw bodyTooLarge(maxBytes);
}
