import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { type Condition, conditionText } from "../../sql/condition.js";

/** The name of the cursor's value at a place, as a named parameter of the query builder. */
const parameter = (place: number) => `pagewise_cursor_${place}`;

/**
 * A keyset condition as a query builder's predicate: SQL text over the columns at each place
 * (AND and OR parenthesized, a row value as `(a, b) > (:p0, :p1)`) and the cursor's values as
 * named parameters, each bound by the driver (never written into the text).
 *
 * @param condition - the tree, from `keysetPlan`
 * @param column - the SQL of the column (or its key) at a place
 * @param value - the cursor's value at a place, as it is bound
 * @returns the text and its parameters; `undefined` for `TRUE` (no predicate)
 * @example
 * ```ts
 * const where = keysetWhere(plan.where, (i) => refs[i], value);
 * if (where !== undefined) qb.andWhere(where.text, where.parameters);
 * ```
 */
export function keysetWhere(
  condition: Condition,
  column: (place: number) => string,
  value: (place: number) => unknown,
): { readonly text: string; readonly parameters: ObjectLiteral } | undefined {
  if (condition.kind === "constant" && condition.value) return undefined;
  const parameters: Record<string, unknown> = {};
  const text = conditionText(condition, {
    column,
    value: (place) => {
      parameters[parameter(place)] = value(place);
      return `:${parameter(place)}`;
    },
  });
  return { text, parameters };
}

/** A query builder's WHERE clauses, as TypeORM keeps them. */
interface Wheres {
  wheres: { type: string; condition: unknown }[];
}

/**
 * A copy of the user's query builder whose own WHERE is one parenthesized term: TypeORM writes
 * `where(a).orWhere(b).andWhere(c)` as `a OR b AND c`, so a predicate added to `where(a).orWhere(b)`
 * would bind to `b` alone. Its clauses are nested as `Brackets` nests them.
 *
 * @param qb - the user's query builder
 * @example
 * ```ts
 * guardedClone(qb).andWhere("(…)", parameters); // WHERE (a OR b) AND (…)
 * ```
 */
export function guardedClone<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
): SelectQueryBuilder<T> {
  const copy = qb.clone();
  const map = copy.expressionMap as unknown as Wheres;
  if (map.wheres.some((clause) => clause.type === "or"))
    map.wheres = [{ type: "simple", condition: map.wheres }];
  return copy;
}
