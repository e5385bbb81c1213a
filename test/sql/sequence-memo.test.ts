import { describe, expect, it } from "vitest";
import { sequenceMemo } from "../../src/sql/sequence-memo.js";

describe("sequenceMemo", () => {
  const [a, b] = [{}, {}];

  it.each<[string, [readonly object[], number][], number[]]>([
    [
      "the same objects and number: made once",
      [
        [[a, b], 0],
        [[a, b], 0],
      ],
      [1, 1],
    ],
    [
      "another number: made apart",
      [
        [[a, b], 0],
        [[a, b], 1],
      ],
      [1, 2],
    ],
    [
      "objects in another order: made apart",
      [
        [[a, b], 0],
        [[b, a], 0],
      ],
      [1, 2],
    ],
    [
      "a sequence and its prefix: made apart",
      [
        [[a, b], 0],
        [[a], 0],
        [[a, b], 0],
      ],
      [1, 2, 1],
    ],
    [
      "no objects: one value per number",
      [
        [[], 0],
        [[], 0],
        [[], -1],
      ],
      [1, 1, 2],
    ],
  ])("%s", (_name, calls, made) => {
    const memo = sequenceMemo<number>();
    let count = 0;
    expect(calls.map(([keys, key]) => memo(keys, key, () => ++count))).toStrictEqual(made);
  });
});
