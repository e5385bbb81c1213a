import { describe, expect, it } from "vitest";
import { splitRequestParams } from "../../src/params/split-request-params.js";

const asPlain = (split: ReturnType<typeof splitRequestParams>) => ({
  ...split,
  ...(split.query ? { query: split.query.toString() } : {}),
});

describe("splitRequestParams (spec 4.1)", () => {
  it.each<[string, string, Record<string, unknown>, readonly string[], object]>([
    [
      "GET: parameters in the query string",
      "GET",
      { status: "awaiting_sync", page: 2, page_size: 1 },
      [],
      { query: "status=awaiting_sync&page=2&page_size=1", headers: {} },
    ],
    ["GET: lowercase method", "get", { page: 2 }, [], { query: "page=2", headers: {} }],
    ["HEAD uses the query too", "HEAD", { page: 2 }, [], { query: "page=2", headers: {} }],
    ["GET with no parameters: an empty query", "GET", {}, [], { query: "", headers: {} }],
    [
      "GET: path parameters never duplicated",
      "GET",
      { owner: "o", repo: "r", status: "failed" },
      ["owner", "repo"],
      { query: "status=failed", headers: {} },
    ],
    [
      "GET: arrays repeat, null/undefined dropped, dates ISO, booleans and bigints as text",
      "GET",
      {
        tag: ["a", null, "b"],
        skip: undefined,
        gone: null,
        since: new Date(0),
        on: true,
        big: 10n,
      },
      [],
      { query: "tag=a&tag=b&since=1970-01-01T00%3A00%3A00.000Z&on=true&big=10", headers: {} },
    ],
    [
      "GET: reserved characters percent-encoded",
      "GET",
      { q: "a&b=c d,é" },
      [],
      { query: "q=a%26b%3Dc+d%2C%C3%A9", headers: {} },
    ],
    ...(["DELETE", "PATCH", "POST", "PUT"] as const).map(
      (method): [string, string, Record<string, unknown>, readonly string[], object] => [
        `${method}: parameters in a JSON body with Content-Type`,
        method,
        { owner: "o", repo: "r", status: "awaiting_sync", nested: { a: [1] } },
        ["owner", "repo"],
        {
          body: '{"status":"awaiting_sync","nested":{"a":[1]}}',
          headers: { "Content-Type": "application/json" },
        },
      ],
    ),
    ["DELETE with no parameters: no body", "DELETE", {}, [], { headers: {} }],
    [
      "DELETE with only path parameters: no body",
      "delete",
      { owner: "o" },
      ["owner"],
      { headers: {} },
    ],
    [
      "POST: undefined and null members left out",
      "POST",
      { a: undefined, b: null, c: 0 },
      [],
      { body: '{"c":0}', headers: { "Content-Type": "application/json" } },
    ],
  ])("%s", (_name, method, params, pathParams, expected) => {
    expect(asPlain(splitRequestParams(method, params, { pathParams }))).toStrictEqual(expected);
  });

  it("defaults to no parameters", () => {
    expect(asPlain(splitRequestParams("GET"))).toStrictEqual({ query: "", headers: {} });
    expect(splitRequestParams("DELETE")).toStrictEqual({ headers: {} });
  });

  it.each<[string, unknown]>([
    ["an object", { a: 1 }],
    ["an object in an array", [{ a: 1 }]],
    ["a function", () => 1],
    ["a symbol", Symbol("s")],
  ])("rejects %s as a query value", (_name, value) => {
    expect(() => splitRequestParams("GET", { f: value })).toThrow(TypeError);
  });
});
