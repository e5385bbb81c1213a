/**
 * Starts the behaviour suite's routes on a Nest app, on Express and on Fastify, on 127.0.0.1 with
 * an ephemeral port, set up as docs/nestjs.md tells: one controller whose method per route is
 * `@All(path) @Pagewise(resource)`, `PagewiseModule` imported, the body left to pagewise (Nest's
 * `bodyParser: false`; on Fastify, its own parsers replaced by one handing the stream on),
 * Fastify ignoring a trailing slash and answering its router's errors with `fastifyErrorHandler`
 * as the suite's Fastify servers do, Express without
 * `X-Powered-By`. The decorators are applied as functions: the project's tsconfig.json has no
 * `experimentalDecorators`, which Nest's decorator syntax needs.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { All, Controller, type INestApplication, Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { ExpressAdapter, type NestExpressApplication } from "@nestjs/platform-express";
import { FastifyAdapter, type NestFastifyApplication } from "@nestjs/platform-fastify";
import { fastifyErrorHandler } from "../../src/adapters/fastify/index.js";
import { Pagewise, PagewiseModule } from "../../src/adapters/nestjs/index.js";
import type { Resource } from "../../src/index.js";
import type { Running } from "./servers.js";

type Routes = readonly (readonly [string, Resource])[];

/** A method that does nothing, named `key` (Nest names a route's operationId after it). */
export function namedMethod(key: string): () => undefined {
  return { [key]: () => undefined }[key] as () => undefined;
}

/** A controller serving each route with `@All(path) @Pagewise(resource)`. */
export function routesController(routes: Routes): new () => object {
  class RoutesController {}
  for (const [index, [path, resource]] of routes.entries()) {
    const key = `route${index}`;
    const descriptor = { value: namedMethod(key), writable: true, configurable: true };
    Object.defineProperty(RoutesController.prototype, key, descriptor);
    Pagewise(resource)(RoutesController.prototype, key, descriptor);
    All(path)(RoutesController.prototype, key, descriptor);
  }
  Controller()(RoutesController);
  return RoutesController;
}

/** The app module of `controllers`, with `PagewiseModule`. */
export function appModule(...controllers: (new () => object)[]): new () => object {
  class AppModule {}
  Module({ imports: [PagewiseModule], controllers })(AppModule);
  return AppModule;
}

async function listen(app: INestApplication): Promise<Running> {
  await app.listen(0, "127.0.0.1");
  const server = app.getHttpServer() as Server;
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server, close: () => app.close() };
}

/** What a test does to the app before it listens (a global prefix, say). */
type Prepare = (app: INestApplication) => void;

/** A Nest app on Express 5 serving `module`, `prepare`d. */
export async function nestExpress(
  module: new () => object,
  prepare: Prepare = () => undefined,
): Promise<Running> {
  const options = { logger: false, bodyParser: false } as const;
  const app = await NestFactory.create<NestExpressApplication>(
    module,
    new ExpressAdapter(),
    options,
  );
  app.disable("x-powered-by");
  prepare(app);
  return listen(app);
}

/** A Nest app on Fastify 5 serving `module`, `prepare`d, the bodies left as streams for pagewise. */
export async function nestFastify(
  module: new () => object,
  prepare: Prepare = () => undefined,
): Promise<Running> {
  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: fastifyErrorHandler(),
  });
  const fastify = adapter.getInstance();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  const options = { logger: false, bodyParser: false } as const;
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, options);
  prepare(app);
  return listen(app);
}

/** Each Nest platform the suite runs against. */
export const nestAdapters: Readonly<Record<string, (routes: Routes) => Promise<Running>>> = {
  "nestjs express": (routes) => nestExpress(appModule(routesController(routes))),
  "nestjs fastify": (routes) => nestFastify(appModule(routesController(routes))),
};
