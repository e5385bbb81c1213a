/**
 * Fastify-only behaviour: the plugin's exports, defaults and overrides, a scope that leaves other
 * routes alone, and fastifyErrorHandler for the router's errors and the app's other routes.
 */
import fastify5 from "fastify";
import fastify4 from "fastify4";
import { describe, expect, it } from "vitest";
import fastifyPagewiseDefault, {
  fastifyErrorHandler,
  fastifyPagewise,
} from "../../src/adapters/fastify/index.js";
import { defineResource, json, list } from "../../src/index.js";

const items = defineResource({ GET: list({ handler: () => [1, 2, 3] }) });
const echo = defineResource({ POST: json({ handler: ({ params }) => params }) });

describe.each([
  ["fastify 4", fastify4 as unknown as typeof fastify5],
  ["fastify 5", fastify5],
])("%s", (_name, create) => {
  it("exports the plugin as default and named", () => {
    expect(fastifyPagewiseDefault).toBe(fastifyPagewise);
  });

  it.each([
    ["", "/api"],
    ["*", "/api/anything/here"],
  ])("registers a resource at %j under a prefix", async (url, path) => {
    const app = create();
    await app.register(
      async (scope) => {
        await scope.register(fastifyPagewise);
        scope.pagewise(url, items);
      },
      { prefix: "/api" },
    );
    const answer = await app.inject({ url: path });
    expect([answer.statusCode, answer.body]).toStrictEqual([200, "[1,2,3]"]);
    await app.close();
  });

  it("applies plugin options as defaults and route options over them", async () => {
    const app = create();
    await app.register(fastifyPagewise, { defaultPageSize: 2, cors: true });
    app.pagewise("/a/", items);
    app.pagewise("/b/", items, { defaultPageSize: 1, cors: false });
    const a = await app.inject({ url: "/a/", headers: { origin: "https://x.example" } });
    const b = await app.inject({ url: "/b/", headers: { origin: "https://x.example" } });
    expect([
      a.headers["x-pagination-pagesize"],
      a.headers["access-control-allow-origin"],
      a.body,
    ]).toStrictEqual(["2", "*", "[1,2]"]);
    expect([
      b.headers["x-pagination-pagesize"],
      b.headers["access-control-allow-origin"],
      b.body,
    ]).toStrictEqual(["1", undefined, "[1]"]);
    await app.close();
  });

  it("checks the merged options when a resource is registered", async () => {
    const app = create();
    await app.register(fastifyPagewise, { maxPageSize: 10 });
    expect(() => app.pagewise("/a/", items)).toThrow(
      new RangeError(
        "defaultPageSize (at most maxPageSize) must be a whole number from 1 to 10; got number 30",
      ),
    );
    await app.close();
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, Error]>([
    [
      "a key given as a string, in the plugin's options",
      { apiKey: "dev-key" },
      {},
      new TypeError(
        // the key itself is never echoed
        "apiKey must be a function (key, request) => boolean; got a string. Use apiKeyVerifier(keys) or a function.",
      ),
    ],
    [
      "a misspelt name, in the route's options",
      {},
      { linkParam: "all" },
      new TypeError('Unknown resource option "linkParam"; did you mean "linkParams"?'),
    ],
  ])("refuses %s when the resource is registered", async (_name, plugin, route, error) => {
    const app = create();
    await app.register(fastifyPagewise, plugin);
    expect(() => app.pagewise("/a/", items, route)).toThrow(error);
    await app.close();
  });

  it("takes Fastify's own register options without reading them as pagewise's", async () => {
    const app = create();
    await app.register(fastifyPagewise, { prefix: "/v1", logLevel: "warn", defaultPageSize: 2 });
    app.pagewise("/a/", items);
    expect((await app.inject({ url: "/a/" })).body).toBe("[1,2]");
    await app.close();
  });

  it("leaves the body parsing of the app's other routes alone", async () => {
    const app = create();
    await app.register(fastifyPagewise);
    app.pagewise("/echo/", echo);
    app.post("/plain/", async (request) => ({ parsedByFastify: request.body }));
    const plain = await app.inject({ method: "POST", url: "/plain/", payload: { a: 1 } });
    const ours = await app.inject({
      method: "POST",
      url: "/echo/",
      headers: { "content-type": "application/json" },
      payload: '{"a":1}',
    });
    expect([plain.statusCode, plain.json()]).toStrictEqual([200, { parsedByFastify: { a: 1 } }]);
    expect([ours.statusCode, ours.headers["content-type"], ours.json()]).toStrictEqual([
      200,
      "application/json",
      { a: 1 },
    ]);
    await app.close();
  });

  it("answers a body that is not JSON with 415 (Fastify's own parsers are not used)", async () => {
    const app = create();
    await app.register(fastifyPagewise);
    app.pagewise("/echo/", echo);
    const response = await app.inject({
      method: "POST",
      url: "/echo/",
      payload: Buffer.from('{"a":1}'),
    });
    expect([response.statusCode, response.headers["content-type"]]).toStrictEqual([
      415,
      "application/problem+json",
    ]);
    await app.close();
  });

  const problemOf = (status: number, title: string, code: string, detail: string) => ({
    status,
    type: "application/problem+json",
    body: { type: "about:blank", title, status, detail, code },
  });

  it.each([
    [
      "a path parameter over maxParamLength (Fastify 4: no route, its 404)",
      `/items/${"a".repeat(101)}/`,
      _name === "fastify 5"
        ? problemOf(
            414,
            "URI Too Long",
            "uri_too_long",
            "The request was refused: 414 URI Too Long.",
          )
        : { status: 404, type: "application/json; charset=utf-8", body: expect.anything() },
    ],
    [
      "a malformed escape Fastify's router refuses",
      "/items/%E0%A4%A/",
      problemOf(400, "Bad Request", "bad_request", "The request could not be read."),
    ],
  ])("answers %s as a problem, as frameworkErrors", async (_title, url, expected) => {
    // Over HTTP: inject did not complete frameworkErrors' answer to a bad URL (Fastify 4 and 5).
    const app = create({ frameworkErrors: fastifyErrorHandler() } as never);
    await app.register(fastifyPagewise);
    app.pagewise("/items/:id/", items);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const answer = await fetch(`${address}${url}`);
    expect({
      status: answer.status,
      type: answer.headers.get("content-type"),
      body: await answer.json(),
    }).toStrictEqual(expected);
    await app.close();
  });

  it.each([
    [
      "a 4xx of its own: its problem, nothing of the error",
      { statusCode: 429 },
      problemOf(
        429,
        "Too Many Requests",
        "too_many_requests",
        "The request was refused: 429 Too Many Requests.",
      ),
    ],
    [
      "Fastify's JSON parser refusing a body (the app's own parser)",
      undefined,
      problemOf(400, "Bad Request", "malformed_json", "The request body is not valid UTF-8 JSON."),
    ],
    [
      "a server fault: handed on to Fastify's own handler",
      { statusCode: 503 },
      {
        status: 503,
        type: "application/json; charset=utf-8",
        body: expect.objectContaining({ statusCode: 503 }),
      },
    ],
  ])("answers a route's %s, as setErrorHandler", async (_title, fields, expected) => {
    const app = create();
    app.setErrorHandler(fastifyErrorHandler());
    app.post("/plain/", async () => {
      throw Object.assign(new Error("internal: secret"), fields);
    });
    const answer = await app.inject({
      method: "POST",
      url: "/plain/",
      headers: { "content-type": "application/json" },
      payload: fields === undefined ? "{" : "{}",
    });
    expect({
      status: answer.statusCode,
      type: answer.headers["content-type"],
      body: answer.json(),
    }).toStrictEqual(expected);
    await app.close();
  });

  it.each([
    ["/package/:owner/", "/package/o/", 200, '["o"]'],
    ["/package/:user/", "/package/o/", 500, "mount it on a route that names :owner"],
  ])(
    "keeps the pattern a resource was defined with (route %s)",
    async (url, path, status, body) => {
      const app = create({ logger: false });
      await app.register(fastifyPagewise, { cors: true });
      app.pagewise(
        url,
        defineResource("/package/:owner/", { GET: list({ handler: ({ path }) => [path.owner] }) }),
      );
      const answer = await app.inject({ url: path });
      expect([answer.statusCode, answer.body.includes(body)]).toStrictEqual([status, true]);
      await app.close();
    },
  );
});
