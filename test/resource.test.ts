import { describe, expect, it } from "vitest";
import {
  defineResource,
  headerNamePresets,
  json,
  list,
  type MethodDefinition,
  type ResourceMethod,
  type ResourceOptions,
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
      new RangeError("defaultPageSize must be an integer from 1 to maxPageSize (10), got 50"),
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

  it("keeps a frozen copy of its options: changing the caller's object later changes nothing", async () => {
    const options: { maxPageSize: number } = { maxPageSize: 100 };
    const resource = defineResource({ GET: list({ handler: () => [] }) }, options);
    options.maxPageSize = 10;
    expect(resource.options).toStrictEqual({ maxPageSize: 100 });
    expect(Object.isFrozen(resource.options)).toBe(true);
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
