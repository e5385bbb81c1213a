import { describe, expect, it } from "vitest";
import { PROBLEM_CONTENT_TYPE } from "../../src/errors.js";
import { jsonResponse } from "../../src/resource/json-response.js";

describe("jsonResponse", () => {
  it.each<[string, unknown, string | undefined, Record<string, string>, string]>([
    [
      "JSON with its length",
      { deleted: 3n },
      undefined,
      { "Content-Type": "application/json", "Content-Length": "13" },
      '{"deleted":3}',
    ],
    [
      "the length in UTF-8 bytes, not characters",
      ["café", "😀"],
      undefined,
      { "Content-Type": "application/json", "Content-Length": "16" },
      '["café","😀"]',
    ],
    [
      "another media type",
      { code: "x" },
      PROBLEM_CONTENT_TYPE,
      { "Content-Type": "application/problem+json", "Content-Length": "12" },
      '{"code":"x"}',
    ],
  ])("writes %s", (_title, value, type, headers, body) => {
    expect(jsonResponse(201, { Allow: "GET" }, value, type)).toStrictEqual({
      status: 201,
      headers: { Allow: "GET", ...headers },
      body,
    });
  });

  it("throws the 500 problem for a value it cannot write", () => {
    const value: Record<string, unknown> = {};
    value.self = value;
    expect(() => jsonResponse(200, {}, value)).toThrow(
      "The request was carried out, but its result could not be written as JSON.",
    );
  });
});
