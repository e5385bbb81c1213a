import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { Condition } from "../../sql/condition.js";

/** How {@link conditionExpression} writes a leaf: the column at a place, the cursor's value there. */
export interface LeafWriter {
  /** The column reference at a place (`created_at`, or qualified: `p.created_at`). */
  readonly column: (place: number) => string;
  /** The cursor's value at a place, as it is bound. */
  readonly value: (place: number) => unknown;
}

/** The kinds of value Kysely binds as they are on an operator's right (an array is a list). */
const PRIMITIVES = new Set(["string", "number", "bigint", "boolean"]);

/**
 * A keyset condition as a Kysely expression: each value bound (as it is where Kysely's operator
 * binds it so, a primitive; any other through `eb.val`), a row value as
 * `eb.refTuple(…) > eb.tuple(…)`, AND and OR as `eb.and` and `eb.or`.
 *
 * @param eb - the query's expression builder
 * @param condition - the tree, from `keysetPlan`
 * @param writer - the columns and values by place
 * @example
 * ```ts
 * query.where((eb) => conditionExpression(eb, plan.where, { column: (i) => refs[i], value: (i) => values[i] }));
 * ```
 */
export function conditionExpression<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  condition: Condition,
  writer: LeafWriter,
): Expression<SqlBool> {
  // Column names come from the list's checked order, not from the schema's types: `as never`.
  const ref = (place: number) => eb.ref(writer.column(place) as never);
  switch (condition.kind) {
    case "constant":
      return eb.lit(condition.value);
    case "null":
      return eb(ref(condition.column), condition.negated ? "is not" : "is", null);
    case "compare": {
      const { columns, operator } = condition;
      if (columns.length === 1) {
        const place = columns[0] as number;
        // As Kysely's own `eb(column, op, value)`: a reference and a value wrapped cost a
        // MariaDB page's build 4 µs more.
        const value = writer.value(place);
        const bound = PRIMITIVES.has(typeof value) ? value : eb.val(value);
        return eb(writer.column(place) as never, operator, bound as never);
      }
      // refTuple and tuple take any number of items; their types list up to five.
      const refs = columns.map((place) => writer.column(place)) as [never, never];
      const values = columns.map(writer.value) as [unknown, unknown];
      return eb(eb.refTuple(...refs), operator, eb.tuple(...values) as never);
    }
    default: {
      // An OR's FALSE and an AND's TRUE say nothing: left out of the SQL.
      const neutral = condition.kind === "and";
      const kept = condition.parts.filter((p) => !(p.kind === "constant" && p.value === neutral));
      if (kept.length === 1) return conditionExpression(eb, kept[0] as Condition, writer);
      const parts = kept.map((part) => conditionExpression(eb, part, writer));
      if (parts.length === 0) return eb.lit(neutral);
      return condition.kind === "and" ? eb.and(parts) : eb.or(parts);
    }
  }
}
