/** The package API on the fetch adapter, served by Node through @hono/node-server: `npm run example:fetch`. */
import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { fetchRouter, toResponse } from "pagewise/fetch";
import type { Config } from "./config.js";
import { createPackageApi, internalError, listenOn, runIfMain, type Started } from "./started.js";

/** Starts the API on the fetch adapter. */
export async function startFetch(config: Config): Promise<Started> {
  const { store, routes, files } = await createPackageApi(config);
  const api = fetchRouter(routes);
  const serve = (request: Request) => {
    const file = request.method === "GET" ? files.get(new URL(request.url).pathname) : undefined;
    if (file) return new Response(file.body, { headers: file.headers });
    // Any other error (a bug): a 500 problem, never the error's message or stack.
    const answer = api(request);
    return answer instanceof Response
      ? answer
      : answer.catch((error: unknown) => toResponse(internalError(error)));
  };
  const server = createAdaptorServer({ fetch: serve }) as Server;
  return listenOn(server, config, store);
}

await runIfMain(import.meta.url, "fetch adapter", startFetch);
