import { describe, expect, it, vi } from "vitest";
import { PagewiseError, PROBLEM_CONTENT_TYPE } from "../src/index.js";

describe("PagewiseError", () => {
  it.each<[number, string]>([
    [400, "Bad Request"],
    [401, "Unauthorized"],
    [404, "Not Found"],
    [405, "Method Not Allowed"],
    [415, "Unsupported Media Type"],
    [418, "Error"],
  ])("status %i is titled %j", (status, title) => {
    const error = new PagewiseError(status, "invalid_parameter", "detail");
    expect(error.problem.title).toBe(title);
  });

  it("instanceof holds for an error from another copy of pagewise (a second module instance)", async () => {
    vi.resetModules();
    const cjs = await import("../src/errors.js");
    expect(cjs.PagewiseError).not.toBe(PagewiseError);
    const foreign = new cjs.PagewiseError(400, "invalid_parameter", "x");
    expect([
      foreign instanceof PagewiseError,
      new PagewiseError(400, "invalid_parameter", "x") instanceof cjs.PagewiseError,
    ]).toStrictEqual([true, true]);
    expect([
      new Error("x") instanceof PagewiseError,
      (null as unknown) instanceof PagewiseError,
      {} instanceof PagewiseError,
    ]).toStrictEqual([false, false, false]);
  });

  it("carries the status and an RFC 9457 problem, and is an Error", () => {
    const error = new PagewiseError(400, "invalid_parameter", "Bad page.", { parameter: "page" });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.message, error.status]).toStrictEqual([
      "PagewiseError",
      "Bad page.",
      400,
    ]);
    expect(error.problem).toStrictEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "Bad page.",
      code: "invalid_parameter",
      parameter: "page",
    });
    expect(JSON.parse(JSON.stringify(error.problem))).toStrictEqual(error.problem);
    expect(PROBLEM_CONTENT_TYPE).toBe("application/problem+json");
  });
});
