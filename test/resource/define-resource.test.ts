import type { Request } from "express";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  cursorList,
  defineResource,
  headerNamePresets,
  json,
  list,
  type MethodDefinition,
  type ResourceMethod,
  type ResourceOptions,
} from "../../src/index.js";

const get = list({ handler: () => [] });
const del = json({ handler: () => undefined });

describe("defineResource", () => {
  it("refuses an optional path parameter in its pattern, at definition", () => {
    expect(() => defineResource("/items{/:id}", { GET: list({ handler: () => [] }) })).toThrow(
      'The pattern "/items{/:id}" has "{": only plain :name parameters',
    );
  });

  it.each<[string, Partial<Record<ResourceMethod, MethodDefinition>>, string]>([
    ["GET only (the spec's /packages/)", { GET: get }, "GET, OPTIONS"],
    [
      "fixed order whatever the definition order",
      { DELETE: del, POST: del, GET: get },
      "GET, POST, DELETE, OPTIONS",
    ],
    [
      "every method",
      { PATCH: del, PUT: del, DELETE: del, POST: del, GET: get },
      "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    ],
    ["none", {}, "OPTIONS"],
  ])("Allow for %s", (_name, methods, allow) => {
    expect(defineResource(methods).allow).toBe(allow);
  });

  const sorted = (param: string) => ({ fields: { name: true as const }, tieBreaker: "id", param });
  const secret = "sort-secret-".repeat(3);
  it.each<[string, () => unknown, string]>([
    [
      "page",
      () => defineResource({ GET: list({ sort: sorted("page"), handler: () => [] }) }),
      "the page parameter",
    ],
    [
      "a renamed page size",
      () =>
        defineResource(
          { GET: list({ sort: sorted("n"), handler: () => [] }) },
          { pageSizeParam: "n" },
        ),
      "the page size parameter",
    ],
    [
      "the version",
      () =>
        defineResource(
          { GET: list({ sort: sorted("version"), handler: () => [] }) },
          { version: { served: ["v1"] } },
        ),
      "the version parameter",
    ],
    [
      "after",
      () =>
        defineResource({ GET: cursorList({ sort: sorted("after"), secret, handler: () => [] }) }),
      "a cursor parameter",
    ],
    [
      "page_size, on a cursor list",
      () =>
        defineResource({
          GET: cursorList({ sort: sorted("page_size"), secret, handler: () => [] }),
        }),
      "the page size parameter",
    ],
  ])("refuses a sort parameter named as %s, at definition", (_name, define, what) => {
    expect(define).toThrow(TypeError);
    expect(define).toThrow(
      `is also ${what}: name the sort parameter apart (sort.param) or rename the other`,
    );
  });

  it("takes page as a cursor list's sort parameter (a cursor list reads no page)", () => {
    expect(() =>
      defineResource({ GET: cursorList({ sort: sorted("page"), secret, handler: () => [] }) }),
    ).not.toThrow();
  });

  it("types a handler's sort from the fields offered, undefined without a sort option", () => {
    list({
      sort: { fields: { name: true, created_at: { column: "created" } }, tieBreaker: "id" },
      handler: ({ sort }) => {
        expectTypeOf(sort.terms[0]?.field).toEqualTypeOf<
          "name" | "created_at" | "id" | undefined
        >();
        expectTypeOf(sort.sql()).toEqualTypeOf<string>();
        return [];
      },
    });
    list({
      handler: ({ sort }) => {
        expectTypeOf(sort).toEqualTypeOf<undefined>();
        return [];
      },
    });
  });

  it.each<[string, object]>([
    ["neither order nor sort", {}],
    ["both order and sort", { order: [{ name: "id" }], sort: sorted("sort") }],
  ])("refuses a cursor list with %s, at definition", (_name, definition) => {
    expect(() => cursorList({ secret, handler: () => [], ...definition } as never)).toThrow(
      'A cursor list takes a fixed order ([{ name: "id" }]) or sort (the orders a client may choose), one of them',
    );
  });

  it.each(["HEAD", "OPTIONS", "get", "TRACE"])("rejects a %s definition", (name) => {
    expect(() => defineResource({ [name]: get } as never)).toThrow(
      new TypeError(`A resource defines GET, POST, PUT, PATCH or DELETE, not "${name}"`),
    );
  });

  it.each<[string, ResourceOptions, Error]>([
    [
      "a misspelt linkParams",
      { linkParams: "All" as never },
      new TypeError('linkParams must be one of "filters", "page-only", "all"; got "All"'),
    ],
    [
      "an unknown overflow",
      { overflow: "wrap" as never },
      new TypeError('overflow must be one of "empty", "last", "error"; got "wrap"'),
    ],
    [
      "a default page size over the maximum",
      { defaultPageSize: 50, maxPageSize: 10 },
      new RangeError(
        "defaultPageSize (at most maxPageSize) must be a whole number from 1 to 10; got number 50",
      ),
    ],
    [
      "an invalid header name",
      { headerNames: { ...headerNamePresets.xPagination, count: "X Count" } },
      new TypeError('Invalid header name: "X Count"'),
    ],
    [
      "a page parameter that is not a template variable",
      { template: true, pageSizeParam: "page size" },
      new TypeError('"page size" cannot be an RFC 6570 variable name'),
    ],
  ])("checks its options when defined, not on the first request: %s", (_name, options, error) => {
    expect(() => defineResource({ GET: get }, options)).toThrow(error);
  });

  it.each<[string, unknown, Error]>([
    [
      "a key given as a string",
      { apiKey: "dev-key" },
      new TypeError(
        // the key itself is never echoed
        "apiKey must be a function (key, request) => boolean; got a string. Use apiKeyVerifier(keys) or a function.",
      ),
    ],
    [
      "cors as a string",
      { cors: "*" },
      new TypeError(
        'cors must be true, false or an object of CorsOptions; got a string ("*"). For any origin use cors: true; for one, cors: { origin: "https://app.example" }.',
      ),
    ],
    [
      "a misspelt option name",
      { linkParam: "all" },
      new TypeError('Unknown resource option "linkParam"; did you mean "linkParams"?'),
    ],
    [
      "a misspelt name in another letter case",
      { maxpagesize: 10 },
      new TypeError('Unknown resource option "maxpagesize"; did you mean "maxPageSize"?'),
    ],
    [
      "a name like no option",
      { limit: 10 },
      new TypeError(
        'Unknown resource option "limit"; the resource options are defaultPageSize, maxPageSize, invalid, overMax, pageParam, pageSizeParam, overflow, baseUrl, linkParams, template, apiKey, cors, trustProxy, maxBodyBytes, queryOnBodyMethods, emptyHeaders, headerNames, version, deadline',
      ),
    ],
    [
      "options that are not an object",
      "fast",
      new TypeError('A resource\'s options must be an object; got a string ("fast")'),
    ],
    [
      "a misspelt cors option",
      { cors: { orign: "https://a.example" } },
      new TypeError('Unknown cors option "orign"; did you mean "origin"?'),
    ],
    [
      "a cors origin that is a number",
      { cors: { origin: 3 } },
      new TypeError(
        'cors.origin must be "*", an origin, a list of origins or a function; got number 3',
      ),
    ],
    [
      "a cors header that cannot stand in a header",
      { cors: { allowHeaders: ["X-Api-Key\r\nX-Evil: 1"] } },
      new TypeError(
        'cors.allowHeaders must be a list of header names; got ["X-Api-Key\\r\\nX-Evil: 1"]',
      ),
    ],
    [
      "a cors maxAge in fractions",
      { cors: { maxAge: 1.5 } },
      new RangeError("cors.maxAge (seconds) must be a whole number of at least 0; got number 1.5"),
    ],
    [
      "cors credentials as text",
      { cors: { credentials: "true" } },
      new TypeError('cors.credentials must be true or false; got a string ("true")'),
    ],
    [
      "trustProxy as text",
      { trustProxy: "yes" },
      new TypeError('trustProxy must be one of true, false; got "yes"'),
    ],
    [
      "an unknown queryOnBodyMethods",
      { queryOnBodyMethods: "drop" },
      new TypeError('queryOnBodyMethods must be one of "reject", "ignore"; got "drop"'),
    ],
    [
      "a negative maxBodyBytes",
      { maxBodyBytes: -1 },
      new RangeError("maxBodyBytes must be a whole number of at least 0; got number -1"),
    ],
    [
      "a baseUrl without a scheme",
      { baseUrl: "api.example.com" },
      new TypeError('baseUrl must be an absolute http(s) URL, got "api.example.com"'),
    ],
    [
      "a baseUrl that is not text",
      { baseUrl: 80 },
      new TypeError("baseUrl must be a string or a URL, got number"),
    ],
    [
      "a key given as a number (never echoed either)",
      { apiKey: 12345 },
      new TypeError(
        "apiKey must be a function (key, request) => boolean; got a number. Use apiKeyVerifier(keys) or a function.",
      ),
    ],
    [
      "an option value JSON cannot show",
      { overflow: 1n },
      new TypeError('overflow must be one of "empty", "last", "error"; got a bigint'),
    ],
    [
      "header names missing one",
      { headerNames: { link: "Link", count: "X-Count" } },
      new TypeError("headerNames.page must be a header name or null (not sent); got undefined"),
    ],
    [
      "a misspelt header name key",
      { headerNames: { ...headerNamePresets.xPagination, pagetotal: "X-Total" } },
      new TypeError('Unknown headerNames key "pagetotal"; did you mean "pageTotal"?'),
    ],
    [
      "no version served",
      { version: { served: [] } },
      new TypeError(
        'version.served lists the versions served, oldest first, each once and as text: e.g. ["v1"]; got []',
      ),
    ],
    [
      "a default version not served",
      { version: { served: ["v1", "v2"], default: "v3" } },
      new TypeError(
        'version.default "v3" is not served: add it to version.served or pick one of "v1", "v2"',
      ),
    ],
    [
      "a version parameter named as the configured page parameter",
      { pageParam: "v", version: { param: "v", served: ["v1"] } },
      new TypeError(
        'version.param "v" is also the page parameter: name the version parameter apart (version.param) or rename the other',
      ),
    ],
    ...(
      [
        [0, "number 0"],
        [-5, "number -5"],
        [Number.POSITIVE_INFINITY, "number Infinity"],
        [Number.NaN, "number NaN"],
        [2 ** 31, "number 2147483648"],
        ["5000", 'a string ("5000")'],
      ] as const
    ).map(([ms, shown]): [string, unknown, Error] => [
      `a deadline of ${shown}`,
      { deadline: ms },
      new TypeError(
        `deadline must be a positive, finite number of milliseconds up to 2147483647 (e.g. 5000), or { ms, retryAfter }; leave it out for none. Got ${shown}`,
      ),
    ]),
    [
      "a deadline object without its ms",
      { deadline: { retryAfter: 2 } },
      new TypeError(
        "deadline must be a positive, finite number of milliseconds up to 2147483647 (e.g. 5000), or { ms, retryAfter }; leave it out for none. Got undefined",
      ),
    ],
    [
      "a misspelt deadline member",
      { deadline: { ms: 100, retry: 2 } },
      new TypeError('Unknown deadline member "retry"; the deadline members are ms, retryAfter'),
    ],
    [
      "a deadline's retryAfter in part-seconds",
      { deadline: { ms: 100, retryAfter: 0.5 } },
      new RangeError("deadline.retryAfter must be a whole number of at least 0; got number 0.5"),
    ],
  ])("refuses %s when defined, naming the option and the fix", (_name, options, error) => {
    expect(() => defineResource({ GET: get }, options as ResourceOptions)).toThrow(error);
    expect(() => defineResource({ GET: get }, options as ResourceOptions)).toThrow(
      error.constructor as ErrorConstructor,
    );
  });

  it.each<[string, unknown, Error]>([
    [
      "a bare handler object",
      { handler: () => [] },
      new TypeError(
        "GET must be made with list({ handler }), cursorList({ … }) or json({ handler }); got an object with kind undefined",
      ),
    ],
    ["a handler function", () => [], new TypeError("GET must be an object; got a function")],
    [
      "a list without a handler",
      { kind: "list", handler: "items" },
      new TypeError(
        'GET must be made with list({ handler }), cursorList({ … }) or json({ handler }); its handler is a string ("items"), not a function',
      ),
    ],
    [
      "a schema that is not a Standard Schema",
      { kind: "list", handler: () => [], schema: { status: "string" } },
      new TypeError("GET's schema must be a zod schema or another Standard Schema"),
    ],
    [
      "a json status that is not a success",
      { kind: "json", handler: () => 1, status: 500, body: "object" },
      new RangeError("GET's status must be a success status (200 to 299); got number 500"),
    ],
    [
      "a json body kind that does not exist",
      { kind: "json", handler: () => 1, status: 200, body: "array" },
      new TypeError('GET\'s body must be one of "object", "json"; got "array"'),
    ],
  ])("refuses a method definition of %s when defined", (_name, definition, error) => {
    expect(() => defineResource({ GET: definition as MethodDefinition })).toThrow(error);
  });

  it("keeps a frozen copy of its options: changing the caller's object later changes nothing", async () => {
    const options: { maxPageSize: number } = { maxPageSize: 100 };
    const resource = defineResource({ GET: list({ handler: () => [] }) }, options);
    options.maxPageSize = 10;
    expect(resource.options).toStrictEqual({ maxPageSize: 100 });
    expect(Object.isFrozen(resource.options)).toBe(true);
  });

  it("takes a method left undefined as not defined, and null apiKey and cors as off", async () => {
    const resource = defineResource({ GET: get, POST: undefined }, {
      apiKey: null,
      cors: null,
    } as unknown as ResourceOptions);
    expect([resource.allow, resource.settings.apiKey, resource.settings.cors]).toStrictEqual([
      "GET, OPTIONS",
      undefined,
      undefined,
    ]);
  });

  it("json defaults to status 200 and an object body, also when they are given as undefined", () => {
    const handler = () => 1;
    expect(json({ handler, status: undefined, body: undefined } as never)).toStrictEqual({
      kind: "json",
      status: 200,
      body: "object",
      handler,
    });
  });

  it("json defaults to status 200; list and json keep their definitions", () => {
    const handler = () => 1;
    expect(json({ handler })).toStrictEqual({ kind: "json", status: 200, body: "object", handler });
    expect(json({ handler, status: 201, body: "json" })).toStrictEqual({
      kind: "json",
      status: 201,
      body: "json",
      handler,
    });
    expect(list({ handler: () => [] }).kind).toBe("list");
  });

  it.each<[string, () => { pattern?: string }, string | undefined]>([
    ["keeps the pattern it is given", () => defineResource("/a/:b/", { GET: get }), "/a/:b/"],
    [
      "keeps it with options",
      () => defineResource("/a/:b/", { GET: get }, { cors: true }),
      "/a/:b/",
    ],
    ["has none without one", () => defineResource({ GET: get }, { cors: true }), undefined],
  ])("%s", (_name, define, pattern) => {
    const resource = define();
    expect([resource.pattern, Object.hasOwn(resource, "pattern")]).toStrictEqual([
      pattern,
      pattern !== undefined,
    ]);
  });

  it("checks methods and options the same way after a pattern", () => {
    expect(() => defineResource("/a/", { TRACE: get } as never)).toThrow(
      new TypeError('A resource defines GET, POST, PUT, PATCH or DELETE, not "TRACE"'),
    );
    expect(() => defineResource("/a/", { GET: get }, { linkParams: "All" as never })).toThrow(
      new TypeError('linkParams must be one of "filters", "page-only", "all"; got "All"'),
    );
    expect(() => defineResource(undefined as never, { GET: get })).toThrow(TypeError);
  });
});

describe("defineResource's types", () => {
  type Repo = { readonly owner: string; readonly repo: string };
  const secret = "k".repeat(32);

  it("types every handler's path from the pattern: a string for each name", () => {
    defineResource("/package/:owner/:repo/", {
      GET: list({
        handler: ({ path }) => {
          expectTypeOf(path).toEqualTypeOf<Repo>();
          // @ts-expect-error: the pattern names no such parameter
          return [path.other];
        },
      }),
      POST: json({
        schema: z.object({ status: z.string() }),
        handler: ({ path, params }) => {
          expectTypeOf(path).toEqualTypeOf<Repo>();
          expectTypeOf(params).toEqualTypeOf<{ status: string }>();
        },
      }),
    });
    defineResource("/package/:owner/:repo/", {
      GET: cursorList({
        order: [{ name: "id" }],
        secret,
        handler: ({ path }) => {
          expectTypeOf(path).toEqualTypeOf<Repo>();
          return [];
        },
      }),
    });
  });

  it("keeps the framework's request type and the options' with a pattern", () => {
    defineResource<Request, "/:id/">(
      "/:id/",
      { GET: list({ handler: ({ path, request }) => [path.id, request.url] }) },
      { apiKey: (key, request) => key === request.get("x-key") },
    );
  });

  it("gives a record without a pattern, or with one only known as a string", () => {
    const pattern: string = "/package/:owner/";
    defineResource(pattern, {
      GET: list({
        handler: ({ path }) => {
          expectTypeOf(path).toEqualTypeOf<Readonly<Record<string, string>>>();
          return [];
        },
      }),
    });
    defineResource({
      GET: list({
        handler: ({ path }) => {
          expectTypeOf(path).toEqualTypeOf<Readonly<Record<string, string>>>();
          return [];
        },
      }),
    });
  });

  it("takes methods defined beforehand, whose path is a record", () => {
    const loose = list({ handler: ({ path }) => [path.owner] });
    defineResource("/package/:owner/", { GET: loose });
    const forUsers = list<unknown, undefined, { readonly user: string }>({
      handler: ({ path }) => [path.user],
    });
    // @ts-expect-error: a method defined for another route's parameters
    defineResource("/package/:owner/", { GET: forUsers });
  });
});
