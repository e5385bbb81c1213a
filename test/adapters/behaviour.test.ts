/**
 * The behaviour suite (behaviour-suite.ts) on every adapter and framework version, and what only
 * the fetch router answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/http-call.js";
import { behaviourSuite, problem, problemType } from "./behaviour-suite.js";
import { routes } from "./resources.js";
import { adapters, type Running } from "./servers.js";

describe("fetchRouter", () => {
  let server: Running;
  it("answers a malformed percent-escape in the path with a 400 problem", async () => {
    expect(await call(server.origin, { path: "/package/o%ZZ/three/packages/" })).toStrictEqual({
      status: 400,
      headers: problemType,
      body: problem(400, "Bad Request", "bad_request", "The request could not be read."),
    });
  });

  beforeAll(async () => {
    server = await (adapters.fetch as (r: typeof routes) => Promise<Running>)(routes);
  });
  afterAll(() => server.close());

  it("answers a path no route matches with a 404 problem", async () => {
    expect(await call(server.origin, { path: "/nowhere/?page=2" })).toStrictEqual({
      status: 404,
      headers: problemType,
      body: problem(404, "Not Found", "not_found", 'Nothing is served at "/nowhere/".'),
    });
  });
});

describe.each(Object.keys(adapters))("%s", (name) => {
  behaviourSuite(() => (adapters[name] as (r: typeof routes) => Promise<Running>)(routes));
});
