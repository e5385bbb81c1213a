import { boundedOrder } from "./bounded-order.js";
import type { Condition } from "./condition.js";
import type { Dialect } from "./dialect.js";
import { dialectColumns, type PlacedColumn } from "./dialect-columns.js";
import {
  type KeysetCursor,
  keysetBranches,
  keysetCondition,
  keysetLead,
} from "./keyset-condition.js";
import { type OrderTerm, orderTerms } from "./order-by.js";

/** A keyset page's query in one dialect, free of SQL text: what a builder writes it from. */
export interface KeysetPlan<C extends PlacedColumn = PlacedColumn> {
  /** The order's columns in the dialect (NULLs where it puts them unless the order says). */
  readonly columns: readonly C[];
  /** The predicate, in the dialect's best single shape (`TRUE` without a cursor). */
  readonly where: Condition;
  /**
   * Where the dialect reads one predicate's shape as more than one index range and gains by a
   * UNION ALL (PostgreSQL and SQLite, for mixed directions or nullable columns): the branches,
   * each queried with its own ORDER BY and LIMIT, merged by an outer one. Otherwise `undefined`:
   * query `where`.
   */
  readonly union: readonly Condition[] | undefined;
  /**
   * With a union: its branch nearest the cursor, whose rows open the page. Run it alone first;
   * when it fills the page (`limit` rows), the page is its rows, and only otherwise the union.
   */
  readonly lead: Condition | undefined;
  /** The ORDER BY, reversed for a page before its cursor (reverse the rows it gives). */
  readonly order: readonly OrderTerm[];
}

/**
 * The plan of a keyset page in a dialect: the predicate's shape that dialect's planner turns into
 * an index range (a row value on PostgreSQL and SQLite; written out on MariaDB, whose planner
 * scans a row value), a union of ranges where one predicate would read more than the page, and
 * the ORDER BY with NULLs where the order puts them (on MariaDB, less the terms the predicate's
 * bound on the first column fixes: `boundedOrder`).
 *
 * @param columns - the order, its unique tie-breaker last
 * @param cursor - the side and the cursor's NULLs, or `undefined` for the first page
 * @param dialect - the dialect
 * @example
 * ```ts
 * const plan = keysetPlan(terms, { backward: false, nulls: [false, false] }, DIALECTS.mysql);
 * plan.union; // undefined: MariaDB reads the written-out predicate as ranges
 * ```
 */
export function keysetPlan<C extends PlacedColumn>(
  columns: readonly C[],
  cursor: KeysetCursor | undefined,
  dialect: Dialect,
): KeysetPlan<C> {
  const placed = dialectColumns(columns, dialect);
  const where = keysetCondition(placed, cursor, dialect.rowValueRange);
  const order = orderTerms(placed, dialect, cursor?.backward ?? false);
  const oneRange = where.kind === "compare" || where.kind === "constant";
  const single = { columns: placed, where, union: undefined, lead: undefined, order };
  // MariaDB filesorts an ORDER BY term the predicate fixes; the others read it as a constant.
  if (!dialect.nullsClause) return { ...single, order: boundedOrder(order, where) };
  if (!dialect.unionOfRanges || oneRange) return single;
  const branches = keysetBranches(placed, cursor, dialect.rowValueRange);
  if (branches.length < 2) return { ...single, where: branches[0] as Condition };
  const lead = keysetLead(placed, cursor, dialect.rowValueRange);
  return { columns: placed, where, union: branches, lead, order };
}
