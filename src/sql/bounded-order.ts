import type { Condition } from "./condition.js";
import type { OrderTerm } from "./order-by.js";

/**
 * A single predicate's ORDER BY less what the predicate's bound on the first column fixes: the
 * column itself within trailing NULLs (`a IS NULL AND …`: every row's `a` is NULL), its
 * `a IS NULL` flag behind a bound on its values (`a >= ? AND …`: no row's `a` is NULL). MariaDB
 * does not take either as a constant: it filesorts every row the predicate selects instead of
 * reading the index in order (measured in `test/mariadb/kysely.test.ts`). Dropping a term that is
 * the same on every row the predicate selects leaves the rows' order as it was.
 *
 * @param order - the plan's ORDER BY, from `orderTerms`
 * @param where - the plan's single predicate, from `keysetCondition`
 * @example
 * ```ts
 * boundedOrder(orderTerms(columns, DIALECTS.mysql), { kind: "and", parts: [{ kind: "null", column: 0, negated: false }, rest] });
 * // the order without its first term: `id DESC` for `-score` within the NULLs
 * ```
 */
export function boundedOrder(order: readonly OrderTerm[], where: Condition): readonly OrderTerm[] {
  const bound = where.kind === "and" ? where.parts[0] : undefined;
  if (bound?.kind === "null" && bound.column === 0 && !bound.negated) {
    return order.filter((term) => term.place !== 0);
  }
  const valued = bound?.kind === "compare" && bound.columns.length === 1 && bound.columns[0] === 0;
  if (!valued) return order;
  return order.map((term) => (term.place === 0 ? { ...term, nullFlag: undefined } : term));
}
