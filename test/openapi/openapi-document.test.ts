/**
 * OpenAPI 3.1 from resources: the example's document is valid against the OpenAPI 3.1 schema (a
 * maintained validator, @seriousme/openapi-schema-validator), and each part of an operation
 * follows from the resource's definition and options.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { packageDocument, packageRoutes } from "../../examples/package-store/api.js";
import { MemoryStore } from "../../examples/package-store/stores/memory-store.js";
import {
  apiKeyVerifier,
  cursorList,
  defineResource,
  headerNamePresets,
  json,
  list,
  type Resource,
  type ResourceOptions,
  type StandardSchemaV1,
} from "../../src/index.js";
import {
  type OpenApiDocumentOptions,
  type OpenApiOperation,
  openApiDocument,
  openApiPaths,
} from "../../src/openapi/index.js";
import { openApiPath } from "../../src/openapi/openapi-document.js";
import type { SortOption } from "../../src/sort/sort-option.js";
import { openApiErrors } from "../support/openapi-conformance.js";

const SECRET = "openapi-secret-openapi-secret-!!";
const rows = () => [];
const listOf = (options: ResourceOptions = {}) =>
  defineResource({ GET: list({ handler: rows }) }, options);
/** The one operation of a resource at `/r/`. */
const operationOf = (resource: ReturnType<typeof defineResource>, method = "get") =>
  (openApiPaths([["/r/", resource]])["/r/"] as Record<string, OpenApiOperation>)[method];
const parameter = (op: OpenApiOperation | undefined, name: string) =>
  op?.parameters?.find((p) => p.name === name);
/** Each problem status of an operation with its codes. */
const problems = (op: OpenApiOperation | undefined) =>
  Object.fromEntries(
    Object.entries(op?.responses ?? {})
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => {
        const schema = response.content?.["application/problem+json"]?.schema as {
          properties: { code: { enum: string[] } };
        };
        return [status, schema.properties.code.enum];
      }),
  );
/** A recursive zod schema: JSON Schema can state it only with a reference to itself. */
const tree = z.object({
  name: z.string(),
  get children(): z.ZodArray<typeof tree> {
    return z.array(tree);
  },
});
/** A Standard Schema that cannot give JSON Schema (no `jsonSchema` converter). */
const opaque: StandardSchemaV1 = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value }) },
};

describe("openApiDocument", () => {
  it("describes the example's routes as a valid OpenAPI 3.1 document", async () => {
    const routes = packageRoutes(new MemoryStore(), { apiKey: "k", cursorSecret: SECRET });
    const document = packageDocument(routes);
    expect(await openApiErrors(document)).toStrictEqual([]);
    expect(Object.keys(document.paths)).toStrictEqual([
      "/package/{owner}/{repo}/",
      "/package/{owner}/{repo}/packages/",
      "/v2/package/{owner}/{repo}/",
    ]);
    expect(Object.keys(document.paths["/package/{owner}/{repo}/"] ?? {})).toStrictEqual([
      "description",
      "get",
      "post",
      "delete",
      "options",
    ]);
  });

  it("gives each of the example's operations the success statuses its server answers", () => {
    const routes = packageRoutes(new MemoryStore(), { apiKey: "k", cursorSecret: SECRET });
    const successes = Object.entries(packageDocument(routes).paths).flatMap(([path, item]) =>
      (["get", "post", "delete", "options"] as const).flatMap((method) => {
        const responses = item[method]?.responses;
        const statuses = Object.keys(responses ?? {}).filter((status) => Number(status) < 300);
        return responses === undefined ? [] : [`${method.toUpperCase()} ${path}: ${statuses}`];
      }),
    );
    expect(successes).toStrictEqual([
      "GET /package/{owner}/{repo}/: 200",
      "POST /package/{owner}/{repo}/: 201",
      "DELETE /package/{owner}/{repo}/: 200",
      "OPTIONS /package/{owner}/{repo}/: 204",
      "GET /package/{owner}/{repo}/packages/: 200",
      "OPTIONS /package/{owner}/{repo}/packages/: 204",
      "GET /v2/package/{owner}/{repo}/: 200",
      "OPTIONS /v2/package/{owner}/{repo}/: 204",
    ]);
  });

  it("declares the API key as a security scheme, required where a resource checks one", () => {
    const keyed = listOf({ apiKey: apiKeyVerifier("k") });
    const document = openApiDocument(
      [
        ["/keyed/", keyed],
        ["/open/", listOf()],
      ],
      { info: { title: "t", version: "1" }, securityScheme: "key" },
    );
    expect(document.components.securitySchemes).toStrictEqual({
      key: {
        type: "apiKey",
        in: "header",
        name: "X-Api-Key",
        description: "The API key; a missing or wrong key is a 401 problem.",
      },
    });
    expect([
      document.paths["/keyed/"]?.get?.security,
      document.paths["/open/"]?.get?.security,
      document.paths["/keyed/"]?.options?.security,
    ]).toStrictEqual([[{ key: [] }], undefined, []]);
    const open = openApiDocument([["/open/", listOf()]], { info: { title: "t", version: "1" } });
    expect(open.components.securitySchemes).toBeUndefined();
  });

  it("names the 405 every path gives an undefined method in the path item, not in components", async () => {
    const document = openApiDocument([["/r/", listOf()]], { info: { title: "t", version: "1" } });
    expect(await openApiErrors(document)).toStrictEqual([]);
    expect(document.paths["/r/"]?.description).toBe(
      "Other methods: 405 (`method_not_allowed`) with `Allow: GET, OPTIONS`.",
    );
    expect(document.components).toStrictEqual({});
  });

  it.each<[string, OpenApiDocumentOptions["servers"], unknown]>([
    [
      "none: the origin the document is served from, as OpenAPI reads none",
      undefined,
      [{ url: "/" }],
    ],
    ["an empty list: the same", [], [{ url: "/" }]],
    ["some: as given", [{ url: "https://p.example" }], [{ url: "https://p.example" }]],
  ])("states the servers: %s", (_name, servers, expected) => {
    const info = { title: "t", version: "1", license: { name: "MIT", identifier: "MIT" } };
    const document = openApiDocument([["/r/", listOf()]], {
      info,
      ...(servers === undefined ? {} : { servers }),
    });
    expect([document.servers, document.info]).toStrictEqual([expected, info]);
  });
});

/**
 * The problems Redocly CLI's `lint` finds in each document under its `recommended` rules, as
 * `file ruleId pointer: message`. The pinned CLI itself runs, once for all (about two seconds):
 * 2.77.0 bundles its `@redocly/openapi-core`, whose programmatic `lint` the registry does not
 * serve at that version. `no-path-trailing-slash` is off: the convention's paths end in `/`
 * (`/package/{owner}/{repo}/`), as the spec writes them.
 */
async function redoclyProblems(documents: Readonly<Record<string, unknown>>): Promise<string[]> {
  const root = dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json"));
  const folder = await mkdtemp(join(tmpdir(), "pagewise-redocly-"));
  try {
    const files = Object.keys(documents).map((name) => `${name}.json`);
    for (const [name, document] of Object.entries(documents)) {
      await writeFile(join(folder, `${name}.json`), JSON.stringify(document));
    }
    const args = [
      ...["lint", ...files, "--extends", "recommended", "--skip-rule", "no-path-trailing-slash"],
      ...["--lint-config", "off", "--format", "json"],
    ];
    // A run that finds problems exits 1, its report on stdout all the same.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(root, "bin/cli.js"), ...args],
      {
        cwd: folder, // away from any redocly.yaml: the recommended rules alone
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    ).catch((failed: { stdout?: string }) => ({ stdout: failed.stdout ?? String(failed) }));
    // One JSON report per file, written one after the other.
    const reports = stdout.split(/(?<=^\})(?=\{)/m).map(
      (report) =>
        JSON.parse(report) as {
          problems: { ruleId: string; message: string; location: LintLocation[] }[];
        },
    );
    expect(reports).toHaveLength(files.length);
    return reports.flatMap(({ problems }) =>
      problems.map(({ ruleId, message, location: [at] }) =>
        [at?.source.ref, ruleId, `${at?.pointer}:`, message].join(" "),
      ),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
interface LintLocation {
  readonly source: { readonly ref: string };
  readonly pointer: string;
}

describe("openApiDocument: Redocly's recommended lint", () => {
  it("finds no problem in the example's document, nor with lists that take sort", async () => {
    const key = { apiKey: apiKeyVerifier("k") };
    const sort: SortOption = {
      fields: { name: true, created_at: true },
      tieBreaker: "id",
      default: "-created_at",
    };
    const openapi = (operationId: string) => ({ operationId, summary: "Sorted packages" });
    const routes = packageRoutes(new MemoryStore(), { apiKey: "k", cursorSecret: SECRET });
    const sorted: [string, Resource][] = [
      [
        "/sorted/:owner/",
        defineResource({ GET: list({ sort, openapi: openapi("sorted"), handler: rows }) }, key),
      ],
      [
        "/v2/sorted/:owner/",
        defineResource(
          {
            GET: cursorList({ sort, secret: SECRET, openapi: openapi("sortedV2"), handler: rows }),
          },
          key,
        ),
      ],
    ];
    const { info, ...example } = packageDocument(routes);
    const { license: _dropped, ...unlicensed } = info;
    expect(
      await redoclyProblems({
        example: { info, ...example },
        sorted: packageDocument([...routes, ...sorted]),
        unlicensed: { info: unlicensed, ...example }, // the check can fail
      }),
    ).toStrictEqual([
      "unlicensed.json info-license #/info: Info object should contain `license` field.",
    ]);
  }, 20_000);
});

describe("openApiPaths: OPTIONS", () => {
  const withId = (operationId: string) =>
    defineResource({
      GET: list({ openapi: { operationId }, handler: rows }),
      DELETE: json({ openapi: { operationId: "removeAll" }, handler: rows }),
    });
  const bad = {
    description:
      "Bad Request: `bad_request`, a path parameter with a malformed percent-escape (the adapter's answer: no `Allow`).",
    headers: {},
  };
  it.each<[string, string, ReturnType<typeof defineResource>, string, string, string[]]>([
    [
      "named after the first method's operationId, a 400 with path parameters",
      "/package/:owner/",
      withId("listPackages"),
      "listPackagesOptions",
      "The methods allowed",
      ["204", "400"],
    ],
    [
      "named after the route's words without one, CORS in its summary",
      "/v2/package/:owner/:repo/",
      listOf({ cors: true }),
      "optionsV2PackageOwnerRepo",
      "The methods allowed, and the CORS preflight",
      ["204", "400"],
    ],
    [
      "at the root, without path parameters: no 4xx",
      "/",
      listOf(),
      "optionsRoot",
      "The methods allowed",
      ["204"],
    ],
  ])("%s", (_name, path, resource, operationId, summary, statuses) => {
    const { options } = Object.values(openApiPaths([[path, resource]]))[0] ?? {};
    expect([
      options?.operationId,
      options?.summary,
      Object.keys(options?.responses ?? {}),
      options?.responses[400] === undefined
        ? undefined
        : { ...options.responses[400], content: undefined },
    ]).toStrictEqual([
      operationId,
      summary,
      statuses,
      statuses.includes("400") ? { ...bad, content: undefined } : undefined,
    ]);
    expect(problems(options)).toStrictEqual(
      statuses.includes("400") ? { 400: ["bad_request"] } : {},
    );
  });
});

describe("openApiPaths: parameters", () => {
  it.each<[string, ResourceOptions, string, string]>([
    [
      "by default",
      {},
      "The page, from 1. A value that is not a whole decimal number, or is below 1 (0, a negative), is read as 1; a page past the last is served empty.",
      "Items per page, from 1 to 500. A value that is not a whole decimal number, or is below 1 (0, a negative), is read as 30; one over 500 is read as 500. The size served is in the page size header.",
    ],
    [
      "strict, over the maximum an error, past the last a 404",
      {
        invalid: "strict",
        overMax: "error",
        overflow: "error",
        maxPageSize: 50,
        defaultPageSize: 5,
      },
      "The page, from 1. A value that is not a whole decimal number is a 400 problem (`invalid_parameter`); one below 1 (0, a negative) is read as 1; a page past the last is a 404 problem (`page_out_of_range`).",
      "Items per page, from 1 to 50. A value that is not a whole decimal number, or is below 1 (0, a negative), is a 400 problem (`invalid_parameter`); one over 50 is a 400 problem (`page_size_too_large`). The size served is in the page size header.",
    ],
    [
      "the last page past the end",
      { overflow: "last" },
      "The page, from 1. A value that is not a whole decimal number, or is below 1 (0, a negative), is read as 1; a page past the last is served as the last page.",
      "Items per page, from 1 to 500. A value that is not a whole decimal number, or is below 1 (0, a negative), is read as 30; one over 500 is read as 500. The size served is in the page size header.",
    ],
  ])("page and page size, %s: honest about bad values", (_name, options, page, size) => {
    const op = operationOf(listOf(options));
    expect([
      parameter(op, "page")?.description,
      parameter(op, "page_size")?.description,
    ]).toStrictEqual([page, size]);
  });

  it("uses the configured names, defaults and maximum", () => {
    const op = operationOf(
      listOf({ pageParam: "p", pageSizeParam: "per_page", defaultPageSize: 10, maxPageSize: 100 }),
    );
    expect(op?.parameters?.map((p) => [p.name, p.in, p.required, p.schema])).toStrictEqual([
      ["p", "query", false, { type: "integer", minimum: 1, default: 1 }],
      ["per_page", "query", false, { type: "integer", minimum: 1, maximum: 100, default: 10 }],
    ]);
  });

  it.each<[string, StandardSchemaV1 | undefined, unknown[]]>([
    ["no schema", undefined, []],
    [
      "a zod object: one parameter per property",
      z.object({ status: z.enum(["a", "b"]), q: z.string().max(9).optional() }),
      [
        ["status", true, { type: "string", enum: ["a", "b"] }],
        ["q", false, { type: "string", maxLength: 9 }],
      ],
    ],
    [
      "a schema that cannot give JSON Schema: one free-form object",
      opaque,
      [["params", false, { type: "object", additionalProperties: true }]],
    ],
    [
      "a zod type JSON Schema cannot state: one free-form object",
      z.object({ at: z.date() }),
      [["params", false, { type: "object", additionalProperties: true }]],
    ],
  ])("filters of %s", (_name, schema, expected) => {
    const op = operationOf(
      defineResource({ GET: list({ ...(schema ? { schema } : {}), handler: rows }) }),
    );
    const filters = op?.parameters?.filter((p) => !["page", "page_size"].includes(p.name));
    expect(filters?.map((p) => [p.name, p.required, p.schema])).toStrictEqual(expected);
  });

  it("describes a cursor list's page size and cursors, with their limit and problems", () => {
    const op = operationOf(
      defineResource({
        GET: cursorList({
          order: [{ name: "id" }],
          secret: SECRET,
          maxCursorLength: 512,
          handler: rows,
        }),
      }),
    );
    expect(op?.parameters?.map((p) => [p.name, p.schema])).toStrictEqual([
      ["page_size", { type: "integer", minimum: 1, maximum: 500, default: 30 }],
      ["after", { type: "string", maxLength: 512 }],
      ["before", { type: "string", maxLength: 512 }],
    ]);
    expect(parameter(op, "after")?.description).toBe(
      "An opaque token from a `next` link: the page after its row. Not with `before` (a 400, `invalid_parameter`); empty reads as absent. A token altered, or signed with a secret no longer accepted: 400 `invalid_cursor`; issued for other filters or another list: 400 `cursor_query_mismatch`; over 512 characters: 400 `cursor_too_large`.",
    );
    expect(Object.keys(op?.responses?.[200]?.headers ?? {})).toStrictEqual([
      "Link",
      "X-Pagination-Count",
      "X-Pagination-PageSize",
      "X-Pagination-CountAtLeast",
      "X-Pagination-CountEstimate",
      "Allow",
    ]);
    expect(op?.responses?.[200]?.headers?.["X-Pagination-PageSize"]?.required).toBe(true);
  });

  it("takes a body method's parameters from its JSON body, described by its schema", () => {
    const post = operationOf(
      defineResource({
        POST: json({ schema: z.strictObject({ name: z.string() }), status: 201, handler: rows }),
      }),
      "post",
    );
    expect([post?.parameters, post?.requestBody]).toStrictEqual([
      [],
      {
        required: false,
        description: "The parameters as JSON (`application/json`); no body reads as no parameters.",
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { name: { type: "string" } },
              required: ["name"],
              additionalProperties: false,
            },
          },
        },
      },
    ]);
    expect(Object.keys(post?.responses ?? {}).slice(0, 2)).toStrictEqual(["201", "204"]);
  });

  it.each<[string, number, boolean | undefined, string[]]>([
    [
      "a JSON method: its status, or 204 when the handler gives nothing",
      200,
      undefined,
      ["200", "204"],
    ],
    ["a JSON method that may give nothing (noContent: true)", 201, true, ["201", "204"]],
    [
      "a JSON method that always gives a value (noContent: false): its status alone",
      200,
      false,
      ["200"],
    ],
    ["a JSON method of status 204: no body declared", 204, undefined, ["204"]],
  ])("%s", (_name, status, noContent, statuses) => {
    const openapi = noContent === undefined ? {} : { openapi: { noContent } };
    const op = operationOf(
      defineResource({ DELETE: json({ status, ...openapi, handler: rows }) }),
      "delete",
    );
    const success = Object.keys(op?.responses ?? {}).filter((s) => Number(s) < 300);
    expect([success, op?.responses?.[204]?.content]).toStrictEqual([statuses, undefined]);
  });

  it("leaves out a filter named as a page or cursor parameter (the schema never sees it)", () => {
    const op = operationOf(
      defineResource({
        GET: list({ schema: z.object({ page: z.string(), q: z.string() }), handler: rows }),
      }),
    );
    expect(op?.parameters?.map((p) => p.name)).toStrictEqual(["page", "page_size", "q"]);
  });

  it.each<[string, unknown]>([
    ["a recursive schema", tree],
    [
      "a schema with an id",
      z.object({ tag: z.string().meta({ id: "Tag" }), other: z.string().meta({ id: "Tag2" }) }),
    ],
    ["a JSON Schema with a $ref", { type: "object", properties: { a: { $ref: "#/$defs/A" } } }],
  ])(
    "describes %s by its shape alone: no reference that would resolve against the document",
    (_name, schema) => {
      const op = operationOf(
        defineResource({
          POST: json({ openapi: { response: schema as Record<string, unknown> }, handler: rows }),
        }),
        "post",
      );
      expect(op?.responses?.[200]?.content).toStrictEqual({ "application/json": { schema: {} } });
    },
  );
});

describe("openApiPaths: versions", () => {
  const versions = { served: ["v1", "v2"], default: "v1" } as const;
  const description =
    "The API version, also given as `Accept: application/json; version=…`; naming none is v1. One not served is a 400 problem (`unsupported_version`); two different ones (here and in Accept) are a 400 (`version_conflict`).";
  const schema = { type: "string", enum: ["v1", "v2"], default: "v1", description };

  it("describes the version as a query parameter of a GET, never a filter", () => {
    const op = operationOf(
      defineResource(
        { GET: list({ schema: z.object({ version: z.string(), q: z.string() }), handler: rows }) },
        { version: versions },
      ),
    );
    expect([op?.parameters?.map((p) => p.name), parameter(op, "version")]).toStrictEqual([
      ["page", "page_size", "version", "q"],
      { name: "version", in: "query", required: false, description, schema },
    ]);
  });

  it.each<[string, "object" | "json", unknown]>([
    [
      "an object body: a member beside the schema's",
      "object",
      {
        type: "object",
        properties: { status: { type: "string" }, version: schema },
        required: ["status"],
        additionalProperties: false,
      },
    ],
    [
      "a body: 'json' document: left as it is (Accept names the version)",
      "json",
      {
        type: "object",
        properties: { status: { type: "string" } },
        required: ["status"],
        additionalProperties: false,
      },
    ],
  ])("describes the version of a body method in its body: %s", (_name, body, described) => {
    const op = operationOf(
      defineResource(
        { DELETE: json({ body, schema: z.strictObject({ status: z.string() }), handler: rows }) },
        { version: versions },
      ),
      "delete",
    );
    expect([op?.parameters, op?.requestBody?.content["application/json"]?.schema]).toStrictEqual([
      [],
      described,
    ]);
  });

  it.each<[string, readonly string[], string[]]>([
    ["several versions: Vary: Accept on every answer", ["v1", "v2"], ["Allow", "Vary"]],
    ["one version: Accept chooses nothing, no Vary", ["v1"], ["Allow"]],
  ])("states the version's problems; %s", (_name, served, headers) => {
    const op = operationOf(listOf({ version: { served } }));
    const named = (status: number) =>
      Object.keys(op?.responses?.[status]?.headers ?? {}).filter((h) => /^(Allow|Vary)$/.test(h));
    expect([problems(op), named(200), named(400)]).toStrictEqual([
      { 400: ["invalid_text", "unsupported_version", "version_conflict"], 414: ["uri_too_long"] },
      headers,
      headers,
    ]);
  });

  it("refuses a route whose path parameter takes the version's name", () => {
    expect(() => openApiPaths([["/:version/r/", listOf({ version: versions })]])).toThrow(
      new TypeError(
        'version.param "version" is also a path parameter: name the version parameter apart (version.param) or rename the other',
      ),
    );
  });
});

describe("openApiPaths: responses", () => {
  it.each<[string, ReturnType<typeof defineResource>, string, Record<string, string[]>]>([
    [
      "a lenient list without a schema",
      listOf(),
      "get",
      { 400: ["invalid_text"], 414: ["uri_too_long"] },
    ],
    [
      "a list with a schema, a key, strict and overflow errors",
      defineResource(
        { GET: list({ schema: z.object({ s: z.string() }), handler: rows }) },
        { apiKey: apiKeyVerifier("k"), invalid: "strict", overMax: "error", overflow: "error" },
      ),
      "get",
      {
        400: ["invalid_parameter", "invalid_text", "page_size_too_large", "validation_failed"],
        401: ["unauthorized"],
        404: ["page_out_of_range"],
        414: ["uri_too_long"],
      },
    ],
    [
      "a cursor list",
      defineResource({
        GET: cursorList({ order: [{ name: "id" }], secret: SECRET, handler: rows }),
      }),
      "get",
      {
        400: [
          "cursor_query_mismatch",
          "cursor_too_large",
          "invalid_cursor",
          "invalid_parameter",
          "invalid_text",
        ],
        414: ["uri_too_long"],
      },
    ],
    [
      "a JSON body method with any JSON value and the handler's own problems",
      defineResource({
        POST: json({ body: "json", openapi: { problems: ["service_unavailable"] }, handler: rows }),
      }),
      "post",
      {
        400: ["bad_request", "invalid_text", "malformed_json", "parameter_in_query"],
        413: ["payload_too_large"],
        415: ["unsupported_media_type"],
        503: ["service_unavailable"],
      },
    ],
    [
      "a list with a deadline, beside the handler's own 503",
      defineResource(
        { GET: list({ openapi: { problems: ["service_unavailable"] }, handler: rows }) },
        { deadline: 5000 },
      ),
      "get",
      {
        400: ["invalid_text"],
        414: ["uri_too_long"],
        503: ["deadline_exceeded", "service_unavailable"],
      },
    ],
    [
      "a JSON method with a deadline",
      defineResource({ DELETE: json({ handler: rows }) }, { deadline: 5000 }),
      "delete",
      {
        400: [
          "bad_request",
          "body_not_object",
          "invalid_text",
          "malformed_json",
          "parameter_in_query",
        ],
        413: ["payload_too_large"],
        415: ["unsupported_media_type"],
        503: ["deadline_exceeded"],
      },
    ],
    [
      "an object body method that ignores query parameters",
      defineResource({ DELETE: json({ handler: rows }) }, { queryOnBodyMethods: "ignore" }),
      "delete",
      {
        400: ["bad_request", "body_not_object", "invalid_text", "malformed_json"],
        413: ["payload_too_large"],
        415: ["unsupported_media_type"],
      },
    ],
  ])("problems of %s", (_name, resource, method, expected) => {
    expect(problems(operationOf(resource, method))).toStrictEqual(expected);
  });

  it("gives each problem status its body and headers", () => {
    const op = operationOf(
      defineResource(
        { GET: list({ openapi: { problems: ["service_unavailable"] }, handler: rows }) },
        { apiKey: apiKeyVerifier("k"), cors: true },
      ),
    );
    expect(Object.keys(op?.responses?.[401]?.headers ?? {})).toStrictEqual([
      "Allow",
      "Access-Control-Allow-Origin",
      "Access-Control-Expose-Headers",
      "WWW-Authenticate",
    ]);
    expect(op?.responses?.[503]?.headers?.["Retry-After"]?.required).toBeUndefined();
    expect(op?.responses?.[401]?.content?.["application/problem+json"]?.schema).toMatchObject({
      required: ["type", "title", "status", "detail", "code"],
      properties: { status: { const: 401 }, title: { const: "Unauthorized" } },
    });
  });

  it.each<[string, ResourceOptions, string[]]>([
    [
      "the spec's",
      {},
      [
        "Link",
        "X-Pagination-Count",
        "X-Pagination-Page",
        "X-Pagination-PageTotal",
        "X-Pagination-PageSize",
        "X-Pagination-CountAtLeast",
        "X-Pagination-CountEstimate",
        "Allow",
      ],
    ],
    [
      "X-Total-Count",
      { headerNames: headerNamePresets.totalCount },
      ["Link", "X-Total-Count", "Allow"],
    ],
  ])("names a list's headers as configured: %s", (_name, options, names) => {
    expect(
      Object.keys(operationOf(listOf(options))?.responses?.[200]?.headers ?? {}),
    ).toStrictEqual(names);
  });

  it.each<[string, unknown, unknown]>([
    ["none given: rows of any JSON value", undefined, { type: "array", items: {} }],
    [
      "a zod row schema",
      z.object({ id: z.number() }),
      {
        type: "array",
        items: {
          type: "object",
          properties: { id: { type: "number" } },
          required: ["id"],
          additionalProperties: false,
        },
      },
    ],
    ["a JSON Schema object", { type: "integer" }, { type: "array", items: { type: "integer" } }],
  ])("describes a list's body with %s", (_name, response, schema) => {
    const resource = defineResource({
      GET: list({
        ...(response ? { openapi: { response: response as Record<string, unknown> } } : {}),
        handler: rows,
      }),
    });
    expect(operationOf(resource)?.responses?.[200]?.content).toStrictEqual({
      "application/json": { schema },
    });
  });
});

describe("openApiPath", () => {
  it.each([
    ["/package/:owner/:repo/", "/package/{owner}/{repo}/", ["owner", "repo"]],
    ["/package/{owner}/x", "/package/{owner}/x", ["owner"]],
    ["/", "/", []],
  ])("%s is %s", (pattern, path, names) => {
    expect(openApiPath(pattern)).toStrictEqual({ path, names });
  });

  it.each<[string, () => unknown, string]>([
    [
      "a path without /",
      () => openApiPath("package/:id"),
      'A route\'s path starts with "/"; got a string ("package/:id")',
    ],
    ["a parameter twice", () => openApiPath("/:id/:id"), 'The route "/:id/:id" names "id" twice'],
    [
      "a path given twice",
      () =>
        openApiPaths([
          ["/a/:x", listOf()],
          ["/a/{x}", listOf()],
        ]),
      'The path "/a/{x}" is given twice',
    ],
    [
      "an operationId given twice",
      () =>
        openApiPaths([
          ["/a/", defineResource({ GET: list({ openapi: { operationId: "x" }, handler: rows }) })],
          ["/b/", defineResource({ GET: list({ openapi: { operationId: "x" }, handler: rows }) })],
        ]),
      'The operationId "x" is given twice',
    ],
    [
      "something not a resource",
      () => openApiPaths([["/a/", { GET: list({ handler: rows }) } as never]]),
      'The resource of "/a/" must come from defineResource',
    ],
  ])("refuses %s", (_name, run, message) => {
    expect(run).toThrow(new TypeError(message));
  });
});
