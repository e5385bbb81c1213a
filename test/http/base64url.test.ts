import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "../../src/http/base64url.js";

describe("base64url", () => {
  it.each<[number[], string]>([
    [[], ""],
    [[0xfb, 0xff], "-_8"],
    [[104, 105], "aGk"],
    [[0, 0, 0], "AAAA"],
  ])("%j ↔ %j", (bytes, text) => {
    expect(toBase64Url(new Uint8Array(bytes))).toBe(text);
    expect([...(fromBase64Url(text) ?? [])]).toStrictEqual(bytes);
  });

  it.each(["a+b", "a/b", "ab==", "a", "a b", "ä"])("refuses %j", (text) => {
    expect(fromBase64Url(text)).toBeUndefined();
  });

  it("writes any bytes as Node's base64url does", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(toBase64Url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
      }),
    );
  });

  it("round-trips any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(fromBase64Url(toBase64Url(bytes))).toStrictEqual(bytes);
      }),
    );
  });
});
