import { describe, expect, it } from "vitest";
import { sendsParamsInBody } from "../../src/http/methods.js";

describe("sendsParamsInBody", () => {
  it.each<[string, boolean]>([
    ["DELETE", true],
    ["PATCH", true],
    ["POST", true],
    ["PUT", true],
    ["delete", true],
    ["Patch", true],
    ["GET", false],
    ["HEAD", false],
    ["OPTIONS", false],
    ["TRACE", false],
    ["PROPFIND", false],
    ["", false],
  ])("%s → %s", (method, expected) => {
    expect(sendsParamsInBody(method)).toBe(expected);
  });
});
