import { describe, expect, it } from "vitest";
import { compilePathPattern } from "../../src/adapter/index.js";

describe("compilePathPattern", () => {
  it.each<[string, string, Record<string, string> | undefined]>([
    ["/package/:owner/:repo/", "/package/demo/tools/", { owner: "demo", repo: "tools" }],
    ["/package/:owner/:repo/", "/package/demo/tools", { owner: "demo", repo: "tools" }],
    ["/package/:owner/:repo", "/package/demo/tools/", { owner: "demo", repo: "tools" }],
    [
      "/package/:owner/:repo/packages/",
      "/package/demo/tools/packages",
      { owner: "demo", repo: "tools" },
    ],
    ["/package/:owner/:repo/", "/package/d%20e/t%2Fo/", { owner: "d e", repo: "t/o" }],
    ["/package/:owner/:repo/", "/package/demo/", undefined],
    ["/package/:owner/:repo/", "/package/demo/tools/packages/", undefined],
    ["/package/:owner/:repo/", "/package//tools/", undefined],
    ["/package/:owner/:repo/", "/package/%E0%A4%A/tools/", undefined],
    ["/package/:owner/:repo/", "/Package/demo/tools/", undefined],
    ["/package/:owner/:repo/", "/package/demo/tools//", undefined],
    ["/", "/", {}],
    ["/", "", {}],
    ["/items/", "/items", {}],
    ["/items/", "/other", undefined],
  ])("%s matches %j → %j", (pattern, path, expected) => {
    expect(compilePathPattern(pattern)(path)).toStrictEqual(expected);
  });

  it("matches a 1 MB path in one pass", () => {
    expect(compilePathPattern("/a/:b/")(`/a/${"x".repeat(1_000_000)}/`)?.b).toHaveLength(1_000_000);
    expect(compilePathPattern("/a/:b/")(`/a/${"x/".repeat(500_000)}`)).toBeUndefined();
  });
});
