/**
 * The HTTP suite's servers: the spec example endpoint on each framework, once through the pagewise
 * adapter (mounted exactly as the adapter test suite mounts it) and once as a hand-written route
 * handler that checks the same key and sets the same headers, each on 127.0.0.1 with an
 * ephemeral port.
 * @packageDocumentation
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import express from "express";
import fastify from "fastify";
// pagewise as users run it: the built package (tsx's keepNames would wrap every per-request
// closure of the sources in a __name() call that the build does not have).
import { apiKeyVerifier, defineResource, list } from "pagewise";
import { expressHandler } from "pagewise/express";
import { fastifyPagewise } from "pagewise/fastify";
import { fetchRouter } from "pagewise/fetch";

/** A running server: its origin and how to stop it. */
export interface Running {
  readonly origin: string;
  readonly close: () => Promise<void>;
}

export const frameworks = ["express 5", "fastify 5", "fetch"] as const;
export type Framework = (typeof frameworks)[number];

export const variants = ["hand-written", "pagewise"] as const;
export type Variant = (typeof variants)[number];

export const API_KEY = "bench-key-0123456789";
export const ROUTE = "/package/:owner/:repo/packages/";
/** The spec's example request: page 2 of 4 with all four links. */
export const TARGET = "/package/demo/tools/packages/?page=2&page_size=30";

const STATUSES = ["awaiting_sync", "sync_in_progress", "completed", "failed"] as const;

/** 120 packages `{ id, name, version, status }`, in memory. */
export const items = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  name: `package-${i + 1}`,
  version: `1.${i % 10}.${i % 3}`,
  status: STATUSES[i % STATUSES.length] as string,
}));

// --- pagewise --------------------------------------------------------------------------------

const resource = defineResource(
  { GET: list({ handler: () => items }) },
  { apiKey: apiKeyVerifier(API_KEY) },
);

/** The same resource on each adapter, mounted as the README shows. */
const pagewiseApps: Readonly<Record<Framework, () => Promise<Running>>> = {
  "express 5": () => {
    const app = express();
    app.disable("x-powered-by");
    app.all(ROUTE, expressHandler(resource));
    return listen(createServer(app));
  },
  "fastify 5": async () => {
    const app = fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await app.register(fastifyPagewise);
    app.pagewise(ROUTE, resource);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    return { origin: address.replace("localhost", "127.0.0.1"), close: () => app.close() };
  },
  fetch: () => listen(createAdaptorServer({ fetch: fetchRouter([[ROUTE, resource]]) }) as Server),
};

function pagewise(framework: Framework): Promise<Running> {
  return pagewiseApps[framework]();
}

// --- hand-written ----------------------------------------------------------------------------

const UNAUTHORIZED = '{"title":"Unauthorized","status":401}';
/** pagewise advertises the resource's methods on every answer; so does the hand-written handler. */
const ALLOW = "GET, OPTIONS";

/** What every hand-written handler computes: the page math and headers with parseInt/Math.ceil. */
function handPage(path: string, pageParam: string | null | undefined, sizeParam: typeof pageParam) {
  const count = items.length;
  const size = Math.min(Number.parseInt(sizeParam ?? "", 10) || 30, 500);
  const page = Math.max(Number.parseInt(pageParam ?? "", 10) || 1, 1);
  const pageTotal = Math.max(Math.ceil(count / size), 1);
  const url = `${path}?page=`;
  const links: string[] = [];
  if (pageTotal > 1) links.push(`<${url}1>; rel="first"`);
  if (page > 1) links.push(`<${url}${Math.min(page - 1, pageTotal)}>; rel="prev"`);
  if (page < pageTotal) links.push(`<${url}${page + 1}>; rel="next"`);
  if (pageTotal > 1) links.push(`<${url}${pageTotal}>; rel="last"`);
  const headers: Record<string, string> = { "Content-Type": "application/json", Allow: ALLOW };
  if (links.length > 0) headers.Link = links.join(", ");
  headers["X-Pagination-Count"] = `${count}`;
  headers["X-Pagination-Page"] = `${page}`;
  headers["X-Pagination-PageTotal"] = `${pageTotal}`;
  headers["X-Pagination-PageSize"] = `${size}`;
  const offset = (page - 1) * size;
  return { headers, body: JSON.stringify(items.slice(offset, offset + size)) };
}

const unauthorizedHeaders = { "Content-Type": "application/problem+json" };

async function listen(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * Express: `res.writeHead`/`res.end`, as the adapter writes. (`res.set` and `res.send` would
 * append `; charset=utf-8` to the Content-Type and hash the body for an ETag: different output.)
 */
function handExpress(): Promise<Running> {
  const app = express();
  app.disable("x-powered-by");
  app.get(ROUTE, (req, res) => {
    if (req.headers["x-api-key"] !== API_KEY) {
      res.writeHead(401, unauthorizedHeaders).end(UNAUTHORIZED);
      return;
    }
    const query = req.query as Record<string, string | undefined>;
    const { headers, body } = handPage(req.path, query.page, query.page_size);
    res.writeHead(200, headers).end(body);
  });
  return listen(createServer(app));
}

/** Fastify: `reply.headers().send()`; bytes, since a string body gets `; charset=utf-8` appended. */
async function handFastify(): Promise<Running> {
  const app = fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.get(ROUTE, async (request, reply) => {
    if (request.headers["x-api-key"] !== API_KEY) {
      return reply.code(401).headers(unauthorizedHeaders).send(Buffer.from(UNAUTHORIZED));
    }
    const query = request.query as Record<string, string | undefined>;
    const mark = request.url.indexOf("?");
    const path = mark < 0 ? request.url : request.url.slice(0, mark);
    const { headers, body } = handPage(path, query.page, query.page_size);
    return reply.code(200).headers(headers).send(Buffer.from(body));
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { origin: address.replace("localhost", "127.0.0.1"), close: () => app.close() };
}

/** fetch on @hono/node-server: `new Response`, behind the same tiny router the adapter suite uses. */
function handFetch(): Promise<Running> {
  const route = /^\/package\/([^/]+)\/([^/]+)\/packages\/?$/;
  const serve = (request: Request, url: URL): Response => {
    if (request.headers.get("x-api-key") !== API_KEY) {
      return new Response(UNAUTHORIZED, { status: 401, headers: unauthorizedHeaders });
    }
    const { searchParams } = url;
    const { headers, body } = handPage(
      url.pathname,
      searchParams.get("page"),
      searchParams.get("page_size"),
    );
    return new Response(body, { status: 200, headers });
  };
  const fetch = (request: Request): Response => {
    const url = new URL(request.url);
    const match = route.exec(url.pathname);
    if (match) {
      // The adapter suite's router decodes the path parameters; do the same work.
      decodeURIComponent(match[1] ?? "");
      decodeURIComponent(match[2] ?? "");
      return serve(request, url);
    }
    return new Response(null, { status: 404 });
  };
  return listen(createAdaptorServer({ fetch }) as Server);
}

const hand: Readonly<Record<Framework, () => Promise<Running>>> = {
  "express 5": handExpress,
  "fastify 5": handFastify,
  fetch: handFetch,
};

/** Starts one server on 127.0.0.1 with an ephemeral port. */
export function startServer(framework: Framework, variant: Variant): Promise<Running> {
  return variant === "pagewise" ? pagewise(framework) : hand[framework]();
}
