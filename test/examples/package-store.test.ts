/**
 * The example server end to end: the same HTTP suite against its Fastify, Express and fetch
 * versions, each started on 127.0.0.1 with an ephemeral port and closed afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageDocument, packageRoutes } from "../../examples/package-store/api.js";
import type { Start, Started } from "../../examples/package-store/started.js";
import { walkItems } from "../../src/client/index.js";
import { exampleConfig } from "../support/example-config.js";
import { EXAMPLE_SERVERS, serverCases } from "../support/example-servers.js";
import { type Call, call, recordExchanges } from "../support/http-call.js";
import { nonConforming, openApiErrors } from "../support/openapi-conformance.js";
import { freshStore } from "../support/stores.js";

const exchanges = recordExchanges();
const KEY = "e2e-key";
const config = exampleConfig(KEY, { countCap: 5 });
const key = { "x-api-key": KEY };
const jsonBody = { ...key, "content-type": "application/json" };
const anyTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const allowed = '"awaiting_sync"|"sync_in_progress"|"completed"|"failed"|"quarantined"';

const pkg = (id: number, name: string, version: string, status: string) => ({
  id,
  name,
  version,
  status,
  created_at: anyTime,
});
const links = (path: string, rels: Record<string, number>) =>
  Object.entries(rels)
    .map(([rel, page]) => `<${path}${path.includes("?") ? "&" : "?"}page=${page}>; rel="${rel}"`)
    .join(", ");

describe.each(serverCases())("example server on %s, %s store", (name, kind) => {
  let server: Started;
  let origin = "";
  const post = (path: string, body: unknown) =>
    call(origin, { method: "POST", path, headers: jsonBody, body: JSON.stringify(body) });
  const seed = async (
    path: string,
    count: number,
    status = (i: number) => ["awaiting_sync", "failed"][i % 2],
  ) =>
    post(
      path,
      Array.from({ length: count }, (_, i) => ({
        name: `p${i + 1}`,
        version: "1.0.0",
        status: status(i),
      })),
    );

  beforeAll(async () => {
    server = await (EXAMPLE_SERVERS[name] as Start)({ ...config, store: await freshStore(kind) });
    origin = server.url;
  });
  afterAll(() => server.close());

  it("prints a real port", () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
  });

  it("serves the seeded demo/tools page by page (the README's curl)", async () => {
    expect(
      await call(origin, {
        path: "/package/demo/tools/packages/?page=2&page_size=1",
        headers: key,
      }),
    ).toStrictEqual({
      status: 200,
      headers: {
        allow: "GET, OPTIONS",
        "content-type": "application/json",
        link: links("/package/demo/tools/packages/", { first: 1, prev: 1, next: 3, last: 120 }),
        "x-pagination-count": "120",
        "x-pagination-page": "2",
        "x-pagination-pagetotal": "120",
        "x-pagination-pagesize": "1",
      },
      body: [pkg(2, "pkg-002", "1.0.1", "sync_in_progress")],
    });
  });

  it.each<[string, Call, number, string]>([
    [
      "?version=v1, kept in links",
      { path: "/package/demo/tools/packages/?version=v1&page=2&page_size=1" },
      200,
      links("/package/demo/tools/packages/?version=v1", { first: 1, prev: 1, next: 3, last: 120 }),
    ],
    [
      "Accept: application/json; version=v1",
      {
        path: "/package/demo/tools/packages/?page=2&page_size=1",
        headers: { accept: "application/json; version=v1" },
      },
      200,
      links("/package/demo/tools/packages/", { first: 1, prev: 1, next: 3, last: 120 }),
    ],
    [
      "?version=v2 on a v1 path",
      { path: "/package/demo/tools/?version=v2" },
      400,
      'Version "v2" is not served here; the versions served: "v1".',
    ],
    [
      "?version=v1 on the /v2/ path",
      { path: "/v2/package/demo/tools/?version=v1" },
      400,
      'Version "v1" is not served here; the versions served: "v2".',
    ],
    [
      "a DELETE's body naming v2",
      {
        method: "DELETE",
        path: "/package/demo/tools/",
        headers: { "content-type": "application/json" },
        body: '{"status":"failed","version":"v2"}',
      },
      400,
      'Version "v2" is not served here; the versions served: "v1".',
    ],
  ])("reads the API version: %s", async (_name, request, status, expected) => {
    const answer = await call(origin, { ...request, headers: { ...key, ...request.headers } });
    expect([
      answer.status,
      answer.headers.vary,
      status === 200 ? answer.headers.link : (answer.body as { detail: string }).detail,
      status === 200 ? undefined : (answer.body as { code: string }).code,
    ]).toStrictEqual([
      status,
      undefined,
      expected,
      status === 200 ? undefined : "unsupported_version",
    ]);
  });

  it("answers the spec's example over the wire: 3 packages, page=2&page_size=1", async () => {
    expect((await seed("/package/spec/three/", 3)).status).toBe(201);
    const answer = await call(origin, {
      path: "/package/spec/three/packages/?page=2&page_size=1",
      headers: key,
    });
    expect([answer.status, answer.headers]).toStrictEqual([
      200,
      {
        allow: "GET, OPTIONS",
        "content-type": "application/json",
        link: '</package/spec/three/packages/?page=1>; rel="first", </package/spec/three/packages/?page=1>; rel="prev", </package/spec/three/packages/?page=3>; rel="next", </package/spec/three/packages/?page=3>; rel="last"',
        "x-pagination-count": "3",
        "x-pagination-page": "2",
        "x-pagination-pagetotal": "3",
        "x-pagination-pagesize": "1",
      },
    ]);
    expect((answer.body as { name: string }[]).map((p) => p.name)).toStrictEqual(["p2"]);
  });

  it.each([
    [350, 4, 50],
    [400, 4, 100],
  ])("%i packages in pages of 100: %i pages, the last holds %i", async (count, pages, last) => {
    await seed(`/package/spec/n${count}/`, count);
    const answer = await call(origin, {
      path: `/package/spec/n${count}/?page=${pages}&page_size=100`,
      headers: key,
    });
    expect([
      answer.headers["x-pagination-pagetotal"],
      (answer.body as unknown[]).length,
    ]).toStrictEqual([String(pages), last]);
  });

  it("creates one package (status defaults to awaiting_sync) and a bulk of them", async () => {
    const one = await post("/package/make/one/", { name: "left-pad", version: "1.3.0" });
    expect([one.status, one.headers["content-type"], one.body]).toStrictEqual([
      201,
      "application/json",
      {
        id: expect.any(Number),
        name: "left-pad",
        version: "1.3.0",
        status: "awaiting_sync",
        created_at: anyTime,
      },
    ]);
    const bulk = await post("/package/make/one", [
      { name: "a", version: "1", status: "completed" },
      { name: "b", version: "2" },
    ]);
    expect([
      bulk.status,
      (bulk.body as { name: string; status: string }[]).map((p) => [p.name, p.status]),
    ]).toStrictEqual([
      201,
      [
        ["a", "completed"],
        ["b", "awaiting_sync"],
      ],
    ]);
  });

  it("filters by status, in creation order, with filtered links", async () => {
    await seed("/package/filter/me/", 9);
    const answer = await call(origin, {
      path: "/package/filter/me/?status=failed&page=1&page_size=2",
      headers: key,
    });
    expect([
      answer.headers.link,
      answer.headers["x-pagination-count"],
      (answer.body as { name: string }[]).map((p) => p.name),
    ]).toStrictEqual([
      links("/package/filter/me/?status=failed", { first: 1, next: 2, last: 2 }),
      "4",
      ["p2", "p4"],
    ]);
  });

  it("walks every page by its next links: each seeded package once, in order", async () => {
    const seen: number[] = [];
    let next: string | undefined = "/package/demo/tools/packages/";
    while (next) {
      const answer = await call(origin, { path: next, headers: key });
      seen.push(...(answer.body as { id: number }[]).map((p) => p.id));
      next = /<([^>]+)>; rel="next"/.exec(answer.headers.link ?? "")?.[1];
    }
    expect(seen).toStrictEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it("deletes by status, exactly the matching packages", async () => {
    await seed("/package/del/me/", 10);
    const answer = await call(origin, {
      method: "DELETE",
      path: "/package/del/me/",
      headers: jsonBody,
      body: '{"status":"failed"}',
    });
    expect([answer.status, answer.body]).toStrictEqual([200, { deleted: 5 }]);
    const left = await call(origin, { path: "/package/del/me/", headers: key });
    expect((left.body as { status: string }[]).map((p) => p.status)).toStrictEqual(
      Array(5).fill("awaiting_sync"),
    );
  });

  it.each<
    [
      string,
      { method?: string; path: string; headers?: Record<string, string>; body?: string },
      number,
      string,
      string,
    ]
  >([
    [
      "DELETE without a status (never a whole repository)",
      { method: "DELETE", path: "/package/del/me/", headers: key },
      400,
      "validation_failed",
      `Invalid request parameters: "status": Invalid option: expected one of ${allowed}.`,
    ],
    [
      "DELETE with a wrong content type",
      {
        method: "DELETE",
        path: "/package/del/me/",
        headers: { ...key, "content-type": "text/plain" },
        body: '{"status":"failed"}',
      },
      415,
      "unsupported_media_type",
      "The request body must be JSON, sent with Content-Type: application/json.",
    ],
    [
      "DELETE with malformed JSON",
      { method: "DELETE", path: "/package/del/me/", headers: jsonBody, body: "{" },
      400,
      "malformed_json",
      "The request body is not valid UTF-8 JSON.",
    ],
    [
      "DELETE with the status in the query",
      { method: "DELETE", path: "/package/del/me/?status=failed", headers: key },
      400,
      "parameter_in_query",
      'Parameters of a DELETE request go in a JSON body, not the query string; found "status".',
    ],
    [
      "an unknown status filter",
      { path: "/package/del/me/?status=lost", headers: key },
      400,
      "validation_failed",
      `Invalid request parameters: "status": Invalid option: expected one of ${allowed}.`,
    ],
    [
      "an unknown status in a new package",
      {
        method: "POST",
        path: "/package/del/me/",
        headers: jsonBody,
        body: '{"name":"x","version":"1","status":"lost"}',
      },
      400,
      "validation_failed",
      `Invalid request parameters: "status": Invalid option: expected one of ${allowed}.`,
    ],
    [
      "a package without a name",
      { method: "POST", path: "/package/del/me/", headers: jsonBody, body: '{"version":"1"}' },
      400,
      "validation_failed",
      'Invalid request parameters: "name": Invalid input: expected string, received undefined.',
    ],
    [
      "an empty bulk",
      { method: "POST", path: "/package/del/me/", headers: jsonBody, body: "[]" },
      400,
      "validation_failed",
      "Invalid request parameters: Too small: expected array to have >=1 items.",
    ],
    [
      "a 2 MB body",
      {
        method: "POST",
        path: "/package/del/me/",
        headers: jsonBody,
        body: JSON.stringify({ name: "x".repeat(2_000_000), version: "1" }),
      },
      413,
      "payload_too_large",
      "The request body is larger than 1048576 bytes.",
    ],
    [
      "a missing X-Api-Key",
      { path: "/package/demo/tools/" },
      401,
      "unauthorized",
      "Send your API key in the X-Api-Key header.",
    ],
    [
      "a wrong X-Api-Key",
      { path: "/package/demo/tools/", headers: { "x-api-key": "guess" } },
      401,
      "unauthorized",
      "The API key is not valid.",
    ],
    [
      "POST on /packages/",
      { method: "POST", path: "/package/demo/tools/packages/", headers: jsonBody, body: "{}" },
      405,
      "method_not_allowed",
      "POST is not allowed here; allowed: GET, OPTIONS.",
    ],
    [
      "NUL in an owner (PostgreSQL cannot store it)",
      { path: "/package/de%00mo/tools/packages/", headers: key },
      400,
      "invalid_text",
      'Path parameter "owner" holds a NUL character (U+0000), which PostgreSQL cannot store.',
    ],
    [
      "NUL in a package name",
      {
        method: "POST",
        path: "/package/demo/tools/",
        headers: jsonBody,
        body: '{"name":"a\\u0000b","version":"1"}',
      },
      400,
      "invalid_text",
      'Parameter "name" holds a NUL character (U+0000), which PostgreSQL cannot store.',
    ],
    [
      "an owner over 1,024 bytes of UTF-8 (an index entry holds 2,704)",
      { path: `/package/${encodeURIComponent("中".repeat(342))}/tools/packages/`, headers: key },
      400,
      "validation_failed",
      'Invalid path: "owner": must be at most 1024 bytes of UTF-8.',
    ],
    [
      "a lone surrogate in a package name",
      {
        method: "POST",
        path: "/package/demo/tools/",
        headers: jsonBody,
        body: '{"name":"a\\ud800","version":"1"}',
      },
      400,
      "invalid_text",
      'Parameter "name" holds a lone surrogate (half of a UTF-16 pair), which is not Unicode text.',
    ],
    [
      "a status that is SQL",
      { path: "/package/demo/tools/?status=failed'%20OR%20'1'='1", headers: key },
      400,
      "validation_failed",
      `Invalid request parameters: "status": Invalid option: expected one of ${allowed}.`,
    ],
    [
      "a malformed percent-escape in the path",
      { path: "/package/de%ZZmo/tools/packages/", headers: key },
      400,
      "bad_request",
      "The request could not be read.",
    ],
    [
      "an unknown route",
      { path: "/nothing/here", headers: key },
      404,
      "not_found",
      'Nothing is served at "/nothing/here".',
    ],
    [
      "a route in other letter case (paths are case-sensitive on every server)",
      { path: "/package/acme/tools/PACKAGES/", headers: key },
      404,
      "not_found",
      'Nothing is served at "/package/acme/tools/PACKAGES/".',
    ],
    [
      "a route's first segment in other letter case",
      { path: "/PACKAGE/acme/tools/", headers: key },
      404,
      "not_found",
      'Nothing is served at "/PACKAGE/acme/tools/".',
    ],
  ])("refuses %s", async (_name, request, status, code, detail) => {
    const answer = await call(origin, request);
    expect([
      answer.status,
      answer.headers["content-type"],
      (answer.body as { code: string }).code,
      (answer.body as { detail: string }).detail,
    ]).toStrictEqual([status, "application/problem+json", code, detail]);
  });

  it.each(["o'reilly", "x'); DROP TABLE packages; --", "100%_off", "back\\slash", 'quo"te'])(
    "stores and lists a repository named %j literally, and no other",
    async (name) => {
      const path = `/package/${encodeURIComponent(name)}/${encodeURIComponent(name)}/`;
      expect((await post(path, { name, version: name })).status).toBe(201);
      const answer = await call(origin, { path: `${path}packages/`, headers: key });
      expect([
        answer.status,
        answer.headers["x-pagination-count"],
        (answer.body as { name: string }[]).map((p) => p.name),
      ]).toStrictEqual([200, "1", [name]]);
    },
  );

  it("serves owner and repository names of 1,024 bytes, CJK included", async () => {
    const owner = encodeURIComponent("中".repeat(341)); // 1,023 bytes
    const repo = "r".repeat(1024);
    expect((await post(`/package/${owner}/${repo}/`, { name: "x", version: "1" })).status).toBe(
      201,
    );
    const answer = await call(origin, {
      path: `/package/${owner}/${repo}/packages/`,
      headers: key,
    });
    expect([answer.status, answer.headers["x-pagination-count"]]).toStrictEqual([200, "1"]);
  });

  it("serves owner and repository names of 150 characters", async () => {
    const owner = "o".repeat(150);
    expect((await post(`/package/${owner}/r/`, { name: "x", version: "1" })).status).toBe(201);
    const answer = await call(origin, { path: `/package/${owner}/r/packages/`, headers: key });
    expect([answer.status, answer.headers["x-pagination-count"]]).toStrictEqual([200, "1"]);
  });

  it("lists an unknown repository as an empty dataset", async () => {
    expect(
      await call(origin, { path: "/package/nobody/nothing/packages/", headers: key }),
    ).toStrictEqual({
      status: 200,
      headers: { allow: "GET, OPTIONS", "content-type": "application/json" },
      body: [],
    });
  });

  it("answers OPTIONS without a key, and CORS preflights for any origin", async () => {
    const preflight = await call(origin, {
      method: "OPTIONS",
      path: "/package/demo/tools/packages/",
      headers: {
        origin: "https://browser.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-api-key",
      },
    });
    expect([preflight.status, preflight.headers]).toStrictEqual([
      204,
      {
        allow: "GET, OPTIONS",
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, OPTIONS",
        "access-control-allow-headers": "X-Api-Key, Content-Type",
        "access-control-max-age": "600",
      },
    ]);
  });

  it("exposes the pagination headers to other origins", async () => {
    const answer = await call(origin, {
      path: "/package/demo/tools/packages/",
      headers: { ...key, origin: "https://browser.example" },
    });
    expect([
      answer.headers["access-control-allow-origin"],
      answer.headers["access-control-expose-headers"],
    ]).toStrictEqual([
      "*",
      "Link, X-Pagination-Count, X-Pagination-Page, X-Pagination-PageTotal, X-Pagination-PageSize, X-Pagination-CountAtLeast, X-Pagination-CountEstimate",
    ]);
  });

  it.each([
    ["page=abc", "1", "30"],
    ["page=-4&page_size=0", "1", "30"],
    ["page_size=501", "1", "500"],
    ["page=99999999999999999999", String(Number.MAX_SAFE_INTEGER), "30"],
  ])("reads hostile %s leniently", async (query, page, size) => {
    const answer = await call(origin, {
      path: `/package/demo/tools/packages?${query}`,
      headers: key,
    });
    expect([
      answer.status,
      answer.headers["x-pagination-page"],
      answer.headers["x-pagination-pagesize"],
    ]).toStrictEqual([200, page, size]);
  });

  it("serves its OpenAPI 3.1 document without a key, readable from any origin", async () => {
    const answer = await call(origin, { path: "/openapi.json" });
    const routes = packageRoutes(server.store, { apiKey: KEY });
    expect(answer).toStrictEqual({
      status: 200,
      headers: {
        "content-type": "application/json",
        "access-control-allow-origin": "*",
        "x-content-type-options": "nosniff",
        "cache-control": "no-cache",
      },
      body: JSON.parse(JSON.stringify(packageDocument(routes))),
    });
    expect(await openApiErrors(answer.body)).toStrictEqual([]);
  });

  it.each([
    [4, "under the cap"],
    [5, "at the cap"],
    [6, "over the cap"],
    [13, "well over the cap"],
  ])(
    "searches %i matches (%s of 5) walked to the end: each once, no count that is not exact",
    async (matches, _name) => {
      const repo = `/package/search/m${matches}/`;
      const names = Array.from({ length: matches * 2 }, (_, i) =>
        i % 2 ? `other-${i}` : `Hit-${i}`,
      );
      expect(
        (
          await post(
            repo,
            names.map((name) => ({ name, version: "1" })),
          )
        ).status,
      ).toBe(201);
      const seen: string[] = [];
      const counts: (string | undefined)[] = [];
      let path: string | undefined = `${repo}?query=hit&page_size=2`;
      while (path !== undefined) {
        const answer = await call(origin, { path, headers: key });
        expect(answer.status).toBe(200);
        seen.push(...(answer.body as { name: string }[]).map((p) => p.name));
        counts.push(
          answer.headers["x-pagination-count"] ?? answer.headers["x-pagination-countatleast"],
        );
        if (answer.headers["x-pagination-count"] !== undefined) {
          expect(answer.headers["x-pagination-count"]).toBe(String(matches));
        }
        // Links carry the filters; the page size only when the page gives no total (over the
        // cap), the spec's links not: a walker keeps its own there.
        const next = /<([^>]*)>; rel="next"/.exec(answer.headers.link ?? "")?.[1];
        const sized = answer.headers["x-pagination-pagetotal"] === undefined;
        if (next !== undefined) expect(next.endsWith("&page_size=2")).toBe(sized);
        path = next === undefined || sized ? next : `${next}&page_size=2`;
      }
      expect(seen).toStrictEqual(names.filter((name) => name.startsWith("Hit")));
      expect(counts[0]).toBe(matches > 5 ? "6" : String(matches)); // the bound, or the exact count
      const walked: string[] = [];
      for await (const p of walkItems<{ name: string }>(`${origin}${repo}?query=HIT`, {
        apiKey: KEY,
        pageSize: 3,
      })) {
        walked.push(p.name);
      }
      expect(walked).toStrictEqual(seen);
    },
  );

  it("searches over the cap: the bound in its own header, next links stating page_size, no total, no last", async () => {
    const answer = await call(origin, {
      path: "/package/demo/tools/?query=pkg&page_size=2&page=2",
      headers: key,
    });
    expect([answer.status, answer.headers]).toStrictEqual([
      200,
      {
        allow: "GET, POST, DELETE, OPTIONS",
        "content-type": "application/json",
        link: '</package/demo/tools/?query=pkg&page=1&page_size=2>; rel="first", </package/demo/tools/?query=pkg&page=1&page_size=2>; rel="prev", </package/demo/tools/?query=pkg&page=3&page_size=2>; rel="next"',
        "x-pagination-page": "2",
        "x-pagination-pagesize": "2",
        "x-pagination-countatleast": "6",
      },
    ]);
  });

  it.each([
    ["201 characters", "q".repeat(201), "validation_failed"],
    ["10 KB", "q".repeat(10_240), "validation_failed"],
    ["a NUL", "a\u0000b", "invalid_text"],
  ])("refuses a search text of %s: 400, never a 500", async (_name, query, code) => {
    const answer = await call(origin, {
      path: `/package/demo/tools/?query=${encodeURIComponent(query)}`,
      headers: key,
    });
    expect([
      answer.status,
      (answer.body as { code: string; parameter: string }).code,
      (answer.body as { parameter: string }).parameter,
    ]).toStrictEqual([400, code, "query"]);
  });

  it.each([
    ["%", ["50%"]],
    ["_", ["a_b"]],
    ["\\", ["back\\slash"]],
    ["'", ["o'reilly"]],
  ])("searches %j literally, a pattern the user did not write never", async (query, found) => {
    const repo = "/package/search/literal/";
    if (
      (await call(origin, { path: repo, headers: key })).headers["x-pagination-count"] === undefined
    ) {
      await post(
        repo,
        ["50%", "a_b", "aXb", "back\\slash", "o'reilly", "plain"].map((name) => ({
          name,
          version: "1",
        })),
      );
    }
    const answer = await call(origin, {
      path: `${repo}?query=${encodeURIComponent(query)}`,
      headers: key,
    });
    expect([answer.status, (answer.body as { name: string }[]).map((p) => p.name)]).toStrictEqual([
      200,
      found,
    ]);
  });

  // Last in this block: every exchange above, checked against the document the server serves.
  it("answers only as its OpenAPI document (GET /openapi.json) describes", async () => {
    const document = (await call(origin, { path: "/openapi.json" })).body;
    const mine = exchanges.filter((exchange) => exchange.origin === origin);
    expect(mine.length).toBeGreaterThan(20);
    expect(nonConforming(document, mine)).toStrictEqual([]);
  });
});
