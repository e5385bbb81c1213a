import { describe, expect, it, vi } from "vitest";
import {
  badRequest,
  clientError,
  PROBLEM_STATUS,
  type ProblemCode,
  type ProblemStatus,
  STATUS_TITLES,
} from "../src/errors.js";
import { PagewiseError, PROBLEM_CONTENT_TYPE } from "../src/index.js";

describe("PagewiseError", () => {
  it.each<[ProblemCode, number, string]>([
    ["invalid_parameter", 400, "Bad Request"],
    ["unauthorized", 401, "Unauthorized"],
    ["not_found", 404, "Not Found"],
    ["page_out_of_range", 404, "Not Found"],
    ["method_not_allowed", 405, "Method Not Allowed"],
    ["unsupported_media_type", 415, "Unsupported Media Type"],
    ["service_unavailable", 503, "Service Unavailable"],
    ["deadline_exceeded", 503, "Service Unavailable"],
  ])("code %s answers its one status, %i, titled %j", (code, status, title) => {
    const error = new PagewiseError(code, "detail");
    expect([error.status, error.problem.status, error.problem.title]).toStrictEqual([
      status,
      status,
      title,
    ]);
  });

  it.each<[string, unknown[], string]>([
    ["a status before the code (the old order)", [418, "not_found", "x"], "number 418"],
    ["a code that is not one", ["teapot", "x"], 'a string ("teapot")'],
    ["an inherited name", ["toString", "x"], 'a string ("toString")'],
  ])("refuses %s: the status follows from the code", (_name, args, shown) => {
    const Construct = PagewiseError as unknown as new (...args: unknown[]) => PagewiseError;
    expect(() => new Construct(...args)).toThrow(
      new TypeError(
        `A PagewiseError takes a problem code, which fixes its status (e.g. "not_found" for 404); got ${shown}`,
      ),
    );
  });

  it("instanceof holds for an error from another copy of pagewise (a second module instance)", async () => {
    vi.resetModules();
    const cjs = await import("../src/errors.js");
    expect(cjs.PagewiseError).not.toBe(PagewiseError);
    const foreign = new cjs.PagewiseError("invalid_parameter", "x");
    expect([
      foreign instanceof PagewiseError,
      new PagewiseError("invalid_parameter", "x") instanceof cjs.PagewiseError,
    ]).toStrictEqual([true, true]);
    expect([
      new Error("x") instanceof PagewiseError,
      (null as unknown) instanceof PagewiseError,
      {} instanceof PagewiseError,
    ]).toStrictEqual([false, false, false]);
  });

  it("carries the status and an RFC 9457 problem, and is an Error", () => {
    const error = new PagewiseError("invalid_parameter", "Bad page.", { parameter: "page" });
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

/** The 4xx statuses of the IANA HTTP Status Code Registry, but 418 (Unused). */
const REGISTERED_4XX = [
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421,
  422, 423, 424, 425, 426, 428, 429, 431, 451,
];

describe("clientError", () => {
  it.each(REGISTERED_4XX)("keeps %i, with a code whose one status it is", (status) => {
    const { problem } = clientError(status);
    expect([problem.status, PROBLEM_STATUS[problem.code], problem.title]).toStrictEqual([
      status,
      status,
      STATUS_TITLES[status as ProblemStatus],
    ]);
    expect(problem.title).not.toBe("Error");
  });

  it.each([
    [414, "uri_too_long", "URI Too Long"],
    [431, "request_header_fields_too_large", "Request Header Fields Too Large"],
    [404, "not_found", "Not Found"],
    [400, "bad_request", "Bad Request"],
  ])("%i is %s, titled %j", (status, code, title) => {
    expect([clientError(status).problem.code, clientError(status).problem.title]).toStrictEqual([
      code,
      title,
    ]);
  });

  it.each([418, 419, 499])("reads %i, which the registry does not name, as 400", (status) => {
    expect(clientError(status).problem).toStrictEqual(badRequest().problem);
  });
});
