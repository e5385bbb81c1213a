import type { Context, Env, Handler } from "hono";
import type { Resource } from "../../resource/define-resource.js";
import { serveResource } from "../../resource/handle-resource.js";
import { andThen } from "../../resource/maybe-async.js";
import { toResponse } from "../fetch/fetch-handler.js";
import { readFetchBody } from "../fetch/read-fetch-body.js";

/**
 * A Hono handler serving a resource: every method, OPTIONS and 405 included. Mount it with
 * `app.all` so it also answers OPTIONS and other methods (204/405 with `Allow`).
 *
 * It reads Hono's own request: the method, headers and body of `c.req.raw`, the URL Hono parsed
 * (`c.req.url`, whose path and query the links keep, under any `app.route` prefix), and the path
 * parameters of Hono's router (`c.req.param()`). A method's handler gets the `Context` as its
 * `request`, so a Worker's bindings (`c.env`) and middleware values (`c.var`) are at hand.
 * It answers with a `Response` at once when every step was synchronous. The handler's `signal`
 * follows `c.req.raw.signal`, which the runtime aborts when the client goes away.
 *
 * @param resource - from `defineResource`
 * @returns a Hono handler (`(c) => Response | Promise<Response>`)
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { honoHandler } from "pagewise/hono";
 * const app = new Hono({ strict: false });
 * app.all("/package/:owner/:repo/packages", honoHandler(packages)); // strict: false, no trailing slash
 * export default app; // Workers, Bun and Deno serve `app.fetch`
 * ```
 */
// biome-ignore lint/suspicious/noExplicitAny: Hono's own default for a handler's Env
export function honoHandler<E extends Env = any>(resource: Resource<Context<E>>): Handler<E> {
  return (c) => {
    const request = c.req.raw;
    const response = serveResource(resource, {
      method: request.method,
      url: c.req.url,
      header: (name) => request.headers.get(name) ?? undefined,
      readBody: (maxBytes) => readFetchBody(request, maxBytes),
      pathParams: c.req.param() as Record<string, string>,
      native: c,
      // Read only if the handler asks: @hono/node-server makes its controller then.
      get signal() {
        return request.signal;
      },
    });
    return andThen(response, toResponse);
  };
}
