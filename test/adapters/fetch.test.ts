/** fetch-only behaviour: a `Response` at once when every step is synchronous, like Hono's `app.fetch`. */
import { describe, expect, it } from "vitest";
import { fetchHandler, fetchRouter } from "../../src/adapters/fetch/index.js";
import { apiKeyVerifier, defineResource, list } from "../../src/index.js";

const request = (path: string) =>
  new Request(`http://h.example${path}`, { headers: { "x-api-key": "k" } });

describe("fetch adapter: synchronous and asynchronous answers", () => {
  it("answers a Response, not a promise, when key check and handler are synchronous", async () => {
    const serve = fetchHandler(
      defineResource({ GET: list({ handler: () => [1, 2, 3] }) }, { apiKey: apiKeyVerifier("k") }),
    );
    const response = serve(request("/p/?page=2&page_size=1"));
    expect(response).toBeInstanceOf(Response);
    expect([(response as Response).status, await (response as Response).text()]).toStrictEqual([
      200,
      "[2]",
    ]);
  });

  it("answers a promise of a Response when the handler is asynchronous", async () => {
    const serve = fetchHandler(defineResource({ GET: list({ handler: async () => [1, 2, 3] }) }));
    const response = serve(request("/p/?page=3&page_size=1"));
    expect(response).toBeInstanceOf(Promise);
    expect(await (await response).text()).toBe("[3]");
  });

  it("refuses a route whose path parameter takes the version parameter's name", () => {
    const versioned = defineResource(
      { GET: list({ handler: () => [] }) },
      { version: { param: "v", served: ["1"] } },
    );
    expect(() => fetchRouter([["/:v/p/", versioned]])).toThrow(
      new TypeError(
        'version.param "v" is also a path parameter: name the version parameter apart (version.param) or rename the other',
      ),
    );
    expect(() => fetchRouter([["/v/:id/", versioned]])).not.toThrow();
  });

  it("refuses a route with an optional path parameter, at once", () => {
    const resource = defineResource({ GET: list({ handler: () => [] }) });
    expect(() => fetchRouter([["/items/:id?", resource]])).toThrow(
      'The pattern "/items/:id?" has "?": only plain :name parameters',
    );
  });

  it("answers a router's 404 at once", () => {
    const route = fetchRouter([["/p/", defineResource({ GET: list({ handler: () => [] }) })]]);
    const response = route(request("/elsewhere/"));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(404);
  });

  it("rejects, never throws, when a synchronous handler has a bug", async () => {
    const serve = fetchHandler(
      defineResource({
        GET: list({
          handler: () => {
            throw new Error("bug");
          },
        }),
      }),
    );
    let answer: unknown;
    expect(() => {
      answer = serve(request("/p/"));
    }).not.toThrow();
    await expect(answer).rejects.toThrow("bug");
  });
});
