import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8Length } from "../../src/http/utf8-length.js";

describe("utf8Length", () => {
  it.each<[string, string, number]>([
    ["empty", "", 0],
    ["ASCII", '{"id":1}', 8],
    ["two-byte", "café", 5],
    ["three-byte", "€", 3],
    ["a pair: four bytes", "😀", 4],
    ["a lone high surrogate: U+FFFD", "\ud800x", 4],
    ["a lone low surrogate: U+FFFD", "\udc00", 3],
    ["a high surrogate at the end", "a\ud83d", 4],
    ["mixed", "a€😀é", 10],
    // Longer than the 16 KiB buffer it is encoded into, a part at a time.
    ["20,000 ASCII characters", "a".repeat(20_000), 20_000],
    ["a pair across the buffer's end", `${"a".repeat(16_383)}😀${"é".repeat(10_000)}`, 36_387],
    ["three-byte characters across parts", "€".repeat(12_000), 36_000],
    ["a lone surrogate across the buffer's end", `${"a".repeat(16_383)}\ud800b`, 16_387],
  ])("%s", (_title, text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });

  it("is TextEncoder's length for any string, lone surrogates included", () => {
    const encoder = new TextEncoder();
    const unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(unit, fc.string({ unit: "binary" })) }), (text) => {
        expect(utf8Length(text)).toBe(encoder.encode(text).length);
      }),
    );
  });
});
