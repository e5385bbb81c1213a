import { describe, expect, it } from "vitest";
import { acceptParameter } from "../../src/http/accept-parameter.js";
import { growthRatio, LINEAR_MOST } from "../support/linear-growth.js";

describe("acceptParameter", () => {
  it.each<[string, string | undefined, string[]]>([
    ["no header", undefined, []],
    ["Cloudsmith's form", "application/json; version=v1", ["v1"]],
    ["no parameter", "application/json", []],
    ["the name in any letter case, spaces around", "application/json ; VERSION = v2 ", ["v2"]],
    ["a quoted value, an escape read", 'application/json; version="v\\"2"', ['v"2']],
    ["a comma inside quotes", 'application/json; version="a,b", text/html', ["a,b"]],
    ["every range, in order", "application/json; version=v1, */*; version=v2", ["v1", "v2"]],
    ["after the weight", "application/json; q=0.5; version=v1", ["v1"]],
    ["a range refused (q=0) gives none", "application/json; version=v1; q=0, text/html", []],
    ["q=0.000 refuses too", "application/json; q=0.000; version=v1", []],
    ["other parameters", "application/json; charset=utf-8; versions=v9", []],
    ["a parameter without a value", "application/json; version", [""]],
    ["an empty value", "application/json; version=", [""]],
    ["an unterminated quote", 'application/json; version="v1', ["v1"]],
    ["garbage", ';;;,,,=;"', []],
    ["a name of other characters", "application/json; ver-sion=v1", []],
  ])("%s", (_name, header, values) => {
    expect(acceptParameter(header, "version")).toStrictEqual(values);
  });

  it("reads another name", () => {
    expect(acceptParameter("application/json; api-version=2024-01", "API-Version")).toStrictEqual([
      "2024-01",
    ]);
  });

  it("reads a long hostile header in linear time", () => {
    const make = (n: number) => `${"a/b; x=\\".repeat(n / 9)}, application/json; version=v1`;
    expect(acceptParameter(make(450_000), "version")).toStrictEqual(["v1"]);
    expect(growthRatio(make, (header) => acceptParameter(header, "version"))).toBeLessThan(
      LINEAR_MOST,
    );
  });
});
