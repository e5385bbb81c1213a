/**
 * Routes added with `app.pagewise` appear in @fastify/swagger's document with their parameters,
 * headers and responses, and the description changes nothing of how requests are served: no
 * Fastify validation or serialisation is switched on by it.
 */
import swagger from "@fastify/swagger";
import Fastify, { type InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fastifyPagewise } from "../../src/adapters/fastify/index.js";
import { apiKeyVerifier, defineResource, json, list } from "../../src/index.js";
import { openApiDocument } from "../../src/openapi/index.js";
import { openApiErrors } from "../support/openapi-conformance.js";

const KEY = "swagger-key";
const packages = defineResource(
  {
    GET: list({
      schema: z.object({ status: z.enum(["failed", "completed"]).optional() }),
      openapi: { operationId: "listPackages", summary: "Packages", tags: ["packages"] },
      handler: () => [{ id: 1 }, { id: 2 }, { id: 3 }],
    }),
    POST: json({
      schema: z.strictObject({ name: z.string().min(1) }),
      status: 201,
      openapi: { response: z.object({ name: z.string() }) },
      handler: ({ params }) => params,
    }),
  },
  { apiKey: apiKeyVerifier(KEY), cors: true },
);

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters: { name: string; in: string; required: boolean; schema: unknown }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { headers?: Record<string, unknown>; content?: object }>;
      }
    >
  >;
};

const app = Fastify();
let document: Document;
beforeAll(async () => {
  await app.register(swagger, {
    openapi: { openapi: "3.1.0", info: { title: "packages", version: "1.0.0" } },
  });
  await app.register(fastifyPagewise);
  app.pagewise("/package/:owner/:repo/", packages);
  await app.ready();
  document = app.swagger() as unknown as Document;
});
afterAll(() => app.close());

describe("a pagewise route in @fastify/swagger's document", () => {
  it("is a valid OpenAPI 3.1 document with the route's described methods only", async () => {
    expect(await openApiErrors(document)).toStrictEqual([]);
    expect(Object.keys(document.paths)).toStrictEqual(["/package/{owner}/{repo}/"]);
    expect(Object.keys(document.paths["/package/{owner}/{repo}/"] ?? {}).sort()).toStrictEqual([
      "get",
      "options",
      "post",
    ]);
  });

  it("lists the parameters with their limits", () => {
    const get = document.paths["/package/{owner}/{repo}/"]?.get;
    expect(get?.operationId).toBe("listPackages");
    expect(get?.parameters.map((p) => [p.in, p.name, p.required, p.schema]).sort()).toStrictEqual(
      [
        ["query", "page", false, { type: "integer", minimum: 1, default: 1 }],
        ["query", "page_size", false, { type: "integer", minimum: 1, maximum: 500, default: 30 }],
        ["query", "status", false, { type: "string", enum: ["failed", "completed"] }],
        ["path", "owner", true, { type: "string", minLength: 1 }],
        ["path", "repo", true, { type: "string", minLength: 1 }],
        ["header", "X-Api-Key", true, { type: "string" }],
      ].sort(),
    );
  });

  it("lists the responses, the pagination headers and the problems", () => {
    const { get, post } = document.paths["/package/{owner}/{repo}/"] ?? {};
    expect(Object.keys(get?.responses ?? {})).toStrictEqual(["200", "400", "401", "414"]);
    expect(Object.keys(get?.responses[200]?.headers ?? {})).toStrictEqual([
      "Link",
      "X-Pagination-Count",
      "X-Pagination-Page",
      "X-Pagination-PageTotal",
      "X-Pagination-PageSize",
      "X-Pagination-CountAtLeast",
      "X-Pagination-CountEstimate",
      "Allow",
      "Access-Control-Allow-Origin",
      "Access-Control-Expose-Headers",
    ]);
    expect(Object.keys(get?.responses[401]?.content ?? {})).toStrictEqual([
      "application/problem+json",
    ]);
    expect(Object.keys(post?.responses ?? {})).toStrictEqual([
      "201",
      "204",
      "400",
      "401",
      "413",
      "415",
    ]);
    expect(post?.requestBody?.content["application/json"]?.schema).toStrictEqual({
      type: "object",
      properties: { name: { type: "string", minLength: 1 } },
      required: ["name"],
      additionalProperties: false,
    });
  });
});

describe("a described route serves as before", () => {
  const key = { "x-api-key": KEY };
  it.each<[string, InjectOptions, number, unknown]>([
    [
      "a page number Fastify would refuse as an integer: read leniently",
      { url: "/package/o/r/?page=abc&page_size=2", headers: key },
      200,
      [{ id: 1 }, { id: 2 }],
    ],
    [
      "a filter out of its enum: pagewise's problem, not Fastify's",
      { url: "/package/o/r/?status=zzz", headers: key },
      400,
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail:
          'Invalid request parameters: "status": Invalid option: expected one of "failed"|"completed".',
        code: "validation_failed",
        parameter: "status",
        errors: [
          { parameter: "status", detail: 'Invalid option: expected one of "failed"|"completed"' },
        ],
      },
    ],
    [
      "no API key, though the description requires the header",
      { url: "/package/o/r/" },
      401,
      {
        type: "about:blank",
        title: "Unauthorized",
        status: 401,
        detail: "Send your API key in the X-Api-Key header.",
        code: "unauthorized",
      },
    ],
    [
      "a body the schema refuses: pagewise's problem",
      {
        method: "POST",
        url: "/package/o/r/",
        headers: { ...key, "content-type": "application/json" },
        payload: '{"name":"","x":1}',
      },
      400,
      expect.objectContaining({ code: "validation_failed" }),
    ],
    [
      "a created body, as the handler gave it (no serialiser drops fields)",
      {
        method: "POST",
        url: "/package/o/r/",
        headers: { ...key, "content-type": "application/json" },
        payload: '{"name":"x"}',
      },
      201,
      { name: "x" },
    ],
    [
      "a method not described: 405",
      { method: "PUT", url: "/package/o/r/", headers: key },
      405,
      expect.objectContaining({ code: "method_not_allowed" }),
    ],
  ])("%s", async (_name, request, status, body) => {
    const answer = await app.inject(request);
    expect([answer.statusCode, answer.headers.allow, answer.json()]).toStrictEqual([
      status,
      "GET, POST, OPTIONS",
      body,
    ]);
  });

  it("answers HEAD as GET without a body", async () => {
    const answer = await app.inject({
      method: "HEAD",
      url: "/package/o/r/",
      headers: { "x-api-key": KEY },
    });
    expect([answer.statusCode, answer.headers["x-pagination-count"], answer.body]).toStrictEqual([
      200,
      "3",
      "",
    ]);
  });
});

describe("a sort in @fastify/swagger's document", () => {
  it("keeps its comma-separated form (style form, explode false), as openApiDocument writes it", async () => {
    const sorted = defineResource({
      GET: list({
        sort: {
          fields: { name: true, size: { nullable: true } },
          tieBreaker: "id",
          default: "-name",
        },
        handler: () => [],
      }),
    });
    const own = Fastify();
    try {
      await own.register(swagger, {
        openapi: { openapi: "3.1.0", info: { title: "sorted", version: "1.0.0" } },
      });
      await own.register(fastifyPagewise);
      own.pagewise("/sorted/", sorted);
      await own.ready();
      const described = own.swagger() as unknown as Document;
      const parameter = described.paths["/sorted/"]?.get?.parameters.find((p) => p.name === "sort");
      const expected = openApiDocument([["/sorted/", sorted]], {
        info: { title: "sorted", version: "1.0.0" },
      }).paths["/sorted/"]?.get?.parameters?.find((p) => p.name === "sort");
      expect(parameter).toMatchObject({ in: "query", style: "form", explode: false });
      expect(parameter).toMatchObject({ schema: expected?.schema });
      const comma = await own.inject({ url: "/sorted/?sort=-name,size" });
      expect(comma.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
