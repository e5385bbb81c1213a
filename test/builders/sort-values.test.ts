import { describe, expect, it } from "vitest";
import { sortSettings } from "../../src/sort/sort-option.js";
import type { SortTerm } from "../../src/sort/sort-order.js";
import { readSort } from "../../src/sort/sort-param.js";
import {
  carriedValues,
  carryHiddenValues,
  carryValues,
  rowSortValues,
} from "../../src/resource/carried-values.js";

describe("carryValues", () => {
  it("keeps a row's values out of its JSON, keys, spreads and equality, for its own object only", () => {
    const row = carryValues({ id: 7 }, ["2026-01-02 03:04:05.123456+00", 7]);
    expect([JSON.stringify(row), Object.keys(row), carriedValues(row)]).toStrictEqual([
      '{"id":7}',
      ["id"],
      ["2026-01-02 03:04:05.123456+00", 7],
    ]);
    expect(row).toStrictEqual({ id: 7 });
    expect(carriedValues({ ...row })).toBeUndefined();
    expect(carriedValues({ id: 7 })).toBeUndefined();
  });

  it("gives a row carried twice its last values", () => {
    const row = carryValues(carryValues({ id: 7 }, [1]), [2]);
    expect(carriedValues(row)).toStrictEqual([2]);
  });

  it.each([null, undefined, 7, "row"])("gives nothing for %s", (row) => {
    expect(carriedValues(row)).toBeUndefined();
  });
});

describe("carryHiddenValues", () => {
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
    const [own] = carryHiddenValues([row, { ...row }], terms(sort));
    expect([own, Object.keys(own ?? {}), carriedValues(own)]).toStrictEqual([
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
    const carried = carryHiddenValues(rows, terms("created_at"), (row, place) =>
      place === 0 ? row.at : String(row.id),
    );
    expect(carried.map((row) => [row, carriedValues(row)])).toStrictEqual([
      [{ id: 1, at: "a" }, ["a", "1"]],
      [{ id: 2, at: "b" }, ["b", "2"]],
    ]);
    expect(carried.map((row, i) => row === rows[i])).toStrictEqual([true, true]);
    expect(carryHiddenValues([], terms("created_at"))).toStrictEqual([]);
  });

  it("copies rows that cannot take a member (frozen by a plugin or a cache)", () => {
    const rows = [Object.freeze({ id: 1, created_at: "a" }), { id: 2, created_at: "b" }];
    const carried = carryHiddenValues(rows, terms("created_at"), (row, place) =>
      place === 0 ? row.created_at : String(row.id),
    );
    expect(carried.map((row, i) => [row, row === rows[i], carriedValues(row)])).toStrictEqual([
      [{ id: 1, created_at: "a" }, false, ["a", "1"]],
      [{ id: 2, created_at: "b" }, false, ["b", "2"]],
    ]);
  });
});

describe("rowSortValues", () => {
  const terms = readSort(sortSettings({ fields: { name: true }, tieBreaker: "id" }), "name").terms;

  it.each<[string, object, unknown[]]>([
    ["a row carrying values: those", carryValues({ id: 1, name: "a" }, ["b", 2]), ["b", 2]],
    ["a row carrying none: its members", { id: 1, name: "a" }, ["a", 1]],
  ])("%s", (_name, row, values) => {
    expect(rowSortValues(row, terms)).toStrictEqual(values);
  });
});
