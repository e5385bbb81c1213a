import { boundedOrder } from "./bounded-order.js";
import type { Condition } from "./condition.js";
import type { Dialect } from "./dialect.js";
import { dialectColumns, type PlacedColumn } from "./dialect-columns.js";
import {
  type KeysetCursor,
  keysetBranches,
  keysetCondition,
  keysetLead,
  keysetLeadSpansField,
} from "./keyset-condition.js";
import { type OrderTerm, orderTerms } from "./order-by.js";
import { sequenceMemo } from "./sequence-memo.js";

/**
 * A union's branch nearest the cursor, as it is queried alone: its predicate and its ORDER BY.
 * Whenever it comes back full it is the page (see `leadFirst`).
 */
export interface KeysetLead {
  /** One of the union's branches: the one whose rows open the page. */
  readonly where: Condition;
  /** Its ORDER BY: the branch's own, as in `branchOrders`. */
  readonly order: readonly OrderTerm[];
}

/** A keyset page's query in one dialect, free of SQL text: what a builder writes it from. */
export interface KeysetPlan<C extends PlacedColumn = PlacedColumn> {
  /** The order's columns in the dialect (NULLs where it puts them unless the order says). */
  readonly columns: readonly C[];
  /** The predicate, in the dialect's best single shape (`TRUE` without a cursor). */
  readonly where: Condition;
  /**
   * Where the dialect reads one predicate's shape as more than one index range and gains by a
   * UNION ALL (PostgreSQL and SQLite, for mixed directions or nullable columns; MariaDB, for a
   * first column whose NULLs are set contrary to its place and still ahead): the branches,
   * each queried with its own ORDER BY and LIMIT, merged by an outer one. Otherwise `undefined`:
   * query `where`.
   */
  readonly union: readonly Condition[] | undefined;
  /**
   * With a union: its branch nearest the cursor, whose rows open the page, with its ORDER BY.
   * Run it alone first; when it fills the page (`limit` rows), the page is its rows, and only
   * otherwise the union (`leadFirst`).
   */
  readonly lead: KeysetLead | undefined;
  /** The ORDER BY, reversed for a page before its cursor (reverse the rows it gives). */
  readonly order: readonly OrderTerm[];
  /**
   * With a union: each branch's own ORDER BY, in the union's order (on MariaDB, `order` less
   * what the branch fixes: `boundedOrder`; elsewhere `order`). The outer query sorts by `order`.
   */
  readonly branchOrders: readonly (readonly OrderTerm[])[] | undefined;
}

/**
 * The plan of a keyset page in a dialect: the predicate's shape that dialect's planner turns into
 * an index range (a row value on PostgreSQL and SQLite; written out on MariaDB, whose planner
 * scans a row value, with no bound ahead of its OR, which it reads as ranges itself), a union of
 * ranges where one predicate would read more than the page, and the ORDER BY with NULLs where the
 * order puts them (on MariaDB, less the terms the predicate fixes: `boundedOrder`).
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
  if (columns.length > MEMO_COLUMNS) return planOf(columns, cursor, dialect);
  const key =
    cursor === undefined
      ? -1
      : cursor.nulls.reduce((bits, n, i) => (n ? bits | (2 << i) : bits), +cursor.backward);
  return PLANS([dialect, ...columns], key, () => planOf(columns, cursor, dialect)) as KeysetPlan<C>;
}

/**
 * Each plan made once per dialect, order's columns (a list's own objects, made when it is
 * defined), side and NULLs of the cursor: planning a page cost it 1.3 µs (PostgreSQL, SQLite) to
 * 8.8 µs (MariaDB, which bounds its ORDER BY by what the predicate fixes).
 */
const PLANS = sequenceMemo<KeysetPlan>();
/** The most columns whose cursor's NULLs and side fit the memo's number key (31 bits and a sign). */
const MEMO_COLUMNS = 30;

/** {@link keysetPlan}, made anew. */
function planOf<C extends PlacedColumn>(
  columns: readonly C[],
  cursor: KeysetCursor | undefined,
  dialect: Dialect,
): KeysetPlan<C> {
  const placed = dialectColumns(columns, dialect);
  // Where no union of ranges pays, the planner reads the written-out predicate's OR as ranges
  // itself (MariaDB): no bound ahead of it (the same plan, one comparison and value less).
  const where = keysetCondition(placed, cursor, dialect.rowValueRange, dialect.unionOfRanges);
  const order = orderTerms(placed, dialect, cursor?.backward ?? false);
  const oneRange = where.kind === "compare" || where.kind === "constant";
  const single = { columns: placed, where, union: undefined, lead: undefined, order };
  const plan = { ...single, branchOrders: undefined };
  if (!dialect.nullsClause) return flaggedPlan(plan, cursor, dialect);
  if (!dialect.unionOfRanges || oneRange || cursor === undefined) return plan;
  const branches = keysetBranches(placed, cursor, dialect.rowValueRange);
  if (branches.length < 2) return { ...plan, where: branches[0] as Condition };
  const lead = leadOf(placed, cursor, dialect, order);
  const branchOrders = branches.map(() => order);
  return { columns: placed, where, union: branches, lead, order, branchOrders };
}

/**
 * A plan on a dialect without a NULLS clause (MariaDB): one predicate ordered by `boundedOrder`;
 * but where its first column's `IS NULL` flag still orders it (NULLs set contrary to MariaDB's
 * place, still ahead of the walk), no index serves it, so a UNION ALL of the branches, each
 * ordered without what it fixes: one range of the values, one of the NULLs.
 */
function flaggedPlan<C extends PlacedColumn>(
  plan: KeysetPlan<C>,
  cursor: KeysetCursor | undefined,
  dialect: Dialect,
): KeysetPlan<C> {
  const order = boundedOrder(plan.order, plan.where);
  if (order[0]?.place !== 0 || order[0].nullFlag === undefined) return { ...plan, order };
  if (cursor === undefined) {
    // The first page: the values and the NULLs, the lead whichever the order puts first.
    const [values, nulls]: Condition[] = [true, false].map((negated) => ({
      kind: "null",
      column: 0,
      negated,
    }));
    const union = [values, nulls] as Condition[];
    const first = (order[0].nullFlag === "desc" ? nulls : values) as Condition;
    const branchOrders = union.map((branch) => boundedOrder(plan.order, branch));
    return {
      ...plan,
      union,
      lead: { where: first, order: boundedOrder(plan.order, first) },
      branchOrders,
    };
  }
  const branches = keysetBranches(plan.columns, cursor, dialect.rowValueRange);
  if (branches.length < 2) {
    const where = branches[0] as Condition;
    return { ...plan, where, order: boundedOrder(plan.order, where) };
  }
  const lead = leadOf(plan.columns, cursor, dialect, plan.order);
  const branchOrders = branches.map((branch) => boundedOrder(plan.order, branch));
  return { ...plan, union: branches, lead, branchOrders };
}

/**
 * A union's lead, ordered as its branch is (on MariaDB, `boundedOrder`); none where it holds only
 * the cursor's ties (`keysetLeadSpansField`), nearly always short of a page: the union alone then.
 */
function leadOf(
  columns: readonly PlacedColumn[],
  cursor: KeysetCursor,
  dialect: Dialect,
  order: readonly OrderTerm[],
): KeysetLead | undefined {
  if (!keysetLeadSpansField(columns, cursor, dialect.rowValueRange)) return undefined;
  const where = keysetLead(columns, cursor, dialect.rowValueRange);
  return { where, order: dialect.nullsClause ? order : boundedOrder(order, where) };
}
