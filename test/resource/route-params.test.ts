import { describe, expect, it } from "vitest";
import { assertRouteParams } from "../../src/resource/route-params.js";

describe("assertRouteParams", () => {
  it.each<[string, string, Record<string, string> | undefined]>([
    ["every name given", "/package/:owner/:repo/", { owner: "o", repo: "r" }],
    ["more than the names (a prefix's)", "/:repo/", { owner: "o", repo: "r" }],
    ["an empty value", "/:owner/", { owner: "" }],
    ["no names, no parameters", "/items/", undefined],
  ])("passes %s", (_name, pattern, pathParams) => {
    expect(() => assertRouteParams(pattern, pathParams)).not.toThrow();
  });

  it.each<[string, string, Record<string, unknown> | undefined, string]>([
    ["no parameters", "/package/:owner/", undefined, "owner"],
    ["a name missing", "/package/:owner/:repo/", { owner: "o" }, "repo"],
    ["another route's names", "/package/:owner/", { user: "o" }, "owner"],
    ["an optional parameter left out (Express)", "/:id/", { id: undefined }, "id"],
    ["a name only inherited", "/:constructor/", {}, "constructor"],
  ])("throws for %s", (_name, pattern, pathParams, name) => {
    expect(() => assertRouteParams(pattern, pathParams as Record<string, string>)).toThrow(
      new TypeError(
        `The resource defined for ${JSON.stringify(pattern)} got no "${name}" path parameter: mount it on a route that names :${name}`,
      ),
    );
  });
});
