/**
 * NestJS 11 (npm run test:runtimes): a CommonJS Nest 11 app on Express and on Fastify, pagewise
 * from dist/ as npm installs it (test/runtimes/nest11: Nest 11, @nestjs/swagger 11.4, the built
 * package copied in by install-runtimes.ts). On Express the whole behaviour suite; on Fastify the
 * same answers as Express's for a request of each kind, but for a Content-Type Fastify cannot
 * parse on an `@All()` route (Nest 11 gives such a route no Fastify config, where pagewise finds
 * its resource: Nest's own 415); on both a cursor list walked by its links, and the SwaggerModule
 * document, valid OpenAPI 3.1 holding pagewise's own parameters of each list.
 */
import { realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPaths } from "../../src/openapi/index.js";
import { behaviourSuite } from "../adapters/behaviour-suite.js";
import { API_KEY, dataset, WALK_ROWS, walkRoutes } from "../adapters/resources.js";
import { type Call, call } from "../support/http-call.js";
import { openApiErrors } from "../support/openapi-conformance.js";
import { bundleNest11 } from "./bundle-nest11.js";
import { DESCRIBED, NEST11_PLATFORMS, type Nest11Process, startNest11 } from "./start-nest11.js";

const NEST11 = fileURLToPath(new URL("./nest11/node_modules/", import.meta.url));
let folder: string;
let running: Nest11Process;

beforeAll(async () => {
  folder = await bundleNest11();
  running = await startNest11(folder);
});
afterAll(async () => {
  await running?.close();
  rmSync(folder, { recursive: true, force: true });
});

it("runs NestJS 11 and the built pagewise, both from test/runtimes/nest11", () => {
  const bundle = createRequire(join(folder, "serve-nest11.cjs"));
  const nestjs = realpathSync(bundle.resolve("pagewise/nestjs"));
  expect({
    core: bundle("@nestjs/core/package.json").version,
    fastify: bundle("@nestjs/platform-fastify/package.json").version,
    swagger: bundle("@nestjs/swagger/package.json").version,
    nestjs,
    nestjsCore: realpathSync(createRequire(nestjs).resolve("@nestjs/core")),
  }).toStrictEqual({
    core: "11.2.10",
    fastify: "11.2.8",
    swagger: "11.4.7",
    nestjs: `${NEST11}pagewise/dist/nestjs/index.cjs`,
    nestjsCore: `${NEST11}@nestjs/core/index.js`,
  });
});

describe("NestJS 11 on express: the behaviour suite", () =>
  behaviourSuite(async () => ({ origin: running.origins.express, close: async () => undefined })));

const key = { "x-api-key": API_KEY };
const json = { "content-type": "application/json" };
const P = "/package/o/three/packages/";

/** A request of each kind the suite makes, Fastify's answer to be Express's. */
const KINDS: readonly (readonly [string, Call])[] = [
  ["a page", { path: "/package/o/n350/packages/?page=4&page_size=100", headers: key }],
  ["HEAD", { method: "HEAD", path: `${P}?page=2&page_size=1`, headers: key }],
  ["a filter kept in links", { path: "/package/o/n350/?status=failed&page=2", headers: key }],
  ["overflow 'error'", { path: "/overflow/error/?page=9&page_size=100" }],
  ["a 400 problem", { path: "/strict/?page_size=501" }],
  ["a cursor page", { path: "/walk/cursor/?page_size=7" }],
  ["countless", { path: "/walk/countless/?page=3&page_size=50" }],
  [
    "a JSON body",
    {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { ...key, ...json },
      body: '{"status":"failed"}',
    },
  ],
  [
    "malformed JSON",
    { method: "DELETE", path: "/package/o/n350/", headers: { ...key, ...json }, body: "{" },
  ],
  [
    "a wrong Content-Type",
    {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { ...key, "content-type": "text/plain" },
      body: "{}",
    },
  ],
  [
    "a body over maxBodyBytes",
    {
      method: "POST",
      path: "/small-body/",
      headers: json,
      body: JSON.stringify({ pad: "x".repeat(100) }),
    },
  ],
  ["no API key", { path: P }],
  ["OPTIONS", { method: "OPTIONS", path: P }],
  ["a method not served", { method: "PUT", path: "/package/o/n350/", headers: key }],
  [
    "a CORS preflight",
    {
      method: "OPTIONS",
      path: P,
      headers: { origin: "https://app.example", "access-control-request-method": "GET" },
    },
  ],
  ["a path no route matches", { path: "/nowhere/" }],
  ["an empty path parameter", { path: "/package//three/" }],
];

describe("NestJS 11 on fastify", () => {
  it.each(KINDS)("answers %s as on Express", async (_kind, request) => {
    const { express, fastify } = running.origins;
    expect(await call(fastify, request)).toStrictEqual(await call(express, request));
  });

  it("answers a Content-Type it cannot parse on an @All() route with Nest's own 415", async () => {
    const request = {
      method: "DELETE",
      path: "/package/o/n350/",
      headers: { "content-type": ";" },
    };
    expect(await call(running.origins.fastify, { ...request, body: "{}" })).toStrictEqual({
      status: 415,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: { statusCode: 415, message: "Unsupported Media Type" },
    });
  });
});

/** The ids of a cursor list's rows, walked from `path` by its `next` links. */
async function walk(origin: string, path: string): Promise<number[]> {
  const ids: number[] = [];
  for (let target: string | undefined = path; target !== undefined; ) {
    const response: Response = await fetch(origin + target);
    expect(response.status).toBe(200);
    ids.push(...((await response.json()) as { id: number }[]).map((row) => row.id));
    target = /<([^>]*)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
  }
  return ids;
}

/** pagewise's own description of the walk routes, the document's reference. */
const OWN = openApiPaths(walkRoutes);
/** Where Nest serves a walk route with `@Get(DESCRIBED + path)`: no trailing slash. */
const described = (path: string) => `${DESCRIBED}${path}`.replace(/\/$/, "");

describe.each(NEST11_PLATFORMS)("NestJS 11 on %s", (platform) => {
  const origin = () => running.origins[platform];

  it("walks a cursor list by its next links: every row once, in order", async () => {
    const ids = dataset(WALK_ROWS).map((row) => row.id);
    expect(await walk(origin(), "/walk/cursor/?page_size=97")).toStrictEqual(ids);
    expect(await walk(origin(), `${described("/walk/cursor/")}?page_size=97`)).toStrictEqual(ids);
  });

  describe("its SwaggerModule document at /docs-json", () => {
    type Operation = { parameters?: unknown; responses: Record<string, unknown> };
    let document: { paths: Record<string, Record<string, Operation>> };
    beforeAll(async () => {
      document = await (await fetch(`${origin()}/docs-json`)).json();
    });

    it("is valid OpenAPI 3.1, a GET at each described route and nothing else", async () => {
      expect(await openApiErrors(document)).toStrictEqual([]);
      expect(
        Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item)]),
      ).toStrictEqual(walkRoutes.map(([path]) => [described(path), ["get"]]));
    });

    it.each(walkRoutes.map(([path]) => path))(
      "holds pagewise's parameters and responses of %s",
      (path) => {
        const own = OWN[path]?.get;
        const { parameters, responses } = document.paths[described(path)]?.get ?? {};
        expect(parameters).toStrictEqual(own?.parameters);
        expect(Object.keys(responses ?? {})).toStrictEqual(Object.keys(own?.responses ?? {}));
      },
    );
  });
});
