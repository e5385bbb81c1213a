/**
 * pagewise for the fetch API (`Request` → `Response`): resources served by the Package Repository
 * HTTP API convention on Hono, Bun, Deno, Cloudflare Workers, Next.js route handlers, or Node
 * through an adapter such as @hono/node-server.
 * @packageDocumentation
 */
export { type FetchHandler, fetchHandler, toResponse } from "./fetch-handler.js";
export { type FetchRoute, fetchRouter } from "./fetch-router.js";
