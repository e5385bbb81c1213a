import { describe, expect, it } from "vitest";
import {
  defineResource,
  json,
  list,
  type MethodDefinition,
  type ResourceMethod,
} from "../src/index.js";

const get = list({ handler: () => [] });
const del = json({ handler: () => undefined });

describe("defineResource", () => {
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

  it.each(["HEAD", "OPTIONS", "get", "TRACE"])("rejects a %s definition", (name) => {
    expect(() => defineResource({ [name]: get } as never)).toThrow(
      new TypeError(`A resource defines GET, POST, PUT, PATCH or DELETE, not "${name}"`),
    );
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
});
