import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortSettings } from "../../src/sort/sort-option.js";
import { readSort } from "../../src/sort/sort-param.js";
import { rowValues, sortRows } from "../../src/sort/sort-rows.js";

const settings = sortSettings({
  fields: { name: true, size: { nullable: true }, rank: { nullable: true, nulls: "first" } },
  tieBreaker: { column: "id", type: "bigint" },
});
const rows = [
  { id: 3n, name: "b", size: null, rank: 2 },
  { id: 1n, name: "a", size: 5, rank: null },
  { id: 10n, name: "b", size: 5, rank: 1 },
  { id: 2n, name: "a", size: null, rank: null },
];
const ids = (sort: string) =>
  sortRows(readSort(settings, sort).terms, rows).map((r) => Number(r.id));

describe("sortRows: rows in the order chosen, as PostgreSQL sorts them", () => {
  it.each<[string, number[]]>([
    ["", [1, 2, 3, 10]],
    ["name", [1, 2, 3, 10]],
    ["-name", [10, 3, 2, 1]],
    ["size", [1, 10, 2, 3]], // NULLs last ascending
    ["-size", [3, 2, 10, 1]], // and first descending
    ["rank", [1, 2, 10, 3]], // nulls: "first" ascending
    ["-rank", [3, 10, 2, 1]],
    ["name,-size", [2, 1, 3, 10]],
  ])("sort=%j: ids %j", (sort, expected) => {
    expect(ids(sort)).toStrictEqual(expected);
  });

  it("reads a missing property as NULL and a bigint as its digits", () => {
    expect(rowValues(readSort(settings, "size").terms, { id: 9007199254740993n })).toStrictEqual([
      null,
      "9007199254740993",
    ]);
  });

  it("gives a permutation in which each row is ordered against the next", () => {
    const row = fc.record({
      id: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }),
      name: fc.constantFrom("a", "b", "é"),
      size: fc.option(fc.integer({ min: 0, max: 3 })),
      rank: fc.option(fc.integer({ min: 0, max: 3 })),
    });
    const sorts = fc.constantFrom("", "name", "-size", "rank,-name", "-rank,size", "size,name");
    fc.assert(
      fc.property(
        fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 30 }),
        sorts,
        (given, sort) => {
          const { terms } = readSort(settings, sort);
          const sorted = sortRows(terms, given);
          expect([...sorted].sort((a, b) => (a.id < b.id ? -1 : 1))).toStrictEqual(
            [...given].sort((a, b) => (a.id < b.id ? -1 : 1)),
          );
          for (let i = 1; i < sorted.length; i++) {
            const [a, b] = [sorted[i - 1], sorted[i]];
            const before = terms.find((t) => {
              const [x, y] = [rowValues([t], a)[0], rowValues([t], b)[0]];
              return x !== y;
            });
            expect(before).toBeDefined(); // no two rows tie: the tie-breaker decides
          }
        },
      ),
    );
  });
});
