import { describe, expect, it } from "vitest";
import { lostDigits } from "../../src/sql/lost-digits.js";

describe("lostDigits", () => {
  it.each([
    [2 ** 53 + 2, true],
    [-(2 ** 53) - 2, true],
    [1.5, true],
    [Number.NaN, true],
    [2 ** 53 - 1, false],
    [42, false],
    [0, false],
    [2n ** 63n - 1n, false],
    ["9007199254740993", false],
    [null, false],
    [undefined, false],
  ] as const)("%s: %s", (value, lost) => {
    expect(lostDigits(value)).toBe(lost);
  });
});
