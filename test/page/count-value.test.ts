/** Capped counts: exact at or below the cap, a bound above it; counts read and told apart. */
import { describe, expect, it } from "vitest";
import { capCount, countField, type ReadCount, readCount } from "../../src/page/count-value.js";

describe("capCount", () => {
  it.each<[number, number, unknown]>([
    [0, 10_000, 0],
    [9_999, 10_000, 9_999],
    [10_000, 10_000, 10_000],
    [10_001, 10_000, { atLeast: 10_001 }],
    [0, 0, 0],
    [1, 0, { atLeast: 1 }],
  ])("%i rows counted with a cap of %i: %j", (counted, cap, expected) => {
    expect(capCount(counted, cap)).toStrictEqual(expected);
  });

  it.each<[number, number, string]>([
    [1, -1, "cap must be a whole number of at least 0; got number -1"],
    [1.5, 10, "counted must be a whole number of at least 0; got number 1.5"],
  ])("refuses counted %d with a cap of %d", (counted, cap, message) => {
    expect(() => capCount(counted, cap)).toThrow(new RangeError(message));
  });
});

describe("readCount", () => {
  it.each<[unknown, unknown]>([
    [0, { exact: 0 }],
    [42, { exact: 42 }],
    [{ atLeast: 10_001 }, { atLeast: 10_001 }],
    [{ estimate: 0 }, { estimate: 0 }],
  ])("%j is %j", (count, expected) => {
    expect(readCount(count)).toStrictEqual(expected);
  });
});

describe("countField", () => {
  it.each<[ReadCount, unknown]>([
    [{ exact: 3 }, { count: 3 }],
    [{ atLeast: 10_001 }, { countAtLeast: 10_001 }],
    [{ estimate: 0 }, { countEstimate: 0 }],
  ])("%j is the page's field %j", (count, expected) => {
    expect(countField(count)).toStrictEqual(expected);
  });
});
