import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  PagewiseError,
  type Problem,
  type RequestParamsInput,
  readRequestParams,
} from "../../src/index.js";
import { validateParams } from "../../src/params/validate-params.js";

const json = "application/json";

function problemOf(run: () => unknown): Problem {
  try {
    run();
  } catch (error) {
    if (error instanceof PagewiseError) return error.problem;
    throw error;
  }
  throw new Error("expected a PagewiseError");
}

describe("readRequestParams: where parameters are read from (spec 4.1)", () => {
  it.each<[string, string, RequestParamsInput, Record<string, unknown>]>([
    [
      "GET reads the query string",
      "GET",
      { query: "?status=awaiting_sync&page=2" },
      { status: "awaiting_sync", page: "2" },
    ],
    ["GET reads URLSearchParams", "GET", { query: new URLSearchParams("a=1") }, { a: "1" }],
    [
      "GET: a repeated parameter becomes an array",
      "GET",
      { query: "tag=a&tag=b&tag=c" },
      { tag: ["a", "b", "c"] },
    ],
    ["GET: an empty value stays", "GET", { query: "status=" }, { status: "" }],
    [
      "GET reads a parsed query object",
      "GET",
      { query: { status: "failed", tag: ["a", "b"] } },
      { status: "failed", tag: ["a", "b"] },
    ],
    ["GET ignores a body", "GET", { query: "a=1", body: '{"b":2}', contentType: json }, { a: "1" }],
    ["GET without a query", "GET", {}, {}],
    [
      "GET: __proto__ and friends dropped",
      "GET",
      { query: "__proto__=1&constructor=2&prototype=3&ok=4" },
      { ok: "4" },
    ],
    [
      "GET: nested parsed query (qs) cleaned at depth",
      "GET",
      { query: JSON.parse('{"f":{"__proto__":{"x":1},"y":"2"}}') },
      { f: { y: "2" } },
    ],
    [
      "GET: inherited names (toString) are plain parameters",
      "GET",
      { query: "toString=1&valueOf=2" },
      { toString: "1", valueOf: "2" },
    ],
    ["HEAD reads the query", "HEAD", { query: "a=1" }, { a: "1" }],
    [
      "DELETE reads the JSON body",
      "DELETE",
      { body: '{"status":"awaiting_sync"}', contentType: json },
      { status: "awaiting_sync" },
    ],
    [
      "delete (lowercase) reads the body",
      "delete",
      { body: '{"status":"failed"}', contentType: json },
      { status: "failed" },
    ],
    [
      "PATCH reads a pre-parsed body",
      "PATCH",
      { body: { version: "1.2.0" }, contentType: json },
      { version: "1.2.0" },
    ],
    [
      "POST reads UTF-8 bytes",
      "POST",
      { body: new TextEncoder().encode('{"name":"é"}'), contentType: json },
      { name: "é" },
    ],
    [
      "PUT accepts a +json type with charset",
      "PUT",
      { body: "{}", contentType: "application/merge-patch+json; charset=utf-8" },
      {},
    ],
    ["DELETE without a body reads {}", "DELETE", {}, {}],
    [
      "DELETE with an empty body and no content type reads {}",
      "DELETE",
      { body: "", contentType: null },
      {},
    ],
    [
      "DELETE with an empty query object is fine",
      "DELETE",
      { query: {}, body: '{"a":1}', contentType: json },
      { a: 1 },
    ],
    [
      "DELETE with an empty query string is fine",
      "DELETE",
      { query: "?", body: '{"a":1}', contentType: json },
      { a: 1 },
    ],
    [
      "DELETE: __proto__ dropped",
      "DELETE",
      { body: '{"__proto__":{"polluted":1},"a":1}', contentType: json },
      { a: 1 },
    ],
  ])("%s", (_name, method, input, expected) => {
    expect(readRequestParams(method, input)).toStrictEqual(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("queryOnBodyMethods 'ignore' drops query parameters of a DELETE", () => {
    const input = { query: "status=failed", body: '{"status":"awaiting_sync"}', contentType: json };
    expect(readRequestParams("DELETE", input, { queryOnBodyMethods: "ignore" })).toStrictEqual({
      status: "awaiting_sync",
    });
  });
});

describe("readRequestParams: bad requests", () => {
  it.each<[string, string, RequestParamsInput, Problem]>([
    [
      "wrong content type → 415",
      "DELETE",
      { body: "status=failed", contentType: "application/x-www-form-urlencoded" },
      {
        type: "about:blank",
        title: "Unsupported Media Type",
        status: 415,
        detail: "The request body must be JSON, sent with Content-Type: application/json.",
        code: "unsupported_media_type",
      },
    ],
    [
      "missing content type with a body → 415",
      "POST",
      { body: '{"a":1}' },
      {
        type: "about:blank",
        title: "Unsupported Media Type",
        status: 415,
        detail: "The request body must be JSON, sent with Content-Type: application/json.",
        code: "unsupported_media_type",
      },
    ],
    [
      "form body a framework already parsed → 415",
      "POST",
      { body: { a: "1" }, contentType: "application/x-www-form-urlencoded" },
      {
        type: "about:blank",
        title: "Unsupported Media Type",
        status: 415,
        detail: "The request body must be JSON, sent with Content-Type: application/json.",
        code: "unsupported_media_type",
      },
    ],
    [
      "malformed JSON → 400",
      "DELETE",
      { body: '{"status":', contentType: json },
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail: "The request body is not valid UTF-8 JSON.",
        code: "malformed_json",
      },
    ],
    [
      "JSON that is not an object → 400",
      "DELETE",
      { body: '["awaiting_sync"]', contentType: json },
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail: "The request body must be a JSON object.",
        code: "body_not_object",
      },
    ],
    [
      "a DELETE filter in the query string → 400, never a wider delete",
      "DELETE",
      { query: "status=failed" },
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail:
          'Parameters of a DELETE request go in a JSON body, not the query string; found "status".',
        code: "parameter_in_query",
        parameter: "status",
      },
    ],
    [
      "a query object on a PATCH → 400",
      "patch",
      { query: { status: "failed" }, body: "{}", contentType: json },
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail:
          'Parameters of a PATCH request go in a JSON body, not the query string; found "status".',
        code: "parameter_in_query",
        parameter: "status",
      },
    ],
  ])("%s", (_name, method, input, expected) => {
    expect(problemOf(() => readRequestParams(method, input))).toStrictEqual(expected);
  });
});

describe("readRequestParams: zod validation", () => {
  const statuses = ["awaiting_sync", "completed", "failed"] as const;
  const listSchema = z.object({
    status: z.enum(statuses).optional(),
    page: z.coerce.number().int().optional(),
  });
  const deleteSchema = z.object({ status: z.enum(statuses) });
  /** The 400 for a missing or unknown status, naming the allowed values. */
  const statusProblem: Problem = {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail:
      'Invalid request parameters: "status": Invalid option: expected one of "awaiting_sync"|"completed"|"failed".',
    code: "validation_failed",
    parameter: "status",
    errors: [
      {
        parameter: "status",
        detail: 'Invalid option: expected one of "awaiting_sync"|"completed"|"failed"',
      },
    ],
  };

  it("returns the schema's output (typed)", () => {
    const params = readRequestParams(
      "GET",
      { query: "status=failed&page=2" },
      { schema: listSchema },
    );
    const status: "awaiting_sync" | "completed" | "failed" | undefined = params.status;
    expect([status, params.page]).toStrictEqual(["failed", 2]);
  });

  it("validates a DELETE body", () => {
    const input = { body: '{"status":"completed"}', contentType: json };
    expect(readRequestParams("DELETE", input, { schema: deleteSchema })).toStrictEqual({
      status: "completed",
    });
  });

  it.each<[string, string, RequestParamsInput, z.ZodType, Problem]>([
    ["unknown status in a GET filter", "GET", { query: "status=nope" }, listSchema, statusProblem],
    ["missing status in a DELETE body", "DELETE", {}, deleteSchema, statusProblem],
    [
      "nested path and several issues",
      "POST",
      { body: '{"items":[{"name":1}],"n":"x"}', contentType: json },
      z.object({ items: z.array(z.object({ name: z.string() })), n: z.number() }),
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail:
          'Invalid request parameters: "items.0.name": Invalid input: expected string, received number.',
        code: "validation_failed",
        parameter: "items.0.name",
        errors: [
          { parameter: "items.0.name", detail: "Invalid input: expected string, received number" },
          { parameter: "n", detail: "Invalid input: expected number, received string" },
        ],
      },
    ],
    [
      "a root-level issue has no parameter member",
      "POST",
      { body: '{"a":1}', contentType: json },
      z.object({ a: z.number() }).refine(() => false, "Nope"),
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        detail: "Invalid request parameters: Nope.",
        code: "validation_failed",
        errors: [{ parameter: "", detail: "Nope" }],
      },
    ],
  ])("%s → 400", (_name, method, input, schema, expected) => {
    expect(problemOf(() => readRequestParams(method, input, { schema }))).toStrictEqual(expected);
  });

  const one = z.strictObject({ name: z.string(), status: z.enum(statuses).optional() });
  const oneOrMany = z.union([one, z.array(one).min(1)]);
  it.each<[string, string, string, Problem["errors"]]>([
    [
      "a union reports the alternative that fits an object",
      '{"name":"x","status":"lost"}',
      'Invalid request parameters: "status": Invalid option: expected one of "awaiting_sync"|"completed"|"failed".',
      [
        {
          parameter: "status",
          detail: 'Invalid option: expected one of "awaiting_sync"|"completed"|"failed"',
        },
      ],
    ],
    [
      "a union reports the alternative that fits an array, with the index in the path",
      '[{"name":"x"},{"name":1}]',
      'Invalid request parameters: "1.name": Invalid input: expected string, received number.',
      [{ parameter: "1.name", detail: "Invalid input: expected string, received number" }],
    ],
    [
      "a union that no alternative fits keeps its own issue",
      "5",
      "Invalid request parameters: Invalid input.",
      [{ parameter: "", detail: "Invalid input" }],
    ],
  ])("%s", (_name, body, detail, errors) => {
    const problem = problemOf(() => validateParams(oneOrMany, JSON.parse(body)));
    expect([problem.detail, problem.errors]).toStrictEqual([detail, errors]);
  });

  it("refuses an async schema with a TypeError", () => {
    const schema = z.object({ a: z.string() }).refine(async () => true);
    expect(() => readRequestParams("GET", { query: "a=1" }, { schema })).toThrow(
      new TypeError("readRequestParams needs a synchronous schema (no async refinements)"),
    );
  });
});
