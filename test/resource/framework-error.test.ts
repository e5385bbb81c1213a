import { describe, expect, it } from "vitest";
import { frameworkError } from "../../src/adapters/index.js";
import { PagewiseError } from "../../src/index.js";

/** An error as frameworks make them: a message that is not for clients, and the given fields. */
const failure = (fields: Record<string, unknown>) =>
  Object.assign(new Error("at /srv/app/db.js: secret"), fields);

describe("frameworkError", () => {
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
      "body-parser failed verification",
      failure({ status: 403, type: "entity.verify.failed" }),
      [403, "forbidden", "The request was refused: 403 Forbidden."],
    ],
    [
      "Fastify parser error",
      { statusCode: 400, code: "FST_ERR_CTP_INVALID_JSON_BODY" },
      [400, "malformed_json", "The request body is not valid UTF-8 JSON."],
    ],
    [
      "Fastify 4's JSON parser: the SyntaxError, with a statusCode",
      Object.assign(new SyntaxError("Unexpected end of JSON input"), { statusCode: 400 }),
      [400, "malformed_json", "The request body is not valid UTF-8 JSON."],
    ],
    [
      "another 400",
      { status: 400, type: "request.aborted" },
      [400, "bad_request", "The request could not be read."],
    ],
    [
      "Express's malformed escape in a path parameter",
      failure({ status: 400, name: "URIError" }),
      [400, "bad_request", "The request could not be read."],
    ],
    [
      "Fastify 5's path parameter over maxParamLength",
      failure({ statusCode: 414, code: "FST_ERR_MAX_PARAM_LENGTH" }),
      [414, "uri_too_long", "The request was refused: 414 URI Too Long."],
    ],
    [
      "Fastify's malformed escape",
      failure({ statusCode: 400, code: "FST_ERR_BAD_URL" }),
      [400, "bad_request", "The request could not be read."],
    ],
    [
      "a 404 of its own",
      failure({ status: 404 }),
      [404, "not_found", "The request was refused: 404 Not Found."],
    ],
    [
      "a 401 of its own (without pagewise's challenge)",
      failure({ statusCode: 401 }),
      [401, "unauthorized", "The request was refused: 401 Unauthorized."],
    ],
    [
      "a 429 of its own",
      failure({ statusCode: 429 }),
      [429, "too_many_requests", "The request was refused: 429 Too Many Requests."],
    ],
    [
      "a 4xx the registry does not name (418): its class's 400",
      failure({ status: 418 }),
      [400, "bad_request", "The request could not be read."],
    ],
    [
      "a 499: its class's 400",
      failure({ statusCode: 499 }),
      [400, "bad_request", "The request could not be read."],
    ],
    [
      "status before statusCode, as Express reads them",
      failure({ status: 409, statusCode: 410 }),
      [409, "conflict", "The request was refused: 409 Conflict."],
    ],
    [
      "statusCode when status is not a number",
      failure({ status: "failed", statusCode: 410 }),
      [410, "gone", "The request was refused: 410 Gone."],
    ],
    ["a 500", { status: 500 }, undefined],
    ["a 503 in statusCode", failure({ statusCode: 503 }), undefined],
    ["a 399", { status: 399 }, undefined],
    ["a 500 with a 4xx statusCode beside it", { status: 500, statusCode: 400 }, undefined],
    ["a status in a string", { status: "414" }, undefined],
    ["a status that is not whole", { status: 404.5 }, undefined],
    ["NaN", { status: Number.NaN }, undefined],
    ["Infinity", { statusCode: Number.POSITIVE_INFINITY }, undefined],
    ["a plain Error", new Error("boom"), undefined],
    ["a string", "boom", undefined],
    ["null", null, undefined],
  ])("%s", (_name, error, expected) => {
    const result = frameworkError(error, 100);
    expect(result && [result.status, result.problem.code, result.problem.detail]).toStrictEqual(
      expected,
    );
    if (result) expect(JSON.stringify(result.problem)).not.toMatch(/secret|srv|FST_|URIError/);
  });

  it("passes a PagewiseError through", () => {
    const error = new PagewiseError("unauthorized", "x");
    expect(frameworkError(error, 1)).toBe(error);
  });
});
