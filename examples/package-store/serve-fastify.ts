/** The package API on Fastify 5: `npm run example`. */
import Fastify from "fastify";
import { notFoundProblem, problemResponse } from "pagewise";
import { fastifyPagewise } from "pagewise/fastify";
import type { Config } from "./config.js";
import { baseUrl, createPackageApi, runIfMain, type Started } from "./started.js";
import { loadStaticFiles } from "./static-files.js";

/** Starts the API on Fastify. */
export async function startFastify(config: Config): Promise<Started> {
  const { store, routes } = createPackageApi(config);
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(fastifyPagewise);
  for (const [pattern, resource] of routes) app.pagewise(pattern, resource);
  for (const [path, file] of loadStaticFiles()) {
    app.get(path, (_request, reply) => reply.headers(file.headers).send(Buffer.from(file.body)));
  }
  app.setNotFoundHandler((request, reply) => {
    const { status, headers, body } = problemResponse(
      notFoundProblem(request.url.split("?")[0] ?? ""),
    );
    return reply
      .code(status)
      .headers(headers)
      .send(Buffer.from(body ?? ""));
  });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return { url: baseUrl(config.host, port), store, close: () => app.close() };
}

await runIfMain(import.meta.url, "Fastify", startFastify);
