import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { handleResource, type ResourceRequest } from "../../src/adapters/index.js";
import { apiKeyVerifier, defineResource, json, list, PagewiseError } from "../../src/index.js";

const request = (overrides: Partial<ResourceRequest<string>> = {}): ResourceRequest<string> => ({
  method: "GET",
  url: "/items/",
  header: () => undefined,
  native: "native-request",
  ...overrides,
});

describe("handleResource", () => {
  it.each([
    ["a handler that never reads its signal leaves the adapter's unread", false, 0],
    ["a handler that reads it twice reads the adapter's once", true, 1],
  ])("%s", async (_name, reads, expected) => {
    let asked = 0;
    const client = new AbortController().signal;
    const handler = (context: { signal: AbortSignal }) => {
      if (reads) expect([context.signal, context.signal]).toStrictEqual([client, client]);
      return [];
    };
    const resource = defineResource({ GET: list({ handler }) });
    const counted = Object.defineProperty(request(), "signal", {
      get: () => {
        asked += 1;
        return client;
      },
    });
    await handleResource(resource, counted);
    expect(asked).toBe(expected);
  });

  it("gives a list handler its own params, path, method, native request and page params", async () => {
    const handler = vi.fn(() => [1, 2, 3]);
    const resource = defineResource({ GET: list({ handler }) });
    await handleResource(
      resource,
      request({ method: "head", url: "/items/?q=1&page=2&page_size=1", pathParams: { id: "7" } }),
    );
    expect(handler).toHaveBeenCalledWith({
      params: { q: "1" },
      path: { id: "7" },
      method: "GET",
      request: "native-request",
      pageParams: { page: 2, pageSize: 1 },
      signal: expect.any(AbortSignal),
    });
  });

  it.each<[string, string, Record<string, string>, number]>([
    ["default names", "/items/?status=a&page=1&page_size=1", {}, 200],
    [
      "configured names",
      "/items/?status=a&p=1&size=1",
      { pageParam: "p", pageSizeParam: "size" },
      200,
    ],
    [
      "the default names when others are configured",
      "/items/?status=a&page=2",
      { pageParam: "p" },
      400,
    ],
  ])("a strict list schema sees no page parameters (%s)", async (_name, url, options, status) => {
    const resource = defineResource(
      {
        GET: list({
          schema: z.strictObject({ status: z.string().optional() }),
          handler: ({ params }) => [params],
        }),
      },
      options,
    );
    const response = await handleResource(resource, request({ url }));
    expect(response.status).toBe(status);
    if (status === 200) expect(response.body).toBe('[{"status":"a"}]');
  });

  it.each<[string, number, "empty" | "last" | "error", number]>([
    ["an empty dataset", 0, "empty", 200],
    ["a page past the last", 3, "empty", 200],
    ["an empty dataset served as its last page", 0, "last", 200],
    ["a page past the last, refused", 3, "error", 404],
  ])("never asks items() for the rows of %s", async (_name, count, overflow, status) => {
    const items = vi.fn(() => [1]);
    const resource = defineResource(
      { GET: list({ handler: () => ({ count, items }) }) },
      { overflow },
    );
    const response = await handleResource(resource, request({ url: "/items/?page=9" }));
    expect([response.status, items.mock.calls.length]).toStrictEqual([status, 0]);
    if (status === 200) expect(response.body).toBe("[]");
  });

  it("serves the first page.limit rows when items() gives more but no more than a page size (a row added since the count)", async () => {
    const resource = defineResource({
      GET: list({ handler: () => ({ count: 5, items: () => ["e", "f"] }) }),
    });
    const response = await handleResource(resource, request({ url: "/items/?page=3&page_size=2" }));
    expect([response.status, response.body, response.headers["X-Pagination-Count"]]).toStrictEqual([
      200,
      '["e"]',
      "5",
    ]);
  });

  it.each<[string, unknown]>([
    ["the whole dataset", Array.from({ length: 5 }, (_, i) => i + 1)],
    ["count and the page's items", { count: 5, items: [3, 4] }],
    [
      "count and a fetch function",
      {
        count: 5,
        items: (page: { offset: number; limit: number }) => [
          page.offset + 1,
          page.offset + page.limit,
        ],
      },
    ],
  ])("serves a list from %s", async (_name, result) => {
    const resource = defineResource({ GET: list({ handler: () => result as never }) });
    const response = await handleResource(
      resource,
      request({ url: "http://host.example/items/?page=2&page_size=2" }),
    );
    expect(response).toStrictEqual({
      status: 200,
      headers: {
        "Content-Type": "application/json",
        Link: '</items/?page=1>; rel="first", </items/?page=1>; rel="prev", </items/?page=3>; rel="next", </items/?page=3>; rel="last"',
        "X-Pagination-Count": "5",
        "X-Pagination-Page": "2",
        "X-Pagination-PageTotal": "3",
        "X-Pagination-PageSize": "2",
        Allow: "GET, OPTIONS",
        "Content-Length": "5",
      },
      body: "[3,4]",
    });
  });

  it("answers 204 without a body when a json handler returns undefined, and HEAD without a body", async () => {
    const resource = defineResource({
      GET: list({ handler: () => [1] }),
      DELETE: json({ handler: () => undefined }),
    });
    expect(await handleResource(resource, request({ method: "DELETE" }))).toStrictEqual({
      status: 204,
      headers: { Allow: "GET, DELETE, OPTIONS" },
      body: null,
    });
    expect((await handleResource(resource, request({ method: "HEAD" }))).body).toBeNull();
  });

  it("reads no body for GET, and none before the API key is accepted", async () => {
    const readBody = vi.fn(() => '{"a":1}');
    const resource = defineResource(
      { GET: list({ handler: () => [] }), DELETE: json({ handler: ({ params }) => params }) },
      { apiKey: apiKeyVerifier("k") },
    );
    await handleResource(
      resource,
      request({ readBody, header: (n) => (n === "x-api-key" ? "k" : undefined) }),
    );
    expect((await handleResource(resource, request({ method: "DELETE", readBody }))).status).toBe(
      401,
    );
    expect(readBody).not.toHaveBeenCalled();
    const authorised = (n: string) => ({ "x-api-key": "k", "content-type": "application/json" })[n];
    const response = await handleResource(
      resource,
      request({ method: "DELETE", readBody, header: authorised }),
    );
    expect([response.status, response.body, readBody.mock.calls]).toStrictEqual([
      200,
      '{"a":1}',
      [[1024 * 1024]],
    ]);
  });

  it.each<[string, string, number, string]>([
    [
      "an array",
      '[{"name":"a"},{"name":"b","__proto__":{"x":1}}]',
      201,
      '[{"name":"a"},{"name":"b"}]',
    ],
    ["an object", '{"name":"a"}', 201, '{"name":"a"}'],
    ["a string", '"x"', 201, '"x"'],
    [
      "malformed JSON",
      "[1,",
      400,
      '{"type":"about:blank","title":"Bad Request","status":400,"detail":"The request body is not valid UTF-8 JSON.","code":"malformed_json"}',
    ],
  ])("json({ body: 'json' }) takes %s as the body", async (_name, body, status, answer) => {
    const resource = defineResource({
      POST: json({ body: "json", status: 201, handler: ({ params }) => params }),
    });
    const header = (name: string) => (name === "content-type" ? "application/json" : undefined);
    const response = await handleResource(
      resource,
      request({ method: "POST", header, readBody: () => body }),
    );
    expect([response.status, response.body]).toStrictEqual([status, answer]);
  });

  it("passes maxBodyBytes to readBody and answers its 413", async () => {
    const readBody = vi.fn((max: number) => {
      throw new PagewiseError("payload_too_large", `over ${max}`);
    });
    const resource = defineResource({ POST: json({ handler: () => 1 }) }, { maxBodyBytes: 10 });
    const response = await handleResource(resource, request({ method: "POST", readBody }));
    expect([response.status, JSON.parse(response.body ?? "").detail]).toStrictEqual([
      413,
      "over 10",
    ]);
  });

  it("answers a PagewiseError a handler throws as a problem", async () => {
    const resource = defineResource({
      GET: list({
        handler: () => {
          throw new PagewiseError("page_out_of_range", "No such repository.");
        },
      }),
    });
    expect(await handleResource(resource, request())).toStrictEqual({
      status: 404,
      headers: {
        "Content-Type": "application/problem+json",
        "Content-Length": "113",
        Allow: "GET, OPTIONS",
      },
      body: '{"type":"about:blank","title":"Not Found","status":404,"detail":"No such repository.","code":"page_out_of_range"}',
    });
  });

  it.each<[string, unknown, Error]>([
    [
      "a count without items",
      { count: 5 },
      new TypeError(
        "A list handler returns an array, { count, items } or { items, hasMore }, with items an array or a function; got an object",
      ),
    ],
    [
      "items that are neither an array nor a function",
      { count: 5, items: "x" },
      new TypeError(
        'A list handler returns an array, { count, items } or { items, hasMore }, with items an array or a function; got an object with items a string ("x")',
      ),
    ],
    [
      "nothing",
      undefined,
      new TypeError(
        "A list handler returns an array, { count, items } or { items, hasMore }, with items an array or a function; got undefined",
      ),
    ],
    [
      "a count as node-postgres gives it",
      { count: "5", items: [] },
      new TypeError(
        'A list handler\'s count must be a number; got a string ("5"). node-postgres returns count(*) as a string (a bigint): pass Number(row.count).',
      ),
    ],
    [
      "a negative count",
      { count: -1, items: [] },
      new RangeError("A list handler's count must be a whole number of at least 0; got number -1"),
    ],
    [
      "items() giving a query result, not its rows",
      { count: 5, items: () => ({ rows: [1] }) },
      new TypeError(
        "A list handler's items must be an array of the page's rows (or a function giving one); got an object. A query result's rows are often in its .rows.",
      ),
    ],
    [
      "items() giving more rows than the page holds",
      { count: 5, items: () => [1, 2, 3] },
      new RangeError(
        "A list handler gave 3 rows, more than a page of 2 (offset 2, limit 2): fetch only page.limit rows from page.offset.",
      ),
    ],
    [
      "more rows than the page holds",
      { count: 5, items: [1, 2, 3, 4, 5] },
      new RangeError(
        "A list handler gave 5 rows, more than a page of 2 (offset 2, limit 2): fetch only page.limit rows from page.offset.",
      ),
    ],
  ])(
    "refuses %s from a list handler (a bug: an error, not a response)",
    async (_name, result, error) => {
      const resource = defineResource({ GET: list({ handler: () => result as never }) });
      const rejected = handleResource(resource, request({ url: "/items/?page=2&page_size=2" }));
      await expect(rejected).rejects.toThrow(error);
      await expect(rejected).rejects.toBeInstanceOf(error.constructor);
    },
  );

  it("lets any other error reach the caller", async () => {
    const resource = defineResource({
      GET: list({
        handler: () => {
          throw new Error("bug");
        },
      }),
    });
    await expect(handleResource(resource, request())).rejects.toThrow("bug");
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    [
      "status 404",
      { status: 404 },
      '{"type":"about:blank","title":"Not Found","status":404,"detail":"The request was refused: 404 Not Found.","code":"not_found"}',
    ],
    [
      "statusCode 413 (the resource's limit in the detail)",
      { statusCode: 413 },
      '{"type":"about:blank","title":"Content Too Large","status":413,"detail":"The request body is larger than 64 bytes.","code":"payload_too_large"}',
    ],
    ["status 503 (a server fault)", { status: 503 }, undefined],
    ["status 302", { status: 302 }, undefined],
    ["status 404.5", { status: 404.5 }, undefined],
  ])(
    "answers a handler's error with %s as its problem, or lets it reach the caller",
    async (_name, fields, body) => {
      const error = Object.assign(new Error("internal detail"), fields);
      const resource = defineResource(
        { GET: list({ handler: () => Promise.reject(error) }) },
        { maxBodyBytes: 64 },
      );
      const answer = handleResource(resource, request());
      if (body === undefined) return expect(answer).rejects.toBe(error);
      expect((await answer).body).toBe(body);
    },
  );

  it("gives the handlers of a resource defined with a pattern the route's path parameters", async () => {
    const handler = vi.fn(({ path }: { path: { owner: string } }) => [path.owner]);
    const resource = defineResource("/package/:owner/", { GET: list({ handler }) });
    const response = await handleResource(resource, request({ pathParams: { owner: "o" } }));
    expect([response.status, response.body]).toStrictEqual([200, '["o"]']);
  });

  it.each<[string, Partial<ResourceRequest<string>>]>([
    ["no path parameters", {}],
    ["another route's", { pathParams: { user: "o" } }],
    ["no path parameters, with a body method", { method: "DELETE" }],
  ])(
    "rejects a request to a resource defined with a pattern whose route gave %s (a bug)",
    async (_name, overrides) => {
      const handler = vi.fn(() => []);
      const resource = defineResource(
        "/package/:owner/",
        { GET: list({ handler }), DELETE: json({ handler }) },
        { apiKey: apiKeyVerifier("k") },
      );
      await expect(handleResource(resource, request(overrides))).rejects.toThrow(
        new TypeError(
          'The resource defined for "/package/:owner/" got no "owner" path parameter: mount it on a route that names :owner',
        ),
      );
      expect(handler).not.toHaveBeenCalled();
    },
  );

  it.each([
    ["OPTIONS", 204],
    ["PUT", 405],
  ])("answers %s without path parameters alike with a pattern", async (method, status) => {
    const resource = defineResource("/package/:owner/", { GET: list({ handler: () => [] }) });
    expect((await handleResource(resource, request({ method }))).status).toBe(status);
  });
});
