/** `growthRatio` itself: linear work reads under the tests' bound of 30, quadratic work over it. */
import { describe, expect, it } from "vitest";
import { growthRatio } from "./linear-growth.js";

const text = (n: number) => "ab".repeat(n / 2);
/** Reads every character once. */
const linear = (input: string) => {
  let count = 0;
  for (let i = 0; i < input.length; i++) if (input.charCodeAt(i) === 97) count++;
  return count;
};
/** Reads the whole input again for every hundredth character. */
const quadratic = (input: string) => {
  let found = 0;
  for (let i = 0; i < input.length; i += 100) found += input.indexOf("\0", i % 2);
  return found;
};

describe("growthRatio", () => {
  it.each([
    ["linear work", linear, false],
    ["quadratic work", quadratic, true],
  ] as const)("%s reads over 30: %s", (_name, run, over) => {
    expect(growthRatio(text, run) > 30).toBe(over);
  });
});
