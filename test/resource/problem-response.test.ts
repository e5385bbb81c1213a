import { describe, expect, it } from "vitest";
import { frameworkBodyError, problemResponse } from "../../src/adapter/index.js";
import { PagewiseError } from "../../src/index.js";

describe("problemResponse", () => {
  it("answers with the status, problem+json and its length, the error's headers and the problem", () => {
    const error = new PagewiseError(
      405,
      "method_not_allowed",
      "No.",
      {},
      { Allow: "GET, OPTIONS" },
    );
    expect(problemResponse(error)).toStrictEqual({
      status: 405,
      headers: {
        "Content-Type": "application/problem+json",
        "Content-Length": "107",
        Allow: "GET, OPTIONS",
      },
      body: '{"type":"about:blank","title":"Method Not Allowed","status":405,"detail":"No.","code":"method_not_allowed"}',
    });
  });
});

describe("frameworkBodyError", () => {
  it.each<[string, unknown, [number, string, string] | undefined]>([
    [
      "body-parser parse failure",
      { status: 400, type: "entity.parse.failed" },
      [400, "malformed_json", "The request body is not valid UTF-8 JSON."],
    ],
    [
      "body-parser too large",
      { status: 413, type: "entity.too.large" },
      [413, "payload_too_large", "The request body is larger than 100 bytes."],
    ],
    [
      "body-parser bad charset",
      { status: 415, type: "charset.unsupported" },
      [
        415,
        "unsupported_media_type",
        "The request body must be JSON, sent with Content-Type: application/json.",
      ],
    ],
    [
      "Fastify parser error",
      { statusCode: 400, code: "FST_ERR_CTP_INVALID_JSON_BODY" },
      [400, "malformed_json", "The request body is not valid UTF-8 JSON."],
    ],
    [
      "another 400",
      { status: 400, type: "request.aborted" },
      [400, "bad_request", "The request could not be read."],
    ],
    ["a 500", { status: 500 }, undefined],
    ["a plain Error", new Error("boom"), undefined],
    ["a string", "boom", undefined],
    ["null", null, undefined],
  ])("%s", (_name, error, expected) => {
    const result = frameworkBodyError(error, 100);
    expect(result && [result.status, result.problem.code, result.problem.detail]).toStrictEqual(
      expected,
    );
  });

  it("passes a PagewiseError through", () => {
    const error = new PagewiseError(401, "unauthorized", "x");
    expect(frameworkBodyError(error, 1)).toBe(error);
  });
});
