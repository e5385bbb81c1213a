import { type SQL, sql } from "drizzle-orm";
import type { Condition } from "../sql/condition.js";

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
  column: (place: number) => SQL,
  value: (place: number) => unknown,
): SQL {
  switch (condition.kind) {
    case "constant":
      return condition.value ? sql`1 = 1` : sql`1 = 0`;
    case "null":
      return sql`${column(condition.column)} ${sql.raw(condition.negated ? "is not null" : "is null")}`;
    case "compare": {
      const { columns, operator } = condition;
      const bound = (place: number) => sql`${value(place)}`;
      const left = sql.join(columns.map(column), sql`, `);
      const right = sql.join(columns.map(bound), sql`, `);
      return columns.length === 1
        ? sql`${left} ${sql.raw(operator)} ${right}`
        : sql`(${left}) ${sql.raw(operator)} (${right})`;
    }
    default: {
      const parts = condition.parts.map((part) => keysetWhere(part, column, value));
      return sql`(${sql.join(parts, sql.raw(condition.kind === "and" ? " and " : " or "))})`;
    }
  }
}
