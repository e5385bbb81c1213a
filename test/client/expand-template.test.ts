import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expandTemplate, type TemplateValues } from "../../src/client/index.js";

/** The RFC 6570 examples of the uritemplate-test suite (Apache-2.0, test/fixtures/uritemplate-test/LICENSE). */
type Suite = Record<
  string,
  { variables: TemplateValues; testcases: [string, string | string[]][] }
>;
const load = (file: string): Suite =>
  JSON.parse(
    readFileSync(new URL(`../fixtures/uritemplate-test/${file}`, import.meta.url), "utf8"),
  );

const rows = (suite: Suite) =>
  Object.entries(suite).flatMap(([group, { variables, testcases }]) =>
    testcases.map(
      ([template, expected]) => [group, template, variables, [expected].flat()] as const,
    ),
  );

describe.each(["spec-examples.json", "spec-examples-by-section.json"])("RFC 6570 %s", (file) => {
  it.each(rows(load(file)))("%s: %s", (_group, template, variables, accepted) => {
    expect(accepted).toContain(expandTemplate(template, variables));
  });
});

describe("expandTemplate: pagination links", () => {
  it.each<[string, TemplateValues, string]>([
    ["/items/?page=3{&page_size}", { page_size: 50 }, "/items/?page=3&page_size=50"],
    ["/items/?page=3{&page_size}", {}, "/items/?page=3"],
    ["/items/?page=3{&page_size}", { page_size: null }, "/items/?page=3"],
    ["/package/{owner}/{repo}/", { owner: "a/b", repo: "c d" }, "/package/a%2Fb/c%20d/"],
  ])("%s with %j", (template, values, expected) => {
    expect(expandTemplate(template, values)).toBe(expected);
  });
});
