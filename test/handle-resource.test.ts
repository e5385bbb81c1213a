import { describe, expect, it, vi } from "vitest";
import {
  apiKeyVerifier,
  defineResource,
  handleResource,
  json,
  list,
  PagewiseError,
  type ResourceRequest,
} from "../src/index.js";

const request = (overrides: Partial<ResourceRequest<string>> = {}): ResourceRequest<string> => ({
  method: "GET",
  url: "/items/",
  header: () => undefined,
  native: "native-request",
  ...overrides,
});

describe("handleResource", () => {
  it("gives a list handler its params, path, method, native request and page", async () => {
    const handler = vi.fn(() => [1, 2, 3]);
    const resource = defineResource({ GET: list({ handler }) });
    await handleResource(
      resource,
      request({ method: "head", url: "/items/?q=1&page=2&page_size=1", pathParams: { id: "7" } }),
    );
    expect(handler).toHaveBeenCalledWith({
      params: { q: "1", page: "2", page_size: "1" },
      path: { id: "7" },
      method: "GET",
      request: "native-request",
      page: { page: 2, pageSize: 1 },
    });
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
      throw new PagewiseError(413, "payload_too_large", `over ${max}`);
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
          throw new PagewiseError(404, "page_out_of_range", "No such repository.");
        },
      }),
    });
    expect(await handleResource(resource, request())).toStrictEqual({
      status: 404,
      headers: { "Content-Type": "application/problem+json", Allow: "GET, OPTIONS" },
      body: '{"type":"about:blank","title":"Not Found","status":404,"detail":"No such repository.","code":"page_out_of_range"}',
    });
  });

  it.each<[string, unknown]>([
    ["a count without items", { count: 5 }],
    ["items that are neither an array nor a function", { count: 5, items: "x" }],
  ])("refuses %s from a list handler with a TypeError", async (_name, result) => {
    const resource = defineResource({ GET: list({ handler: () => result as never }) });
    await expect(handleResource(resource, request())).rejects.toThrow(
      new TypeError(
        "A list handler returns an array, or { count, items } with items an array or a function",
      ),
    );
  });

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
});
