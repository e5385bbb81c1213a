import { describe, expect, it } from "vitest";
import { takeSortValues } from "../../src/builders/sort-values.js";
import { sortSettings } from "../../src/sort/sort-option.js";
import type { SortTerm } from "../../src/sort/sort-order.js";
import { readSort } from "../../src/sort/sort-param.js";

describe("takeSortValues", () => {
  const terms = (sort: string): readonly SortTerm[] =>
    readSort(
      sortSettings({
        fields: { created_at: { type: "timestamp" }, score: true },
        tieBreaker: { column: "id", type: "bigint" },
      }),
      sort,
    ).terms;

  it.each<[string, string, Record<string, unknown>, Record<string, unknown>, unknown[]]>([
    [
      "a timestamp and a bigint id, read as text",
      "-created_at",
      { id: 1, created_at: "x", pagewisevalxa: "2026-01-02 03:04:05.123456", pagewisevalxb: "1" },
      { id: 1, created_at: "x" },
      ["2026-01-02 03:04:05.123456", "1"],
    ],
    [
      "a json column's safe bigint (better-sqlite3's safe integers) as a number",
      "score",
      { id: 2n, score: 5n, pagewisevalxa: 5n, pagewisevalxb: "2" },
      { id: 2n, score: 5n },
      [5, "2"],
    ],
    [
      "a json column's unsafe bigint as it is (the cursor refuses it, asking for its type)",
      "score",
      { id: 3, pagewisevalxa: 2n ** 60n, pagewisevalxb: "3" },
      { id: 3 },
      [2n ** 60n, "3"],
    ],
    [
      "a union's keys, taken off too",
      "score",
      { id: 4, pagewisevalxa: null, pagewisekeyxa: null, pagewisevalxb: "4", pagewisekeyxb: 4 },
      { id: 4 },
      [null, "4"],
    ],
  ])("%s", (_name, sort, row, answered, values) => {
    const { items, values: taken } = takeSortValues([row, { ...row }], terms(sort));
    const [own] = items;
    expect([own, Object.keys(own ?? {}), taken[0]]).toStrictEqual([
      answered,
      Object.keys(answered),
      values,
    ]);
  });

  it("reads each row's values with `read` where given, answers rows with nothing hidden as they are, and a page of none as none", () => {
    const rows = [
      { id: 1, at: "a" },
      { id: 2, at: "b" },
    ];
    const { items, values } = takeSortValues(rows, terms("created_at"), (row, place) =>
      place === 0 ? row.at : String(row.id),
    );
    expect(items.map((row, i) => [row, values[i]])).toStrictEqual([
      [{ id: 1, at: "a" }, ["a", "1"]],
      [{ id: 2, at: "b" }, ["b", "2"]],
    ]);
    expect(items.map((row, i) => row === rows[i])).toStrictEqual([true, true]);
    expect(takeSortValues([], terms("created_at"))).toStrictEqual({ items: [], values: [] });
  });

  it("answers frozen rows (a plugin's or a cache's) as they are: nothing is written on a row", () => {
    const rows = [Object.freeze({ id: 1, created_at: "a" }), { id: 2, created_at: "b" }];
    const { items, values } = takeSortValues(rows, terms("created_at"), (row, place) =>
      place === 0 ? row.created_at : String(row.id),
    );
    expect(items.map((row, i) => [row, row === rows[i], values[i]])).toStrictEqual([
      [{ id: 1, created_at: "a" }, true, ["a", "1"]],
      [{ id: 2, created_at: "b" }, true, ["b", "2"]],
    ]);
  });
});
