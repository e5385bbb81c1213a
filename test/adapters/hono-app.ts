/**
 * The suite's routes as a Hono app, set up as docs/adapters.md tells: `strict: false` (routes
 * written without their trailing slash) and `honoNotFound`. Runtime-neutral: the runtime matrix
 * (test/runtimes) serves it too.
 */
import { Hono } from "hono";
import { honoHandler, honoNotFound } from "../../src/adapters/hono/index.js";
import type { Resource } from "../../src/index.js";

/** A Hono app serving `routes` (Express-style path patterns and their resources). */
export function honoApp(routes: readonly (readonly [string, Resource])[]): Hono {
  // `strict: false` drops a request path's trailing slash: routes are written without theirs.
  const app = new Hono({ strict: false });
  for (const [path, resource] of routes) {
    app.all(path.replace(/(.)\/$/, "$1"), honoHandler(resource));
  }
  app.notFound(honoNotFound);
  return app;
}
