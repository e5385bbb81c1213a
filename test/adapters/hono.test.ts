/**
 * Hono-only behaviour (the shared suite runs it over HTTP): the handler reads Hono's request (its
 * URL under an `app.route` prefix, its path parameters, its `Context` as the handler's `request`), answers at once
 * when every step is synchronous, and `honoOpenApi` serves the routes' document.
 */
import { type Context, Hono } from "hono";
import { describe, expect, it } from "vitest";
import { honoHandler, honoNotFound, honoOpenApi } from "../../src/adapters/hono/index.js";
import { defineResource, list } from "../../src/index.js";
import { openApiDocument } from "../../src/openapi/index.js";
import { openApiErrors } from "../support/openapi-conformance.js";

type Bindings = { readonly ROWS: readonly number[] };

/** A list of the Worker-style binding `ROWS`, read through the Context the handler gets as its `request`. */
const rows = defineResource<Context<{ Bindings: Bindings }>>({
  GET: list({ handler: ({ request }) => request.env.ROWS }),
});
const owned = defineResource("/owners/:owner/", {
  GET: list({ handler: ({ path }) => [path.owner, path.owner.length] }),
});

function app() {
  const api = new Hono<{ Bindings: Bindings }>({ strict: false });
  api.all("/rows", honoHandler(rows));
  api.all("/owners/:owner", honoHandler(owned));
  const root = new Hono<{ Bindings: Bindings }>({ strict: false });
  root.route("/api", api);
  root.notFound(honoNotFound);
  return root;
}
const env: Bindings = { ROWS: [1, 2, 3, 4, 5] };

describe("hono adapter", () => {
  it.each([
    ["/api/rows/?page=2&page_size=2", 200, [3, 4], '</api/rows/?page=3>; rel="last"'],
    ["/api/rows?page=1&page_size=5", 200, [1, 2, 3, 4, 5], null],
    ["/api/owners/caf%C3%A9/", 200, ["café", 4], null],
    ["/api/nowhere/", 404, 'Nothing is served at "/api/nowhere/".', null],
  ])("GET %s → %i %j", async (path, status, body, lastLink) => {
    const answer = await app().request(path, {}, env);
    const json = (await answer.json()) as { detail?: string };
    const link = answer.headers.get("link");
    expect([
      answer.status,
      status === 404 ? json.detail : json,
      lastLink === null ? link : (link?.split(", ").at(-1) ?? null),
    ]).toStrictEqual([status, body, lastLink]);
  });

  it.each([
    ["synchronous", () => [1, 2], Response],
    ["asynchronous", async () => [1, 2], Promise],
  ])("answers a %s handler with a %O", (_title, handler, kind) => {
    const serve = honoHandler(defineResource({ GET: list({ handler }) }));
    const c = { req: { raw: new Request("http://h.example/p/"), url: "http://h.example/p/" } };
    const context = { ...c, req: { ...c.req, param: () => ({}) } } as unknown as Context;
    expect(serve(context, async () => undefined)).toBeInstanceOf(kind);
  });

  it.each([
    [
      "a synchronous",
      () => {
        throw new Error("bug");
      },
    ],
    ["an asynchronous", async () => Promise.reject(new Error("bug"))],
  ])("hands %s handler's bug to app.onError", async (_title, handler) => {
    const buggy = new Hono().all("/p/", honoHandler(defineResource({ GET: list({ handler }) })));
    buggy.onError((error, c) => c.text(`onError: ${error.message}`, 500));
    const answer = await buggy.request("/p/");
    expect([answer.status, await answer.text()]).toStrictEqual([500, "onError: bug"]);
  });

  it("serves the routes' OpenAPI document, valid OpenAPI 3.1", async () => {
    const routes = [["/owners/:owner/", owned]] as const;
    const info = { title: "Owners", version: "1.0.0" };
    const served = new Hono().get("/openapi.json", honoOpenApi(routes, { info }));
    const answer = await served.request("/openapi.json");
    const document = await answer.json();
    expect([
      answer.headers.get("content-type"),
      document,
      await openApiErrors(document),
    ]).toStrictEqual(["application/json", openApiDocument(routes, { info }), []]);
  });
});
