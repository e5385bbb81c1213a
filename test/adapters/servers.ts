/**
 * Starts the suite's routes on each adapter and framework version, on 127.0.0.1 with an ephemeral
 * port, set up as docs/adapters.md tells: Express with `expressErrorHandler`, Fastify with
 * `fastifyErrorHandler` as its `frameworkErrors`, Hono as hono-app.ts sets it up, each framework's
 * other defaults kept.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import express5 from "express";
import express4 from "express4";
import fastify5 from "fastify";
import fastify4 from "fastify4";
import { expressErrorHandler, expressHandler } from "../../src/adapters/express/index.js";
import { fastifyErrorHandler, fastifyPagewise } from "../../src/adapters/fastify/index.js";
import { fetchRouter } from "../../src/adapters/fetch/index.js";
import type { Resource } from "../../src/index.js";
import { honoApp } from "./hono-app.js";

/** A running server: its origin, its `node:http` server (to watch its responses) and how to stop it. */
export interface Running {
  readonly origin: string;
  readonly server: Server;
  readonly close: () => Promise<void>;
}

type Routes = readonly (readonly [string, Resource])[];

async function listen(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

function expressApp(create: typeof express5, routes: Routes) {
  const app = create();
  app.disable("x-powered-by");
  for (const [path, resource] of routes) app.all(path, expressHandler(resource));
  app.use(expressErrorHandler());
  return listen(createServer(app));
}

async function fastifyApp(
  create: typeof fastify5,
  routes: Routes,
  options: Record<string, unknown>,
): Promise<Running> {
  const app = create({ ...options, frameworkErrors: fastifyErrorHandler() } as never);
  await app.register(fastifyPagewise);
  for (const [path, resource] of routes) app.pagewise(path, resource);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    origin: address.replace("localhost", "127.0.0.1"),
    server: app.server as unknown as Server, // an HTTP/1 server: no http2 option given
    close: () => app.close(),
  };
}

/** Every adapter × framework version the suite runs against. */
export const adapters: Readonly<Record<string, (routes: Routes) => Promise<Running>>> = {
  "express 4": (routes) => expressApp(express4 as unknown as typeof express5, routes),
  "express 5": (routes) => expressApp(express5, routes),
  "fastify 4": (routes) =>
    fastifyApp(fastify4 as unknown as typeof fastify5, routes, { ignoreTrailingSlash: true }),
  "fastify 5": (routes) =>
    fastifyApp(fastify5, routes, { routerOptions: { ignoreTrailingSlash: true } }),
  fetch: (routes) => listen(createAdaptorServer({ fetch: fetchRouter(routes) }) as Server),
  hono: (routes) => listen(createAdaptorServer({ fetch: honoApp(routes).fetch }) as Server),
};
