import type { ResourceResponse } from "../../resource/contract.js";
import { type Resource, serveResource } from "../../resource/index.js";
import { isThenable } from "../../resource/maybe-async.js";
import { readFetchBody } from "./read-fetch-body.js";

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
 * A fetch handler serving a resource: every method, OPTIONS and 405 included. The handler's
 * `signal` follows `request.signal`, which the runtime aborts when the client goes away (Deno,
 * Bun, Workers; `@hono/node-server` when the response closes before its answer).
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
        readBody: (maxBytes) => readFetchBody(request, maxBytes),
        ...(pathParams ? { pathParams } : {}),
        native: request,
        // Read only if the handler asks: @hono/node-server makes its controller then.
        get signal() {
          return request.signal;
        },
      });
      return isThenable(response)
        ? Promise.resolve(response).then(toResponse)
        : toResponse(response);
    } catch (bug) {
      return Promise.reject(bug);
    }
  };
}

/**
 * A `Response` of pagewise's plain response (status, headers, body), as every pagewise answer is
 * written: for your own routes' problems (`toResponse(problemResponse(notFoundProblem(path)))`).
 *
 * @param response - `{ status, headers, body }`, e.g. from `problemResponse` (`pagewise/adapter`)
 * @example
 * ```ts
 * return toResponse(problemResponse(notFoundProblem(new URL(request.url).pathname)));
 * ```
 */
export function toResponse({ status, headers, body }: ResourceResponse): Response {
  return new Response(body, { status, headers });
}
