import type { Condition } from "./condition.js";
import type { OrderTerm } from "./order-by.js";

/**
 * An ORDER BY less what a predicate fixes for every row it selects, read from the leaves it ANDs
 * at its top (a lone leaf, or the parts of an AND): a column it holds NULL (`a IS NULL`) goes,
 * and a column it holds to values (`a >= ?`, `a = ?`, `a IS NOT NULL`) loses its `a IS NULL`
 * flag. MariaDB takes neither as a constant: it filesorts every row the predicate selects instead
 * of reading the index in order (measured in `test/mariadb/kysely.test.ts`). A term that is the
 * same on every row selected orders nothing, so the rows' order stays as it was.
 *
 * @param order - an ORDER BY, from `orderTerms`
 * @param where - a predicate of the plan: its single one, or a branch of its union
 * @example
 * ```ts
 * boundedOrder(orderTerms(columns, DIALECTS.mysql), { kind: "null", column: 0, negated: false });
 * // the order without its first term: `id DESC` for `-score` within the NULLs
 * ```
 */
export function boundedOrder(order: readonly OrderTerm[], where: Condition): readonly OrderTerm[] {
  const leaves = where.kind === "and" ? where.parts : [where];
  const isNull = new Set<number>();
  const valued = new Set<number>();
  for (const leaf of leaves) {
    if (leaf.kind === "null") (leaf.negated ? valued : isNull).add(leaf.column);
    if (leaf.kind === "compare" && leaf.columns.length === 1) valued.add(leaf.columns[0] as number);
  }
  return order
    .filter((term) => !isNull.has(term.place))
    .map((term) => (valued.has(term.place) ? { ...term, nullFlag: undefined } : term));
}
