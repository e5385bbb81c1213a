import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { CompareCondition, Condition } from "../sql/condition.js";

/** The fragments of a predicate, each made once: Drizzle checks each fragment's class per page. */
const WORDS = {
  true: sql.raw("1 = 1"),
  false: sql.raw("1 = 0"),
  "is null": sql.raw(" is null"),
  "is not null": sql.raw(" is not null"),
  and: sql.raw(" and "),
  or: sql.raw(" or "),
  comma: sql.raw(", "),
} as const;
const OPERATORS: Record<CompareCondition["operator"], SQL> = {
  "<": sql.raw(" < "),
  "<=": sql.raw(" <= "),
  ">": sql.raw(" > "),
  ">=": sql.raw(" >= "),
  "=": sql.raw(" = "),
};

/**
 * A keyset plan's predicate in Drizzle's SQL, each of the cursor's values bound as a parameter:
 * a row value `(a, id) > ($1, $2)`, a comparison, `IS [NOT] NULL`, `AND`/`OR`.
 *
 * @param condition - a plan's `where` or one of its union's branches
 * @param column - the column at a place of the order
 * @param value - the cursor's value at a place, as the driver binds it
 * @example
 * ```ts
 * keysetWhere(plan.where, (place) => source.column(terms[place].column), (place) => values[place]);
 * ```
 */
export function keysetWhere(
  condition: Condition,
  column: (place: number) => SQLWrapper,
  value: (place: number) => unknown,
): SQL {
  switch (condition.kind) {
    case "constant":
      return condition.value ? WORDS.true : WORDS.false;
    case "null":
      return sql`${column(condition.column)}${WORDS[condition.negated ? "is not null" : "is null"]}`;
    case "compare": {
      const { columns, operator } = condition;
      const op = OPERATORS[operator];
      if (columns.length === 1) {
        const [place] = columns as [number];
        return sql`${column(place)}${op}${value(place)}`;
      }
      const left = sql.join(columns.map(column), WORDS.comma);
      const right = sql.join(
        columns.map((place) => sql.param(value(place))),
        WORDS.comma,
      );
      return sql`(${left})${op}(${right})`;
    }
    default: {
      const parts = condition.parts.map((part) => keysetWhere(part, column, value));
      return sql`(${sql.join(parts, WORDS[condition.kind])})`;
    }
  }
}
