import type { Handler } from "hono";
import {
  type OpenApiDocumentOptions,
  type OpenApiRoutes,
  openApiDocument,
} from "../../openapi/openapi-document.js";

/**
 * A Hono handler answering the OpenAPI 3.1 document of the routes served with `honoHandler`, as
 * `application/json`: what `@fastify/swagger` reads from the Fastify adapter's routes, and what
 * `@hono/zod-openapi`'s `app.doc()` serves. The document is written once, when the handler is
 * made (from the same `[path, resource]` table that mounts the routes, Hono's `:name` patterns).
 *
 * @param routes - `[path, resource]` pairs, or an object of resources by path
 * @param options - the document's `info` (required), `servers` and `securityScheme`, as
 *   `openApiDocument` takes them; `servers` @default `[{ url: "/" }]`
 * @returns a Hono handler for `app.get`
 * @throws {TypeError} at once, for what `openApiDocument` refuses (a path twice, a bad `info`)
 * @example
 * ```ts
 * const routes = [["/package/:owner/:repo/packages/", packages]] as const;
 * for (const [path, resource] of routes) app.all(path, honoHandler(resource));
 * app.get("/openapi.json", honoOpenApi(routes, { info: { title: "Packages", version: "1.0.0" } }));
 * ```
 */
export function honoOpenApi(routes: OpenApiRoutes, options: OpenApiDocumentOptions): Handler {
  const body = JSON.stringify(openApiDocument(routes, options));
  return () => new Response(body, { headers: { "content-type": "application/json" } });
}
