import { describe, expect, it } from "vitest";
import { boundedOrder } from "../../src/sql/bounded-order.js";
import type { Condition } from "../../src/sql/condition.js";
import type { OrderTerm } from "../../src/sql/order-by.js";

const ORDER: readonly OrderTerm[] = [
  { place: 0, descending: false, nulls: undefined, nullFlag: "asc" },
  { place: 1, descending: false, nulls: undefined, nullFlag: undefined },
];
const REST: Condition = { kind: "or", parts: [{ kind: "compare", columns: [1], operator: ">" }] };
const and = (bound: Condition): Condition => ({ kind: "and", parts: [bound, REST] });

describe("boundedOrder", () => {
  it.each<[string, Condition, readonly OrderTerm[]]>([
    [
      "within trailing NULLs: the first column goes",
      and({ kind: "null", column: 0, negated: false }),
      [ORDER[1] as OrderTerm],
    ],
    [
      "behind a bound on the values: the flag goes",
      and({ kind: "compare", columns: [0], operator: ">=" }),
      [{ ...(ORDER[0] as OrderTerm), nullFlag: undefined }, ORDER[1] as OrderTerm],
    ],
    ["no bound (NULLs ahead): as it was", REST, ORDER],
    [
      "IS NOT NULL: the flag goes",
      and({ kind: "null", column: 0, negated: true }),
      [{ ...(ORDER[0] as OrderTerm), nullFlag: undefined }, ORDER[1] as OrderTerm],
    ],
    [
      "a lone IS NULL, as a union's branch: the column goes",
      { kind: "null", column: 0, negated: false },
      [ORDER[1] as OrderTerm],
    ],
    ["a row value is no bound", and({ kind: "compare", columns: [0, 1], operator: ">" }), ORDER],
    ["no cursor: as it was", { kind: "constant", value: true }, ORDER],
    [
      "an OR whose every part holds the column to values (no bound): the flag goes",
      {
        kind: "or",
        parts: [
          { kind: "compare", columns: [0], operator: ">" },
          {
            kind: "and",
            parts: [
              { kind: "compare", columns: [0], operator: "=" },
              { kind: "compare", columns: [1], operator: ">" },
            ],
          },
        ],
      },
      [{ ...(ORDER[0] as OrderTerm), nullFlag: undefined }, ORDER[1] as OrderTerm],
    ],
    [
      "an OR with a part of NULLs and a part of values: as it was",
      {
        kind: "or",
        parts: [
          { kind: "compare", columns: [0], operator: ">" },
          { kind: "null", column: 0, negated: false },
        ],
      },
      ORDER,
    ],
    [
      "an OR of nothing (FALSE) and the NULLs: the column goes",
      {
        kind: "or",
        parts: [
          { kind: "constant", value: false },
          {
            kind: "and",
            parts: [
              { kind: "null", column: 0, negated: false },
              { kind: "compare", columns: [1], operator: ">" },
            ],
          },
        ],
      },
      [ORDER[1] as OrderTerm],
    ],
    ["FALSE alone (no row): as it was", { kind: "constant", value: false }, ORDER],
  ])("%s", (_name, where, expected) => {
    expect(boundedOrder(ORDER, where)).toStrictEqual(expected);
  });
});
