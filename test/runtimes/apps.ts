/**
 * The Workers every runtime serves, each on a port of its own, over the behaviour suite's routes
 * and the walk routes: the fetch adapter's router (the default export, which also answers
 * `GET /__self-test/`: the client's walks run inside the runtime, self-test.ts) and a Hono app
 * (`hono`). Runtime-neutral modules (`{ fetch }` objects): no Node API.
 */
import { fetchRouter } from "../../src/adapters/fetch/index.js";
import { honoApp } from "../adapters/hono-app.js";
import { routes, walkRoutes } from "../adapters/resources.js";
import { selfTest } from "./self-test.js";

const served = [...routes, ...walkRoutes];
const router = fetchRouter(served);

/** The fetch adapter's router, and the self-test. */
const fetchApp = {
  fetch(request: Request): Response | Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== "/__self-test/") return router(request);
    return selfTest(url.origin).then((report) => Response.json(report));
  },
};
export default fetchApp;

/** The same routes through pagewise/hono. */
export const hono = { fetch: honoApp(served).fetch };

/** Each Worker by the name a server prints beside its origin. */
export const APPS = { fetch: fetchApp, hono } as const;
