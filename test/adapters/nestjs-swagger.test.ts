/**
 * `@Pagewise` describes its route for @nestjs/swagger: a SwaggerModule document holds, for a page
 * list and a cursor list, exactly pagewise's own operation (`openApiPaths`): the query parameters
 * with their bounds, the responses with the pagination headers and every problem, the rows'
 * schema given as a value (a DTO class, referenced; a JSON Schema, as it is). Both documents are
 * valid OpenAPI 3.1.
 */
import { Controller, Get, Post } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { ExpressAdapter } from "@nestjs/platform-express";
import { ApiProperty, DocumentBuilder, SwaggerModule } from "@nestjs/swagger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Pagewise, type PagewiseOptions } from "../../src/adapters/nestjs/index.js";
import { cursorList, defineResource, json, list } from "../../src/index.js";
import { type OpenApiOperation, openApiPaths } from "../../src/openapi/index.js";
import type { MethodDefinition } from "../../src/resource/method-definition.js";
import { openApiErrors } from "../support/openapi-conformance.js";
import { appModule, namedMethod } from "./nestjs-servers.js";

/** A row's DTO, its properties typed explicitly (no decorator metadata is emitted here). */
class PackageDto {}
ApiProperty({ type: "integer" })(PackageDto.prototype, "id");
ApiProperty({ type: "string" })(PackageDto.prototype, "name");

const sort = { fields: { name: true, created_at: true }, tieBreaker: "id" } as const;
const schema = z.object({ status: z.enum(["active", "archived"]).optional() });
const pages = list({ schema, sort, handler: () => [] });
const feed = cursorList({ sort, secret: "s".repeat(32), handler: () => [] });
const FEED_ROW = { type: "object", properties: { id: { type: "integer" } } } as const;

/** Each route: its path, the list, and `@Pagewise`'s options. */
const ROUTES: readonly (readonly [string, MethodDefinition, PagewiseOptions])[] = [
  ["/packages", pages as MethodDefinition, { items: PackageDto }],
  ["/packages/feed", feed as MethodDefinition, { items: FEED_ROW }],
];

/** A resource whose POST is routed by its own method, `@Post() @Pagewise(packageStore)`. */
const packageStore = defineResource({
  GET: pages,
  POST: json({ schema: z.object({ name: z.string() }), status: 201, handler: () => undefined }),
});

/**
 * `@Get(path) @Pagewise(list, options)` for each route, and `@Post() @Pagewise(packageStore)`, on
 * one controller.
 */
function packagesController(): new () => object {
  class PackagesController {}
  const create = { value: namedMethod("create"), writable: true, configurable: true };
  Object.defineProperty(PackagesController.prototype, "create", create);
  Pagewise(packageStore)(PackagesController.prototype, "create", create);
  Post("packages")(PackagesController.prototype, "create", create);
  for (const [index, [path, served, options]] of ROUTES.entries()) {
    const key = `route${index}`;
    const descriptor = { value: namedMethod(key), writable: true, configurable: true };
    Object.defineProperty(PackagesController.prototype, key, descriptor);
    Pagewise(served, options)(PackagesController.prototype, key, descriptor);
    Get(path)(PackagesController.prototype, key, descriptor);
  }
  Controller()(PackagesController);
  return PackagesController;
}

type Operation = OpenApiOperation & { operationId: string; tags: string[] };
let document: { paths: Record<string, { get: Operation; post?: Operation }>; components?: unknown };
let app: Awaited<ReturnType<typeof NestFactory.create>>;

beforeAll(async () => {
  app = await NestFactory.create(appModule(packagesController()), new ExpressAdapter(), {
    logger: false,
  });
  const config = new DocumentBuilder().setOpenAPIVersion("3.1.0").build();
  document = SwaggerModule.createDocument(app, config) as never;
});
afterAll(() => app.close());

/** pagewise's own GET operation of a list served at `path`. */
function pagewiseOperation(path: string, served: MethodDefinition): OpenApiOperation {
  const paths = openApiPaths([[path, defineResource({ GET: served })]]);
  return paths[path]?.get as OpenApiOperation;
}

describe("a @Pagewise route in a SwaggerModule document", () => {
  it("is valid OpenAPI 3.1, a GET at each route and the DTO among its schemas", async () => {
    expect(await openApiErrors(document)).toStrictEqual([]);
    expect(Object.keys(document.paths)).toStrictEqual(["/packages", "/packages/feed"]);
    expect(document.components).toStrictEqual({
      schemas: {
        PackageDto: {
          type: "object",
          properties: { id: { type: "integer" }, name: { type: "string" } },
          required: ["id", "name"],
        },
      },
    });
  });

  it.each(ROUTES)(
    "describes %s as pagewise does: parameters, headers, problems",
    (path, served) => {
      const { operationId, tags, ...described } = (document.paths[path] as { get: Operation }).get;
      expect([operationId, tags]).toStrictEqual([expect.any(String), ["Packages"]]);
      const own = pagewiseOperation(path, served);
      const { 200: page, ...problems } = own.responses;
      const { 200: given, ...described4xx } = described.responses;
      expect(described.parameters).toStrictEqual(own.parameters);
      expect(described4xx).toStrictEqual(problems);
      expect(Object.keys(problems)).toStrictEqual(["400", "414"]);
      expect({ ...given, content: undefined }).toStrictEqual({ ...page, content: undefined });
    },
  );

  it.each([
    ["/packages", { $ref: "#/components/schemas/PackageDto" }],
    ["/packages/feed", FEED_ROW],
  ])("gives %s's rows the schema given as a value", (path, items) => {
    expect(document.paths[path]?.get.responses[200]?.content).toStrictEqual({
      "application/json": { schema: { type: "array", items } },
    });
  });

  it("states the page list's query parameters with their bounds", () => {
    const parameters = document.paths["/packages"]?.get.parameters ?? [];
    expect(
      parameters.map(({ name, in: where, required, schema }) => [name, where, required, schema]),
    ).toStrictEqual([
      ["page", "query", false, { type: "integer", minimum: 1, default: 1 }],
      ["page_size", "query", false, { type: "integer", minimum: 1, maximum: 500, default: 30 }],
      [
        "sort",
        "query",
        false,
        {
          type: "array",
          items: { type: "string", enum: ["name", "-name", "created_at", "-created_at"] },
          uniqueItems: true,
          maxItems: 2,
        },
      ],
      ["status", "query", false, { type: "string", enum: ["active", "archived"] }],
    ]);
  });

  it("states the pagination headers of each list", () => {
    const headers = (path: string) =>
      Object.keys(document.paths[path]?.get.responses[200]?.headers ?? {});
    const counts = ["X-Pagination-Count"];
    const inexact = ["X-Pagination-CountAtLeast", "X-Pagination-CountEstimate"];
    expect(headers("/packages")).toStrictEqual([
      "Link",
      ...counts,
      "X-Pagination-Page",
      "X-Pagination-PageTotal",
      "X-Pagination-PageSize",
      ...inexact,
      "Allow",
    ]);
    expect(headers("/packages/feed")).toStrictEqual([
      "Link",
      ...counts,
      "X-Pagination-PageSize",
      ...inexact,
      "Allow",
    ]);
  });

  it("describes a route's own method of a resource: @Post() its POST, body and all", () => {
    const { operationId, tags, ...described } =
      document.paths["/packages"]?.post ?? ({} as Operation);
    const paths = openApiPaths([["/packages", packageStore]]);
    expect([operationId, tags]).toStrictEqual(["PackagesController_create", ["Packages"]]);
    expect(described).toStrictEqual(paths["/packages"]?.post);
  });
});
