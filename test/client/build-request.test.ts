import { describe, expect, it } from "vitest";
import {
  type BuildRequestOptions,
  buildRequest,
  type PreparedRequest,
} from "../../src/client/index.js";

const base = "http://127.0.0.1:3000";
const accept = { Accept: "application/json" };

describe("buildRequest (spec 4.1)", () => {
  it.each<[string, string, string, Record<string, unknown>, BuildRequestOptions, PreparedRequest]>([
    [
      "GET: path variables expanded, the rest in the query, the key in X-Api-Key",
      "GET",
      "{base_url}/package/{owner}/{repo}/",
      { owner: "demo", repo: "tools", status: "awaiting_sync", page: 2 },
      { baseUrl: base, apiKey: "k" },
      {
        url: `${base}/package/demo/tools/?status=awaiting_sync&page=2`,
        init: { method: "GET", headers: { ...accept, "X-Api-Key": "k" } },
      },
    ],
    [
      "DELETE: parameters in a JSON body, never in the query",
      "delete",
      "/package/{owner}/{repo}/",
      { owner: "demo", repo: "tools", status: "failed" },
      { baseUrl: `${base}/` },
      {
        url: `${base}/package/demo/tools/`,
        init: {
          method: "DELETE",
          headers: { ...accept, "Content-Type": "application/json" },
          body: '{"status":"failed"}',
        },
      },
    ],
    [
      "a / in an owner stays inside its segment",
      "GET",
      "/package/{owner}/{repo}/",
      { owner: "a/../b", repo: "r?x=1#y" },
      {},
      { url: "/package/a%2F..%2Fb/r%3Fx%3D1%23y/", init: { method: "GET", headers: accept } },
    ],
    [
      "a path template with its own query",
      "GET",
      "/package/{owner}/{repo}/packages/{?page_size}",
      { owner: "o", repo: "r", page_size: 100, page: 3 },
      {},
      {
        url: "/package/o/r/packages/?page_size=100&page=3",
        init: { method: "GET", headers: accept },
      },
    ],
    [
      "extra headers",
      "POST",
      "/package/{owner}/{repo}/",
      { owner: "o", repo: "r", name: "x", version: "1" },
      { headers: { "X-Request-Id": "1" } },
      {
        url: "/package/o/r/",
        init: {
          method: "POST",
          headers: { ...accept, "X-Request-Id": "1", "Content-Type": "application/json" },
          body: '{"name":"x","version":"1"}',
        },
      },
    ],
    [
      "GET: sort fields joined with commas, in the query with the other parameters",
      "GET",
      "/package/{owner}/{repo}/packages/",
      { owner: "o", repo: "r", status: "failed" },
      { sort: ["-created_at", "name"] },
      {
        url: "/package/o/r/packages/?status=failed&sort=-created_at%2Cname",
        init: { method: "GET", headers: accept },
      },
    ],
    [
      "GET: a sort text as given, under its own parameter name",
      "GET",
      "/items/",
      { page_size: 10 },
      { sort: "-created_at, name", sortParam: "order" },
      {
        url: "/items/?page_size=10&order=-created_at%2C+name",
        init: { method: "GET", headers: accept },
      },
    ],
    [
      "DELETE: sort in the JSON body, as text",
      "DELETE",
      "/package/{owner}/{repo}/",
      { owner: "o", repo: "r", status: "failed" },
      { sort: ["status", "-id"] },
      {
        url: "/package/o/r/",
        init: {
          method: "DELETE",
          headers: { ...accept, "Content-Type": "application/json" },
          body: '{"status":"failed","sort":"status,-id"}',
        },
      },
    ],
    [
      "POST: sort alone makes a body",
      "POST",
      "/items/",
      {},
      { sort: "name" },
      {
        url: "/items/",
        init: {
          method: "POST",
          headers: { ...accept, "Content-Type": "application/json" },
          body: '{"sort":"name"}',
        },
      },
    ],
    [
      "a sort parameter in params, without the option, goes as given",
      "GET",
      "/items/",
      { sort: "name" },
      {},
      { url: "/items/?sort=name", init: { method: "GET", headers: accept } },
    ],
  ])("%s", (_name, method, template, params, options, expected) => {
    expect(buildRequest(method, template, params, options)).toStrictEqual(expected);
  });

  it.each<[Record<string, unknown>, BuildRequestOptions, string]>([
    [
      {},
      { sort: "name,,id" } as BuildRequestOptions,
      'sort has an empty item in "name,,id": write fields separated by single commas, "-" before a field for descending',
    ],
    [
      {},
      { sort: ["name", "-name"] },
      'sort names "name" twice: name each field once, "-" before it for descending',
    ],
    [
      {},
      { sort: 1 } as unknown as BuildRequestOptions,
      'sort must be a sort text ("-created_at,name") or an array of fields (["-created_at", "name"]); got number 1',
    ],
    [
      { sort: "id" },
      { sort: "name" },
      "The sort is given twice: as the sort option and as params.sort; give it once",
    ],
    [
      { order: "id" },
      { sort: "name", sortParam: "order" },
      "The sort is given twice: as the sort option and as params.order; give it once",
    ],
    [
      {},
      { sortParam: "" },
      'sortParam must be a parameter name (text, not empty); got a string ("")',
    ],
    [
      {},
      { sort: "name", sortParam: 5 } as unknown as BuildRequestOptions,
      "sortParam must be a parameter name (text, not empty); got number 5",
    ],
  ])("refuses params %j with options %j", (params, options, message) => {
    expect(() => buildRequest("GET", "/items/", params, options)).toThrow(new TypeError(message));
  });

  it.each<[Record<string, unknown>, string]>([
    [{ repo: "r" }, 'Path variable "owner" needs a value'],
    [{ owner: "", repo: "r" }, 'Path variable "owner" needs a value'],
    [{ owner: "..", repo: "r" }, 'Path variable "owner" cannot be ".."'],
    [{ owner: "o", repo: "." }, 'Path variable "repo" cannot be "."'],
  ])("refuses %j", (params, message) => {
    expect(() => buildRequest("GET", "/package/{owner}/{repo}/", params)).toThrow(
      new TypeError(message),
    );
  });
});
