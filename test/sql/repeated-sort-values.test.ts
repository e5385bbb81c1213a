/**
 * A cursor page's rows with two of the same sort values, the tie-breaker's included (a join to
 * many), are refused: `assertDistinctSortValues` compares each row with the one before it.
 */
import { describe, expect, it } from "vitest";
import type { SortTerm } from "../../src/sort/sort-order.js";
import { assertDistinctSortValues } from "../../src/sql/repeated-sort-values.js";

const terms = (...columns: string[]) => columns.map((column) => ({ column }) as SortTerm);
const value = (row: readonly unknown[], place: number) => row[place];
const ERROR = new Error(
  `pagewise: two rows of a cursor page have the same sort values (name, id): the tie-breaker "id" is not unique in the query's rows (a join to many?), and a cursor would skip rows. Make the tie-breaker a key unique in the rows (the many side's own), or give each its one row (aggregate the many side)`,
);

describe("assertDistinctSortValues", () => {
  it.each<[string, unknown[][]]>([
    ["no rows", []],
    ["one row", [["a", 1]]],
    [
      "one name, two ids",
      [
        ["a", 1],
        ["a", 2],
      ],
    ],
    [
      "two names, one id",
      [
        ["a", 1],
        ["b", 1],
      ],
    ],
    [
      "NULL names, two ids",
      [
        [null, 1],
        [null, 2],
      ],
    ],
    [
      "two times, one id",
      [
        [new Date(1), 1],
        [new Date(2), 1],
      ],
    ],
    [
      "a repeat apart (not in the page's order)",
      [
        ["a", 1],
        ["b", 2],
        ["a", 1],
      ],
    ],
  ])("takes %s", (_name, rows) => {
    expect(() => assertDistinctSortValues(rows, terms("name", "id"), value)).not.toThrow();
  });

  it.each<[string, unknown[][]]>([
    [
      "one name and id twice",
      [
        ["a", 1],
        ["a", 1],
      ],
    ],
    [
      "after others",
      [
        ["a", 1],
        ["b", 2],
        ["b", 2],
      ],
    ],
    [
      "NULL and an id twice",
      [
        [null, 7],
        [null, 7],
      ],
    ],
    [
      "one time (two dates) and an id twice",
      [
        [new Date(5), 3],
        [new Date(5), 3],
      ],
    ],
    [
      "a bigint twice",
      [
        ["a", 9007199254740993n],
        ["a", 9007199254740993n],
      ],
    ],
  ])("refuses %s", (_name, rows) => {
    expect(() => assertDistinctSortValues(rows, terms("name", "id"), value)).toThrow(ERROR);
  });
});
