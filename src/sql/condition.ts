/**
 * A keyset predicate as a tree, free of any SQL text and of the cursor's values: each leaf names
 * the order's columns by their place and stands for the cursor's value at the same place. A
 * dialect's text ({@link conditionText}) and a query builder's expressions are both written from it.
 */

/** A comparison of a column, or of a row of columns, with the cursor's values at their places. */
export interface CompareCondition {
  readonly kind: "compare";
  /** The places of the columns in the order: one, or several for a row value. */
  readonly columns: readonly number[];
  readonly operator: "=" | "<" | ">" | "<=" | ">=";
}

/** `column IS NULL`, or `IS NOT NULL` when `negated`. */
export interface NullCondition {
  readonly kind: "null";
  readonly column: number;
  readonly negated: boolean;
}

/** Conditions joined by AND or OR (always parenthesized as a whole). */
export interface JoinedCondition {
  readonly kind: "and" | "or";
  readonly parts: readonly Condition[];
}

/** `TRUE` (no cursor: every row) or `FALSE` (no row lies beyond). */
export interface ConstantCondition {
  readonly kind: "constant";
  readonly value: boolean;
}

/** A keyset predicate, or one of its parts. */
export type Condition = CompareCondition | NullCondition | JoinedCondition | ConstantCondition;

/** How {@link conditionText} writes the leaves: a column, and the cursor's value, by place. */
export interface ConditionWriter {
  /** The column at a place, quoted. */
  readonly column: (place: number) => string;
  /** The placeholder of the cursor's value at a place (called once per use, in order). */
  readonly value: (place: number) => string;
}

/**
 * A condition as SQL text: AND and OR parenthesized, a row value as `(a, b) > ($1, $2)`.
 *
 * @param condition - the tree
 * @param writer - how columns and values are written
 * @example
 * ```ts
 * conditionText(
 *   { kind: "compare", columns: [0, 1], operator: ">" },
 *   { column: (i) => ['"a"', '"id"'][i], value: (i) => `$${i + 1}` },
 * ); // '("a", "id") > ($1, $2)'
 * ```
 */
export function conditionText(condition: Condition, writer: ConditionWriter): string {
  switch (condition.kind) {
    case "constant":
      return condition.value ? "TRUE" : "FALSE";
    case "null":
      return `${writer.column(condition.column)} IS ${condition.negated ? "NOT " : ""}NULL`;
    case "compare": {
      const { columns, operator } = condition;
      if (columns.length === 1) {
        const place = columns[0] as number;
        return `${writer.column(place)} ${operator} ${writer.value(place)}`;
      }
      const left = columns.map(writer.column).join(", ");
      return `(${left}) ${operator} (${columns.map(writer.value).join(", ")})`;
    }
    default: {
      const parts = condition.parts.map((part) => conditionText(part, writer));
      return `(${parts.join(condition.kind === "and" ? " AND " : " OR ")})`;
    }
  }
}
