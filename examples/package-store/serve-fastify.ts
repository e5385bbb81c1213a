/** The package API on Fastify 5: `npm run example`. */
import Fastify, { type FastifyReply } from "fastify";
import {
  DEFAULT_MAX_BODY_BYTES,
  frameworkBodyError,
  notFoundProblem,
  problemResponse,
} from "pagewise/adapter";
import { fastifyPagewise, sendResponse } from "pagewise/fastify";
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
  // Fastify's own errors before routing (a malformed escape in the path) as problems, too.
  const frameworkErrors = (error: Error, _request: unknown, reply: FastifyReply) => {
    const problem = frameworkBodyError(error, DEFAULT_MAX_BODY_BYTES);
    return sendResponse(
      reply,
      problem === undefined ? internalError(error) : problemResponse(problem),
    );
  };
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    frameworkErrors,
  });
  // Any other error (a bug): a 500 problem, never the error's message or stack.
  app.setErrorHandler((error, _request, reply) => sendResponse(reply, internalError(error)));
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
