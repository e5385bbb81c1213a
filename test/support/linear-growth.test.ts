/** `growthRatio` itself: linear work reads under the tests' bound (`LINEAR_MOST`), quadratic work over it. */
import { describe, expect, it } from "vitest";
import { growthRatio, LINEAR_MOST } from "./linear-growth.js";

const text = (n: number) => "ab".repeat(n / 2);
/** Reads every character once. */
const linear = (input: string) => {
  let count = 0;
  for (let i = 0; i < input.length; i++) if (input.charCodeAt(i) === 97) count++;
  return count;
};
/** Reads the rest of the input again from every hundredth character. */
const quadratic = (input: string) => {
  let count = 0;
  for (let i = 0; i < input.length; i += 100)
    for (let j = i; j < input.length; j++) if (input.charCodeAt(j) === 97) count++;
  return count;
};

describe("growthRatio", () => {
  it.each([
    ["linear work", linear, false],
    ["quadratic work", quadratic, true],
  ] as const)("%s reads over LINEAR_MOST: %s", (_name, run, over) => {
    expect(growthRatio(text, run) > LINEAR_MOST).toBe(over);
  });
});
