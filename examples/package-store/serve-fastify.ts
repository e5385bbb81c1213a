/** The package API on Fastify 5: `npm run example`. */
import Fastify from "fastify";
import { defaults } from "pagewise";
import { frameworkError, notFoundProblem, problemResponse } from "pagewise/adapter";
import { fastifyErrorHandler, fastifyPagewise, sendResponse } from "pagewise/fastify";
import type { Config } from "./config.js";
import {
  baseUrl,
  closingStore,
  createPackageApi,
  internalError,
  runIfMain,
  type Started,
} from "./started.js";

/** Starts the API on Fastify. */
export async function startFastify(config: Config): Promise<Started> {
  const { store, routes, files } = await createPackageApi(config);
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    // The router's own errors (a malformed escape, a segment over maxParamLength: 414) as problems
    // at their status; any other goes on to the error handler below.
    frameworkErrors: fastifyErrorHandler(),
  });
  // An error with a 4xx status of its own as its problem; any other (a bug): a 500 problem, never
  // the error's message or stack.
  app.setErrorHandler((error, _request, reply) => {
    const problem = frameworkError(error, defaults.maxBodyBytes);
    return sendResponse(reply, problem ? problemResponse(problem) : internalError(error));
  });
  await app.register(fastifyPagewise);
  for (const [pattern, resource] of routes) app.pagewise(pattern, resource);
  for (const [path, file] of files) {
    app.get(path, (_request, reply) => reply.headers(file.headers).send(Buffer.from(file.body)));
  }
  app.setNotFoundHandler((request, reply) =>
    sendResponse(reply, problemResponse(notFoundProblem(request.url.split("?")[0] ?? ""))),
  );
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return { url: baseUrl(config.host, port), store, close: closingStore(() => app.close(), store) };
}

await runIfMain(import.meta.url, "Fastify", startFastify);
