import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/index.js";
import {
  assertVersionOffPath,
  readVersion,
  type VersionOptions,
  versionSettings,
} from "../../src/params/api-version.js";

const reserved = { page: "the page parameter", page_size: "the page-size parameter" };
const settings = versionSettings({ served: ["v1", "v2"], default: "v1" }, reserved);

describe("versionSettings", () => {
  it.each<[string, VersionOptions, object]>([
    [
      "the defaults: param version, the newest served",
      { served: ["v1", "v2"] },
      { param: "version", served: ["v1", "v2"], default: "v2" },
    ],
    [
      "a default given",
      { served: ["v1", "v2"], default: "v1" },
      { param: "version", served: ["v1", "v2"], default: "v1" },
    ],
    [
      "a param of its own",
      { param: "api-version", served: ["2024-01"] },
      { param: "api-version", served: ["2024-01"], default: "2024-01" },
    ],
  ])("%s", (_name, options, resolved) => {
    expect(versionSettings(options, reserved)).toStrictEqual(resolved);
  });

  it.each<[string, unknown, string]>([
    ["not an object", "v1", 'version must be an object; got a string ("v1")'],
    [
      "a misspelt name",
      { serve: ["v1"] },
      'Unknown version option "serve"; did you mean "served"?',
    ],
    [
      "no served list",
      {},
      'version.served lists the versions served, oldest first, each once and as text: e.g. ["v1"]; got undefined',
    ],
    [
      "an empty list",
      { served: [] },
      'version.served lists the versions served, oldest first, each once and as text: e.g. ["v1"]; got []',
    ],
    [
      "a version twice",
      { served: ["v1", "v1"] },
      'version.served lists the versions served, oldest first, each once and as text: e.g. ["v1"]; got ["v1","v1"]',
    ],
    [
      "a version as a number",
      { served: [1] },
      'version.served lists the versions served, oldest first, each once and as text: e.g. ["v1"]; got [1]',
    ],
    [
      "an empty version",
      { served: [""] },
      'version.served lists the versions served, oldest first, each once and as text: e.g. ["v1"]; got [""]',
    ],
    [
      "a default not served",
      { served: ["v1"], default: "v2" },
      'version.default "v2" is not served: add it to version.served or pick one of "v1"',
    ],
    [
      "a param that is not a token",
      { param: "api version", served: ["v1"] },
      'version.param names the version parameter and the Accept parameter, so it is an HTTP token such as "version"; got "api version"',
    ],
    [
      "the page parameter's name",
      { param: "page", served: ["v1"] },
      'version.param "page" is also the page parameter: name the version parameter apart (version.param) or rename the other',
    ],
    [
      "the page size's name",
      { param: "page_size", served: ["v1"] },
      'version.param "page_size" is also the page-size parameter: name the version parameter apart (version.param) or rename the other',
    ],
  ])("refuses %s with a TypeError naming the fix", (_name, options, message) => {
    expect(() => versionSettings(options as VersionOptions, reserved)).toThrow(
      new TypeError(message),
    );
  });
});

describe("assertVersionOffPath", () => {
  it.each<[string, readonly string[], boolean]>([
    ["other path parameters", ["owner", "repo"], false],
    ["a path parameter named version", ["owner", "version"], true],
  ])("%s", (_name, names, throws) => {
    const check = () => assertVersionOffPath(settings, names);
    if (throws) {
      expect(check).toThrow(
        new TypeError(
          'version.param "version" is also a path parameter: name the version parameter apart (version.param) or rename the other',
        ),
      );
    } else expect(check).not.toThrow();
  });

  it("checks nothing for a resource without versions", () => {
    expect(() => assertVersionOffPath(undefined, ["version"])).not.toThrow();
  });
});

describe("readVersion", () => {
  it.each<[string, unknown, string | undefined, string]>([
    ["none named: the default", undefined, undefined, "v1"],
    ["null reads as absent", null, undefined, "v1"],
    ["the parameter", "v2", undefined, "v2"],
    ["the Accept header", undefined, "application/json; version=v2", "v2"],
    ["both, agreeing", "v2", "application/json; version=v2", "v2"],
    ["a repeat, agreeing", ["v2", "v2"], undefined, "v2"],
    ["Accept without the parameter", "v2", "application/json", "v2"],
  ])("%s", (_name, given, accept, version) => {
    expect(readVersion(settings, given, accept)).toBe(version);
  });

  const unsupported = (named: string) => ({
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: `Version ${named} is not served here; the versions served: "v1", "v2".`,
    code: "unsupported_version",
    parameter: "version",
  });
  const conflict = (a: string, b: string) => ({
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: `The request names two versions, "${a}" and "${b}"; name one, in the "version" parameter or the Accept header.`,
    code: "version_conflict",
    parameter: "version",
  });

  it.each<[string, unknown, string | undefined, object]>([
    ["a version not served", "v3", undefined, unsupported('"v3"')],
    ["empty", "", undefined, unsupported('""')],
    ["another letter case", "V1", undefined, unsupported('"V1"')],
    ["a number from a body", 1, undefined, unsupported("number 1")],
    ["an object from a body", { v: 1 }, undefined, unsupported("an object")],
    ["a long one, cut", "v".repeat(40), undefined, unsupported(`"${"v".repeat(32)}"…`)],
    ["not served in Accept", undefined, "application/json; version=v9", unsupported('"v9"')],
    [
      "the parameter and Accept disagree",
      "v1",
      "application/json; version=v2",
      conflict("v1", "v2"),
    ],
    ["a repeat disagrees", ["v1", "v2"], undefined, conflict("v1", "v2")],
    [
      "two Accept ranges disagree",
      undefined,
      "application/json; version=v2, */*; version=v1",
      conflict("v2", "v1"),
    ],
    ["disagreeing, neither served", "x", "application/json; version=y", conflict("x", "y")],
  ])("%s: a 400 problem", (_name, given, accept, problem) => {
    let thrown: unknown;
    try {
      readVersion(settings, given, accept);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PagewiseError);
    expect([(thrown as PagewiseError).status, (thrown as PagewiseError).problem]).toStrictEqual([
      400,
      problem,
    ]);
  });
});
