/**
 * pagewise for Hono 4: a handler per resource (`app.all(path, honoHandler(resource))`), served by
 * the Package Repository HTTP API convention from Hono's own request (`c.req.raw`, the URL and path
 * parameters Hono parsed), a not-found handler answering as pagewise does, and the OpenAPI document
 * of the routes. Runs wherever Hono runs: Node (`@hono/node-server`), Bun, Deno, Workers.
 * @packageDocumentation
 */
export { honoHandler } from "./hono-handler.js";
export { honoNotFound } from "./hono-not-found.js";
export { honoOpenApi } from "./hono-openapi.js";
