import { describe, expect, it } from "vitest";
import { problemResponse } from "../../src/adapters/index.js";
import { PagewiseError } from "../../src/index.js";

describe("problemResponse", () => {
  it("answers with the status, problem+json and its length, the error's headers and the problem", () => {
    const error = new PagewiseError("method_not_allowed", "No.", {}, { Allow: "GET, OPTIONS" });
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
