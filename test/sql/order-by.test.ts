import { describe, expect, it } from "vitest";
import { DIALECTS, type DialectName } from "../../src/sql/dialect.js";
import { dialectColumns } from "../../src/sql/dialect-columns.js";
import type { OrderColumn } from "../../src/sql/keyset-condition.js";
import { orderByText, orderTerms } from "../../src/sql/order-by.js";

const column = (ascending: boolean, nullable: boolean, nullsFirst: boolean): OrderColumn => ({
  name: "a",
  ascending,
  nullable,
  nullsFirst,
});
const id: OrderColumn = { name: "id", ascending: true, nullable: false, nullsFirst: false };

describe("orderTerms and orderByText", () => {
  it.each<[DialectName, OrderColumn, boolean, string]>([
    ["postgres", column(true, false, false), false, "a ASC, id ASC"],
    ["postgres", column(false, false, false), true, "a ASC, id DESC"],
    // PostgreSQL's own place: last ascending, first descending: no clause.
    ["postgres", column(true, true, false), false, "a ASC, id ASC"],
    ["postgres", column(false, true, true), false, "a DESC, id ASC"],
    ["postgres", column(true, true, true), false, "a ASC NULLS FIRST, id ASC"],
    ["postgres", column(true, true, true), true, "a DESC NULLS LAST, id DESC"],
    // SQLite's own place: first ascending.
    ["sqlite", column(true, true, true), false, "a ASC, id ASC"],
    ["sqlite", column(true, true, false), false, "a ASC NULLS LAST, id ASC"],
    ["sqlite", column(false, true, false), false, "a DESC, id ASC"],
    ["sqlite", column(false, true, true), false, "a DESC NULLS FIRST, id ASC"],
    // MySQL has no clause: `a IS NULL` first where NULLs move.
    ["mysql", column(true, true, true), false, "a ASC, id ASC"],
    ["mysql", column(true, true, false), false, "a IS NULL ASC, a ASC, id ASC"],
    ["mysql", column(false, true, true), false, "a IS NULL DESC, a DESC, id ASC"],
    ["mysql", column(false, true, false), true, "a ASC, id DESC"],
    ["mysql", column(false, true, true), true, "a IS NULL ASC, a ASC, id DESC"],
    ["mysql", column(true, false, false), false, "a ASC, id ASC"],
  ])("%s: %o backward %s: %s", (dialect, first, backward, text) => {
    const columns = [first, id];
    const terms = orderTerms(columns, DIALECTS[dialect], backward);
    expect(orderByText(terms, (place) => (columns[place] as OrderColumn).name)).toBe(text);
  });
});

describe("dialectColumns", () => {
  const unset = { name: "a", nullable: true, nullsSet: false };
  it.each<[DialectName, boolean, boolean]>([
    ["postgres", true, false],
    ["postgres", false, true],
    ["mysql", true, true],
    ["mysql", false, false],
    ["sqlite", true, true],
    ["sqlite", false, false],
  ])("%s, ascending %s: NULLs first %s where the order does not say", (name, ascending, first) => {
    const [column] = dialectColumns([{ ...unset, ascending, nullsFirst: !first }], DIALECTS[name]);
    expect(column?.nullsFirst).toBe(first);
    expect(orderTerms(column ? [column] : [], DIALECTS[name])[0]?.nulls).toBeUndefined();
  });

  it("keeps the place the order says", () => {
    const set = { ...unset, ascending: true, nullsFirst: false, nullsSet: true };
    expect(dialectColumns([set], DIALECTS.mysql)).toStrictEqual([set]);
  });

  it("gives a column already in the dialect's place as it is, and one copy of another", () => {
    const placed = { ...unset, ascending: true, nullsFirst: true };
    const moved = { ...unset, ascending: true, nullsFirst: false };
    const [first, copy] = dialectColumns([placed, moved], DIALECTS.sqlite);
    const [, again] = dialectColumns([placed, moved], DIALECTS.sqlite);
    const [, other] = dialectColumns([placed, moved], DIALECTS.postgres);
    expect([first === placed, copy === again, copy === moved, copy?.nullsFirst]).toStrictEqual([
      true,
      true,
      false,
      true,
    ]);
    expect([other === moved, moved.nullsFirst]).toStrictEqual([true, false]);
  });
});
