/** The package API on Express 5: `npm run example:express`. */
import { createServer } from "node:http";
import express, { type NextFunction, type Request, type Response } from "express";
import { notFoundProblem, problemResponse } from "pagewise/adapter";
import { expressErrorHandler, expressHandler, writeResponse } from "pagewise/express";
import type { Config } from "./config.js";
import { createPackageApi, internalError, listenOn, runIfMain, type Started } from "./started.js";

/** Starts the API on Express. */
export async function startExpress(config: Config): Promise<Started> {
  const { store, routes, files } = await createPackageApi(config);
  const app = express();
  app.disable("x-powered-by");
  // Paths are case-sensitive, as on Fastify and the fetch router: /PACKAGE/… is a 404, not an
  // answer whose links repeat the odd case. Express matches any case unless told otherwise.
  app.enable("case sensitive routing");
  for (const [pattern, resource] of routes) app.all(pattern, expressHandler(resource));
  for (const [path, file] of files) {
    app.get(path, (_req, res) => res.writeHead(200, file.headers).end(file.body));
  }
  app.use((req, res) => writeResponse(res, problemResponse(notFoundProblem(req.path))));
  // Express's own 4xx errors (a malformed escape in the path) as problems, never a stack trace.
  app.use(expressErrorHandler());
  // Any other error (a bug): a 500 problem, never the error's message or stack.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) =>
    writeResponse(res, internalError(error)),
  );
  const server = createServer(app);
  return listenOn(server, config, store);
}

await runIfMain(import.meta.url, "Express", startExpress);
