import { describe, expect, it } from "vitest";
import { PagewiseError } from "../../src/index.js";
import { isAbsentBody, readJsonObject, withoutForbiddenKeys } from "../../src/params/json-body.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("readJsonObject", () => {
  it.each<[string, Parameters<typeof readJsonObject>[0], Record<string, unknown>]>([
    ["JSON text", '{"status":"awaiting_sync"}', { status: "awaiting_sync" }],
    ["UTF-8 bytes", bytes('{"name":"café"}'), { name: "café" }],
    ["pre-parsed object", { status: "failed" }, { status: "failed" }],
    ["__proto__ dropped", '{"__proto__":{"admin":true},"a":1}', { a: 1 }],
    [
      "constructor and prototype dropped",
      '{"constructor":{"prototype":{"x":1}},"prototype":1,"b":2}',
      { b: 2 },
    ],
    [
      "dropped at every depth",
      '{"a":{"__proto__":{"x":1},"b":[{"constructor":1,"c":2}]}}',
      { a: { b: [{ c: 2 }] } },
    ],
    ["text with a byte order mark", '\uFEFF{"a":1}', { a: 1 }],
    ["bytes with a byte order mark", new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), {}],
    ["pre-parsed with own __proto__", JSON.parse('{"__proto__":{"x":1},"k":"v"}'), { k: "v" }],
  ])("%s", (_name, body, expected) => {
    const result = readJsonObject(body);
    expect(result).toStrictEqual(expected);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("copies a pre-parsed body instead of changing it", () => {
    const parsed = JSON.parse('{"__proto__":1,"a":{"b":1}}');
    const result = readJsonObject(parsed);
    expect(Object.keys(parsed)).toStrictEqual(["__proto__", "a"]);
    expect(result.a).not.toBe(parsed.a);
  });

  it("handles 100,000 levels of nesting without a stack overflow", () => {
    const deep = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    let node: unknown = readJsonObject(deep);
    let depth = 0;
    while (typeof node === "object" && node !== null) {
      node = (node as { a: unknown }).a;
      depth++;
    }
    expect([depth, node]).toStrictEqual([100_000, 1]);
  });

  it.each<[string, Parameters<typeof readJsonObject>[0], string, string]>([
    ["malformed JSON", '{"a":', "malformed_json", "The request body is not valid UTF-8 JSON."],
    [
      "invalid UTF-8",
      new Uint8Array([0x7b, 0xff, 0x7d]),
      "malformed_json",
      "The request body is not valid UTF-8 JSON.",
    ],
    [
      "trailing garbage",
      '{"a":1} x',
      "malformed_json",
      "The request body is not valid UTF-8 JSON.",
    ],
    ["an array", "[1,2]", "body_not_object", "The request body must be a JSON object."],
    ["a string", '"x"', "body_not_object", "The request body must be a JSON object."],
    ["a number", "42", "body_not_object", "The request body must be a JSON object."],
    ["null", "null", "body_not_object", "The request body must be a JSON object."],
    ["pre-parsed array", [1], "body_not_object", "The request body must be a JSON object."],
  ])("%s → 400", (_name, body, code, detail) => {
    let caught: unknown;
    try {
      readJsonObject(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PagewiseError);
    expect((caught as PagewiseError).problem).toStrictEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail,
      code,
    });
  });
});

describe("withoutForbiddenKeys", () => {
  it("refuses a cycle instead of looping", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => withoutForbiddenKeys(cyclic)).toThrow(
      new TypeError("A parsed body holds a cycle or a shared object"),
    );
  });

  it("refuses a function", () => {
    expect(() => withoutForbiddenKeys({ f: () => 1 })).toThrow(
      new TypeError("A parsed body holds a value that JSON cannot"),
    );
  });
});

describe("isAbsentBody", () => {
  it.each<[unknown, boolean]>([
    [undefined, true],
    [null, true],
    ["", true],
    [new Uint8Array(0), true],
    [" ", false],
    ["{}", false],
    [new Uint8Array([1]), false],
    [{}, false],
  ])("%j → %s", (body, expected) => {
    expect(isAbsentBody(body as Parameters<typeof isAbsentBody>[0])).toBe(expected);
  });
});
