/** The totals a list last counted, by its filters: kept, renewed, bounded. */
import { describe, expect, it } from "vitest";
import {
  LONGEST_FILTERS_KEPT,
  listTotal,
  MOST_TOTALS_KEPT,
} from "../../src/resource/list-totals.js";

describe("listTotal", () => {
  it("knows no total until one is kept, then the last kept, for the same list and filters only", () => {
    const list = {};
    const other = {};
    expect(listTotal(list, [{ owner: "ada" }]).known).toBeUndefined();
    listTotal(list, [{ owner: "ada" }]).keep(25);
    listTotal(list, [{ owner: "ada" }]).keep(24);
    expect([
      listTotal(list, [{ owner: "ada" }]).known,
      listTotal(list, [{ owner: "bob" }]).known,
      listTotal(other, [{ owner: "ada" }]).known,
    ]).toStrictEqual([24, undefined, undefined]);
  });

  it(`keeps ${MOST_TOTALS_KEPT} filters a list, forgetting the one kept longest ago`, () => {
    const list = {};
    for (let i = 0; i <= MOST_TOTALS_KEPT; i++) listTotal(list, [i]).keep(i);
    listTotal(list, [1]).keep(1); // kept again: the newest
    listTotal(list, [MOST_TOTALS_KEPT + 1]).keep(7);
    expect([0, 1, 2, 3, MOST_TOTALS_KEPT + 1].map((i) => listTotal(list, [i]).known)).toStrictEqual(
      [undefined, 1, undefined, 3, 7],
    );
  });

  it.each<[string, unknown]>([
    ["filters longer than the longest kept", ["x".repeat(LONGEST_FILTERS_KEPT)]],
    ["filters JSON cannot write (a bigint)", [{ id: 1n }]],
  ])("keeps nothing for %s", (_name, filters) => {
    const list = {};
    listTotal(list, filters).keep(25);
    expect(listTotal(list, filters).known).toBeUndefined();
  });
});
