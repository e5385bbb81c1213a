import { describe, expect, it } from "vitest";
import { type Condition, conditionText } from "../../src/sql/condition.js";

const writer = {
  column: (place: number) => `"c${place}"`,
  value: (place: number) => `:v${place}`,
};

describe("conditionText", () => {
  it.each<[string, Condition, string]>([
    ["TRUE", { kind: "constant", value: true }, "TRUE"],
    ["FALSE", { kind: "constant", value: false }, "FALSE"],
    ["IS NULL", { kind: "null", column: 1, negated: false }, '"c1" IS NULL'],
    ["IS NOT NULL", { kind: "null", column: 0, negated: true }, '"c0" IS NOT NULL'],
    ["one column", { kind: "compare", columns: [2], operator: "<=" }, '"c2" <= :v2'],
    [
      "a row value",
      { kind: "compare", columns: [1, 2], operator: ">" },
      '("c1", "c2") > (:v1, :v2)',
    ],
    [
      "AND inside OR, each parenthesized",
      {
        kind: "or",
        parts: [
          { kind: "compare", columns: [0], operator: "<" },
          {
            kind: "and",
            parts: [
              { kind: "compare", columns: [0], operator: "=" },
              { kind: "null", column: 1, negated: false },
            ],
          },
        ],
      },
      '("c0" < :v0 OR ("c0" = :v0 AND "c1" IS NULL))',
    ],
  ])("%s", (_name, condition, text) => {
    expect(conditionText(condition, writer)).toBe(text);
  });

  it("asks for the values in the order the text uses them", () => {
    const asked: number[] = [];
    const text = conditionText(
      {
        kind: "and",
        parts: [
          { kind: "compare", columns: [1, 0], operator: ">" },
          { kind: "compare", columns: [2], operator: "=" },
        ],
      },
      {
        column: writer.column,
        value: (place) => {
          asked.push(place);
          return "?";
        },
      },
    );
    expect([text, asked]).toStrictEqual(['(("c1", "c0") > (?, ?) AND "c2" = ?)', [1, 0, 2]]);
  });
});
