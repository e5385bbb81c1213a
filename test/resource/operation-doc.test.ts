/** A method's `openapi` option is checked when the resource is defined, never on a request. */
import { describe, expect, it } from "vitest";
import { PROBLEM_STATUS } from "../../src/errors.js";
import { defineResource, json, list } from "../../src/index.js";

const rows = () => [];
const codes = Object.keys(PROBLEM_STATUS)
  .filter((code) => code !== "method_not_allowed")
  .join(", ");

describe("a method's openapi option", () => {
  it.each<[string, unknown, string]>([
    ["not an object", "listing", 'GET\'s openapi must be an object; got a string ("listing")'],
    [
      "an unknown field",
      { sumary: "x" },
      'Unknown GET\'s openapi field "sumary"; did you mean "summary"?',
    ],
    [
      "a summary that is not text",
      { summary: 3 },
      "GET's openapi.summary must be text; got number 3",
    ],
    [
      "tags that are not text",
      { tags: "a" },
      'GET\'s openapi.tags must be an array of text; got a string ("a")',
    ],
    [
      "deprecated as text",
      { deprecated: "yes" },
      'GET\'s openapi.deprecated must be true or false; got a string ("yes")',
    ],
    [
      "noContent as text",
      { noContent: "no" },
      'GET\'s openapi.noContent must be true or false; got a string ("no")',
    ],
    [
      "noContent on a list",
      { noContent: true },
      "GET's openapi.noContent is for a json method: a list never answers 204",
    ],
    [
      "a response that is not a schema",
      { response: "row" },
      'GET\'s openapi.response must be a zod schema or a JSON Schema object; got a string ("row")',
    ],
    [
      "an unknown problem code",
      { problems: ["teapot"] },
      `GET's openapi.problems must be an array of problem codes a defined method answers (${codes}); got a string ("teapot")`,
    ],
    [
      "method_not_allowed, which a defined method never answers",
      { problems: ["method_not_allowed"] },
      `GET's openapi.problems must be an array of problem codes a defined method answers (${codes}); got a string ("method_not_allowed")`,
    ],
    [
      "an empty operationId",
      { operationId: "" },
      'GET\'s openapi.operationId must be text; got a string ("")',
    ],
    [
      "an array as the response",
      { response: [] },
      "GET's openapi.response must be a zod schema or a JSON Schema object; got an array",
    ],
  ])("refuses %s when the resource is defined", (_name, openapi, message) => {
    const define = () =>
      defineResource({ GET: list({ openapi: openapi as never, handler: rows }) });
    expect(define).toThrow(new TypeError(message));
  });

  it("refuses noContent: false on a json method of status 204 (it always answers 204)", () => {
    const define = () =>
      defineResource({
        DELETE: json({ status: 204, openapi: { noContent: false }, handler: rows }),
      });
    expect(define).toThrow(
      new TypeError("DELETE's openapi.noContent cannot be false: its status is 204"),
    );
  });

  it("takes every field on every kind of method, and noContent on a json method", () => {
    const openapi = {
      summary: "s",
      description: "d",
      operationId: "o",
      tags: ["t"],
      deprecated: false,
      response: { type: "object" },
      problems: ["not_found" as const],
    };
    const ofJson = { ...openapi, noContent: false };
    const resource = defineResource({
      GET: list({ openapi, handler: rows }),
      POST: json({ openapi: ofJson, handler: rows }),
    });
    expect([resource.methods.GET?.openapi, resource.methods.POST?.openapi]).toStrictEqual([
      openapi,
      ofJson,
    ]);
  });
});
