/** `growthRatio` itself: linear work reads under the tests' bound (`LINEAR_MOST`), super-linear work over it. */
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

const pairs = (n: number) => `${"a&".repeat(n / 2)}b=1`;
/** Splits a query at `&`, looking for each pair's `=` with an `indexOf` that runs past the pair. */
const unboundedSplit = (query: string) => {
  const names: string[] = [];
  for (let start = 0; start < query.length; ) {
    const amp = query.indexOf("&", start);
    const end = amp < 0 ? query.length : amp;
    const eq = query.indexOf("=", start);
    names.push(query.slice(start, eq < 0 || eq > end ? end : eq));
    start = end + 1;
  }
  return names;
};

describe("growthRatio", () => {
  it.each([
    ["linear work", false, text, linear],
    ["quadratic work", true, text, quadratic],
    ["a split scanning to the end for each pair without =", true, pairs, unboundedSplit],
  ] as const)("%s reads over LINEAR_MOST: %s", (_name, over, make, run) => {
    expect(growthRatio(make, run) > LINEAR_MOST).toBe(over);
  });
});
