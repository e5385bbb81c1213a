/**
 * What only a Nest route has, on Express and on Fastify: the controller method serving the
 * request (its rows, for a page or a cursor list, an integration, a function of the context,
 * `@PagewiseContext()`), Nest's guards before pagewise and its pipes inside the handler, the
 * problem PagewiseModule's filter makes of a guard's 403 (the app's other routes' errors left to
 * Nest), and a `@Get()` route's methods: GET and HEAD served, any other the 404 of a path no
 * route matches; and the links of a route under a global prefix.
 */
import {
  BadRequestException,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  type PipeTransform,
  Query,
  UseGuards,
} from "@nestjs/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromController, Pagewise, PagewiseContext } from "../../src/adapters/nestjs/index.js";
import { clientError } from "../../src/errors.js";
import { cursorList, list } from "../../src/index.js";
import { problemResponse } from "../../src/resource/problem-response.js";
import { call } from "../support/http-call.js";
import { problem, problemType } from "./behaviour-suite.js";
import { appModule, nestExpress, nestFastify } from "./nestjs-servers.js";
import { dataset } from "./resources.js";
import type { Running } from "./servers.js";

const sort = { fields: { status: true, id: true }, tieBreaker: "id" } as const;
const sorted = list({ sort, handler: fromController });
const plain = list({ handler: fromController });
const byCursor = cursorList({
  order: [{ name: "id" }],
  secret: "c".repeat(32),
  handler: fromController,
});

/** Refuses a request that sends `x-deny`. */
const guard: CanActivate = {
  canActivate: (context: ExecutionContext) =>
    context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers["x-deny"] ===
    undefined,
};

/** Refuses `limit` values that are not digits, as a pipe of the user's would. */
const digits: PipeTransform = {
  transform: (value: unknown) => {
    if (value === undefined || /^\d+$/.test(String(value))) return value;
    throw new BadRequestException("limit: digits only");
  },
};

type Method = (...args: never[]) => unknown;
type Served = Parameters<typeof Pagewise>[0];

/** The controller: each route's method, its path, list, and extra decorators. */
function controller(): new () => object {
  class ItemsController {}
  const proto = ItemsController.prototype;
  // A parameter's decorator runs before the method's, as TypeScript applies them.
  const route = (
    key: string,
    path: string,
    served: Served,
    method: Method,
    parameter?: ParameterDecorator,
  ) => {
    const descriptor = { value: method, writable: true, configurable: true };
    Object.defineProperty(method, "name", { value: key });
    Object.defineProperty(proto, key, descriptor);
    parameter?.(proto, key, 0);
    Pagewise(served)(proto, key, descriptor);
    Get(path)(proto, key, descriptor);
    return descriptor;
  };
  route("rows", "rows", plain, () => dataset(7));
  route("integration", "integration", sorted, () => ({
    name: "sortedRows",
    needs: { sort: true },
    handle: ({ sort }: { sort: { terms: readonly { column: string }[] } }) => ({
      count: 4,
      items: () =>
        dataset(4).map((row) => ({ ...row, by: sort.terms.map((term) => term.column).join() })),
    }),
  }));
  route("cursor", "cursor", byCursor, () => dataset(5));
  route("function", "function", plain, () => (context: { method: string }) => [context.method]);
  route("nothing", "nothing", plain, () => undefined);
  const guarded = route("guarded", "guarded", plain, () => dataset(2));
  UseGuards(guard)(proto, "guarded", guarded);
  const limit = Query("limit", digits);
  route("piped", "piped", plain, (...args: unknown[]) => [{ limit: args[0] ?? null }], limit);
  const inContext = (...args: unknown[]) => {
    const { pageParams, sort } = args[0] as { pageParams: unknown; sort: { terms: unknown[] } };
    const terms = sort.terms as readonly { field: string; direction: string }[];
    return [{ pageParams, terms: terms.map((term) => `${term.field} ${term.direction}`) }];
  };
  route("context", "context", sorted, inContext, PagewiseContext());
  const plainRoute = {
    value: () => {
      throw new BadRequestException("name must be a string");
    },
    writable: true,
    configurable: true,
  };
  Object.defineProperty(proto, "other", plainRoute);
  Get("other")(proto, "other", plainRoute);
  Controller("items")(ItemsController);
  return ItemsController;
}

const json = { "content-type": "application/json", allow: "GET, OPTIONS" };
const pageHeaders = (count: number) => ({
  ...json,
  "x-pagination-count": String(count),
  "x-pagination-page": "1",
  "x-pagination-pagetotal": "1",
  "x-pagination-pagesize": "30",
});
const problemOf = (status: number) => JSON.parse(problemResponse(clientError(status)).body ?? "");

/** Headers a platform adds to Nest's own answers: Express's ETag. */
const NEST_OWN = {
  express: { etag: expect.stringMatching(/^W\/"/) },
  fastify: {},
};

describe.each([
  ["express", nestExpress],
  ["fastify", nestFastify],
] as const)("a Nest route on %s", (platform, start) => {
  let server: Running;
  beforeAll(async () => {
    server = await start(appModule(controller()));
  });
  afterAll(() => server.close());

  it("serves the rows its controller method returns", async () => {
    expect(await call(server.origin, { path: "/items/rows?page_size=30" })).toStrictEqual({
      status: 200,
      headers: pageHeaders(7),
      body: dataset(7),
    });
  });

  it("serves an integration it returns, with the list's order", async () => {
    const answer = await call(server.origin, { path: "/items/integration?sort=-status" });
    expect(answer).toStrictEqual({
      status: 200,
      headers: pageHeaders(4),
      body: dataset(4).map((row) => ({ ...row, by: "status,id" })),
    });
  });

  it("serves a cursor list from the rows it returns, walked by next links", async () => {
    const first = await call(server.origin, { path: "/items/cursor?page_size=3" });
    const next = /<([^>]*)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? "";
    expect([first.status, first.body, next]).toStrictEqual([
      200,
      dataset(3),
      expect.stringMatching(/^\/items\/cursor\?page_size=3&after=[\w.-]+$/),
    ]);
    expect((await call(server.origin, { path: next })).body).toStrictEqual(dataset(5).slice(3));
  });

  it("calls a function it returns with the handler's context", async () => {
    const answer = await call(server.origin, { path: "/items/function" });
    expect(answer).toStrictEqual({ status: 200, headers: pageHeaders(1), body: ["GET"] });
  });

  it("hands @PagewiseContext() the handler's context", async () => {
    const answer = await call(server.origin, { path: "/items/context?page_size=5&sort=status" });
    expect(answer.body).toStrictEqual([
      {
        pageParams: { page: 1, pageSize: 5 },
        terms: ["status asc", "id asc"],
      },
    ]);
  });

  it("answers a list whose method returns nothing with Nest's 500", async () => {
    expect(await call(server.origin, { path: "/items/nothing" })).toStrictEqual({
      status: 500,
      headers: { "content-type": "application/json; charset=utf-8", ...NEST_OWN[platform] },
      body: { statusCode: 500, message: "Internal server error" },
    });
  });

  it("runs Nest's guard first: its 403 a problem (PagewiseModule's filter)", async () => {
    const denied = await call(server.origin, {
      path: "/items/guarded",
      headers: { "x-deny": "1" },
    });
    expect(denied).toStrictEqual({ status: 403, headers: problemType, body: problemOf(403) });
    expect((await call(server.origin, { path: "/items/guarded" })).status).toBe(200);
  });

  it("runs the method's pipes inside the handler: their 400 is pagewise's, with Allow", async () => {
    expect(await call(server.origin, { path: "/items/piped?limit=x" })).toStrictEqual({
      status: 400,
      headers: { ...problemType, allow: "GET, OPTIONS" },
      body: problemOf(400),
    });
    const served = await call(server.origin, { path: "/items/piped?limit=12" });
    expect(served.body).toStrictEqual([{ limit: "12" }]);
  });

  it("answers HEAD on a @Get() route like GET, without the body", async () => {
    const answer = await call(server.origin, { method: "HEAD", path: "/items/rows" });
    expect(answer).toStrictEqual({ status: 200, headers: pageHeaders(7), body: null });
  });

  it("leaves the errors of the app's other routes to Nest, its messages kept", async () => {
    expect(await call(server.origin, { path: "/items/other" })).toStrictEqual({
      status: 400,
      headers: { "content-type": "application/json; charset=utf-8", ...NEST_OWN[platform] },
      body: { statusCode: 400, error: "Bad Request", message: "name must be a string" },
    });
  });

  it.each(["POST", "DELETE", "OPTIONS"])(
    "leaves %s on a @Get() route to Nest's router: a path it routes not, 404",
    async (method) => {
      expect(await call(server.origin, { method, path: "/items/rows?page=2" })).toStrictEqual({
        status: 404,
        headers: problemType,
        body: problem(404, "Not Found", "not_found", 'Nothing is served at "/items/rows".'),
      });
    },
  );
});

describe.each([
  ["express", nestExpress],
  ["fastify", nestFastify],
] as const)("a Nest route on %s under a global prefix", (_platform, start) => {
  let server: Running;
  beforeAll(async () => {
    server = await start(appModule(controller()), (app) => app.setGlobalPrefix("api"));
  });
  afterAll(() => server.close());

  it("links its pages under the prefix, and answers a path outside it 404", async () => {
    const answer = await call(server.origin, { path: "/api/items/rows?page_size=3&page=2" });
    const page = (n: number) => `</api/items/rows?page=${n}>`;
    expect([answer.status, answer.headers.link, answer.body]).toStrictEqual([
      200,
      `${page(1)}; rel="first", ${page(1)}; rel="prev", ${page(3)}; rel="next", ${page(3)}; rel="last"`,
      dataset(6).slice(3),
    ]);
    expect((await call(server.origin, { path: "/items/rows" })).status).toBe(404);
  });
});
