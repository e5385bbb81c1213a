import { describe, expect, expectTypeOf, it } from "vitest";
import { compilePathPattern } from "../../src/adapters/index.js";
import {
  assertPlainPattern,
  isParameterName,
  type PathParams,
  pathParameterNames,
  segmentParameterName,
} from "../../src/http/path-pattern.js";

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

describe("pathParameterNames", () => {
  it.each<[string, string[]]>([
    ["/package/:owner/:repo/packages/", ["owner", "repo"]],
    ["/:file.:ext", ["file", "ext"]],
    ["/near/:lat-:lng/", ["lat", "lng"]],
    ["/:a/:a/", ["a"]],
    ["/:_x9/:9/:/", ["_x9"]],
    ["/items/", []],
    ["", []],
    ["*", []],
  ])("%j names %j", (pattern, names) => {
    expect(pathParameterNames(pattern)).toStrictEqual(names);
  });
});

describe("segmentParameterName and isParameterName: the one reading of a name", () => {
  it.each<[string, string | undefined]>([
    [":owner", "owner"],
    [":_x9", "_x9"],
    [":9", undefined],
    [":", undefined],
    [":a-b", undefined],
    [":file.:ext", undefined],
    ["owner", undefined],
    ["{owner}", undefined],
    ["", undefined],
  ])("segment %j is the parameter %j", (segment, name) => {
    expect(segmentParameterName(segment)).toBe(name);
    if (segment.startsWith(":")) expect(isParameterName(segment.slice(1))).toBe(name !== undefined);
  });

  it("reads the names compilePathPattern and pathParameterNames read", () => {
    const pattern = "/a/:_x9/:9/:b-c/:d";
    expect(pathParameterNames(pattern)).toStrictEqual(["_x9", "b", "d"]);
    expect(compilePathPattern(pattern)("/a/1/:9/:b-c/4")).toStrictEqual({ _x9: "1", d: "4" });
  });
});

describe("PathParams", () => {
  it("has a string for each name pathParameterNames reads, and no other", () => {
    type Repo = { readonly owner: string; readonly repo: string };
    expectTypeOf<PathParams<"/package/:owner/:repo/packages/">>().toEqualTypeOf<Repo>();
    expectTypeOf<PathParams<"/package/:owner/:repo">>().toEqualTypeOf<Repo>();
    expectTypeOf<PathParams<"/:file.:ext">>().toEqualTypeOf<{
      readonly file: string;
      readonly ext: string;
    }>();
    expectTypeOf<PathParams<"/near/:lat-:lng/">>().toEqualTypeOf<{
      readonly lat: string;
      readonly lng: string;
    }>();
    expectTypeOf<PathParams<"/:a/:a/">>().toEqualTypeOf<{ readonly a: string }>();
    expectTypeOf<PathParams<"/:_x9/:9/:/">>().toEqualTypeOf<{ readonly _x9: string }>();
    // biome-ignore lint/complexity/noBannedTypes: a pattern without parameters gives none
    expectTypeOf<PathParams<"/items/">>().toEqualTypeOf<{}>();
  });

  it("is a record of strings for a pattern only known as a string", () => {
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Readonly<Record<string, string>>>();
    expectTypeOf<PathParams>().toEqualTypeOf<Readonly<Record<string, string>>>();
  });
});

describe("assertPlainPattern", () => {
  it.each(["/", "/items/", "/package/:owner/:repo/packages/", "/:file.:ext", "/a-b/:c_d/"])(
    "passes %j",
    (pattern) => {
      expect(() => assertPlainPattern(pattern)).not.toThrow();
    },
  );

  it.each<[string, string, string]>([
    ["Express 4's optional", "/items/:id?", "?"],
    ["Express 5's optional", "/items{/:id}", "{"],
    ["a wildcard", "/files/*", "*"],
    ["Express 5's named wildcard", "/files/*path", "*"],
    ["a pattern-matched parameter", "/items/:id(\\d+)", "("],
    ["a repeated parameter", "/items/:id+", "+"],
  ])("refuses %s: %j", (_name, pattern, char) => {
    expect(() => assertPlainPattern(pattern)).toThrow(
      new TypeError(
        `The pattern ${JSON.stringify(pattern)} has "${char}": only plain :name parameters are read alike by every adapter; for an optional one, define a resource per route ("/items/" and "/items/:id/")`,
      ),
    );
  });
});
