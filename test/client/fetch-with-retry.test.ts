import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../../src/client/index.js";

describe("retryAfterMs", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  it.each<[string | null, number | undefined]>([
    [null, undefined],
    ["0", 0],
    ["3", 3000],
    [" 120 ", 120_000],
    ["Sat, 21 Nov 2026 12:00:05 GMT", 5000],
    ["Sat, 21 Nov 2026 11:00:00 GMT", 0],
    ["soon", undefined],
    ["-1", undefined],
    ["1.5", undefined],
  ])("%j → %s", (value, expected) => {
    expect(retryAfterMs(value, now)).toBe(expected);
  });
});
