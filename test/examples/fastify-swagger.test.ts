/**
 * The setup docs/openapi.md shows for `@fastify/swagger` and its UI beside `fastifyPagewise` is
 * examples/fastify-swagger/server.ts, word for word, and it runs as `npm run example:swagger`
 * starts it: the UI, a valid document that lists pagewise's route, and the route itself.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiErrors } from "../support/openapi-conformance.js";
import { type ServerProcess, startScript } from "../support/server-process.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const KEY = "swagger-example-key";

describe("examples/fastify-swagger", () => {
  it("is the snippet docs/openapi.md shows", () => {
    const snippet = read("examples/fastify-swagger/server.ts");
    expect(read("docs/openapi.md")).toContain(`\`\`\`ts\n${snippet}\`\`\`\n`);
  });

  let server: ServerProcess;
  let origin = "";
  beforeAll(async () => {
    server = startScript("example:swagger", { PORT: "0", API_KEY: KEY });
    origin = await server.url;
  }, 30_000);
  afterAll(() => {
    server.child.kill("SIGKILL");
  });

  it("serves Swagger UI at /docs", async () => {
    const response = await fetch(`${origin}/docs`);
    const page = await response.text();
    expect([response.status, response.headers.get("content-type")]).toStrictEqual([
      200,
      "text/html; charset=utf-8",
    ]);
    expect(page).toContain("<title>Swagger UI</title>");
  });

  it("serves a valid OpenAPI 3.1 document of pagewise's route at /docs/json", async () => {
    const response = await fetch(`${origin}/docs/json`);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(response.status).toBe(200);
    expect(await openApiErrors(document)).toStrictEqual([]);
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toStrictEqual(["/package/{owner}/{repo}/packages/"]);
    const operations = document.paths["/package/{owner}/{repo}/packages/"] ?? {};
    expect(Object.keys(operations).sort()).toStrictEqual(["get", "options"]);
    expect(operations.get?.operationId).toBe("listPackages");
  });

  it("serves the route: a page of 120 rows with its headers", async () => {
    const response = await fetch(`${origin}/package/o/r/packages/?page=2&page_size=50`, {
      headers: { "X-Api-Key": KEY },
    });
    const headers = Object.fromEntries(
      [...response.headers].filter(
        ([name]) => !["date", "connection", "keep-alive"].includes(name),
      ),
    );
    const body = (await response.json()) as unknown[];
    expect([response.status, headers]).toStrictEqual([
      200,
      {
        "content-type": "application/json",
        "content-length": String(JSON.stringify(body).length),
        link: '</package/o/r/packages/?page=1>; rel="first", </package/o/r/packages/?page=1>; rel="prev", </package/o/r/packages/?page=3>; rel="next", </package/o/r/packages/?page=3>; rel="last"',
        "x-pagination-count": "120",
        "x-pagination-page": "2",
        "x-pagination-pagetotal": "3",
        "x-pagination-pagesize": "50",
        allow: "GET, OPTIONS",
      },
    ]);
    expect([body.length, body[0], body[49]]).toStrictEqual([
      50,
      { id: 51, name: "pkg-51" },
      { id: 100, name: "pkg-100" },
    ]);
  });
});
