import type { Condition } from "./condition.js";

/** A column of an order as the keyset's rules need it. */
export interface OrderColumn {
  /** The column: a checked SQL identifier. */
  readonly name: string;
  readonly ascending: boolean;
  /** Whether the column may hold NULL. */
  readonly nullable: boolean;
  /** Whether its NULLs come before its values in this column's direction. */
  readonly nullsFirst: boolean;
}

/** Where a page lies from its cursor, and which of the cursor's values are NULL. */
export interface KeysetCursor {
  /** Whether the page lies before the cursor (walked against the order). */
  readonly backward: boolean;
  /** One per column: whether the cursor's value there is NULL. */
  readonly nulls: readonly boolean[];
}

const TRUE: Condition = { kind: "constant", value: true };
const FALSE: Condition = { kind: "constant", value: false };

/**
 * The keyset predicate of a page, one condition: the rows beyond the cursor in the order. Where
 * `rowValues` allows, every column runs one way and none is or holds NULL, it is one row value
 * (`(a, id) > (x, y)`), one index range; otherwise it is written out column by column, NULLs in
 * their place, behind a bound on the first column that an index can start its scan from
 * (`bounded`), which a planner that reads the OR of the order's prefixes as ranges by itself
 * (MariaDB's) does without.
 *
 * @param columns - the order, its unique tie-breaker last
 * @param cursor - the side and the cursor's NULLs, or `undefined` for the first page (`TRUE`)
 * @param rowValues - whether a row value is an index range in the dialect
 * @param bounded - whether a written-out predicate has the bound on its first column
 * @default bounded `true`
 * @example
 * ```ts
 * keysetCondition([{ name: "id", ascending: true, nullable: false, nullsFirst: false }],
 *   { backward: false, nulls: [false] }, true); // { kind: "compare", columns: [0], operator: ">" }
 * ```
 */
export function keysetCondition(
  columns: readonly OrderColumn[],
  cursor: KeysetCursor | undefined,
  rowValues: boolean,
  bounded = true,
): Condition {
  if (cursor === undefined) return TRUE;
  const { backward, nulls } = cursor;
  const first = columns[0] as OrderColumn;
  const oneWay = columns.every((c) => c.ascending === first.ascending);
  if (rowValues && oneWay && columns.every((c, i) => !c.nullable && !nulls[i])) {
    const operator = first.ascending !== backward ? ">" : "<";
    return { kind: "compare", columns: columns.map((_, i) => i), operator };
  }
  const terms: Condition[] = columns.map((column, i) => ({
    kind: "and",
    parts: [...equalTo(columns, nulls, i), beyond(column, i, nulls[i] === true, backward)],
  }));
  const expanded: Condition = { kind: "or", parts: terms };
  const bound = bounded ? leadingBound(first, nulls[0] === true, backward) : undefined;
  return bound === undefined ? expanded : { kind: "and", parts: [bound, expanded] };
}

/**
 * The same predicate as disjoint branches whose union it is, one index range each: one per prefix
 * of the order (`c0 = v0 AND … AND ci beyond vi`), a nullable column's values and its NULLs in two
 * branches, and the trailing columns that run one way, never NULL, in one row value where
 * `rowValues` allows. `[TRUE]` without a cursor; `[FALSE]` where no row lies beyond.
 *
 * @param columns - the order, its unique tie-breaker last
 * @param cursor - the side and the cursor's NULLs, or `undefined` for the first page
 * @param rowValues - whether a row value is an index range in the dialect
 * @example
 * ```ts
 * keysetBranches(columns, { backward: false, nulls: [false, false, false] }, true).length; // 2 for status, -created_at, -id
 * ```
 */
export function keysetBranches(
  columns: readonly OrderColumn[],
  cursor: KeysetCursor | undefined,
  rowValues: boolean,
): readonly Condition[] {
  const branches = branchGroups(columns, cursor, rowValues).flat();
  // No branch only for a NULL in the tie-breaker (no checked row holds one): no row.
  return branches.length === 0 ? [FALSE] : branches;
}

/**
 * The branch nearest the cursor, one of {@link keysetBranches}: it holds the longest prefix of the
 * order equal to the cursor's, so every row it selects comes before every row of the others, and
 * it names every cursor value that is not NULL. When it alone fills a page, the page is its rows:
 * run it first, and the whole union only when it comes back short.
 *
 * @param columns - the order, its unique tie-breaker last
 * @param cursor - the side and the cursor's NULLs, or `undefined` for the first page
 * @param rowValues - whether a row value is an index range in the dialect
 * @example
 * ```ts
 * keysetLead(columns, { backward: false, nulls: [false, false, false] }, true); // status = x AND (created_at, id) < (y, z)
 * ```
 */
export function keysetLead(
  columns: readonly OrderColumn[],
  cursor: KeysetCursor | undefined,
  rowValues: boolean,
): Condition {
  // The first of the last column that has a branch: a column without one holds a NULL with
  // nothing beyond it, so every later value is NULL too.
  const groups = branchGroups(columns, cursor, rowValues).filter((group) => group.length > 0);
  return groups.at(-1)?.[0] ?? FALSE;
}

/**
 * Whether {@link keysetLead} ranges over a sort field: whether it leaves a column before the
 * tie-breaker free (`status = x AND (created_at, id) < (y, z)`), so that it holds a stretch of
 * the order, rather than only the rows that tie with the cursor on every field (`name = x AND
 * id < y`), which an order by a field of few ties leaves short of a page nearly every time.
 *
 * @param columns - the order, its unique tie-breaker last
 * @param cursor - the side and the cursor's NULLs
 * @param rowValues - whether a row value is an index range in the dialect
 * @example
 * ```ts
 * keysetLeadSpansField(columns, { backward: false, nulls: [false, false, false] }, true); // true for status, -created_at, -id
 * ```
 */
export function keysetLeadSpansField(
  columns: readonly OrderColumn[],
  cursor: KeysetCursor,
  rowValues: boolean,
): boolean {
  const filled = branchGroups(columns, cursor, rowValues).map((group) => group.length > 0);
  return filled.lastIndexOf(true) < columns.length - 1;
}

/**
 * The branches by column, the nearest last; within a column, its values before its NULLs.
 *
 * @param columns - the order, its unique tie-breaker last
 * @param cursor - the side and the cursor's NULLs, or `undefined` for the first page (one
 *   group: `TRUE`)
 * @param rowValues - whether a row value is an index range in the dialect (a trailing run of
 *   one direction is one group then)
 * @example
 * ```ts
 * branchGroups(columns, { backward: false, nulls: [false, false] }, false);
 * // [[name > x], [name = x AND id > y]]
 * ```
 */
export function branchGroups(
  columns: readonly OrderColumn[],
  cursor: KeysetCursor | undefined,
  rowValues: boolean,
): Condition[][] {
  if (cursor === undefined) return [[TRUE]];
  const { backward, nulls } = cursor;
  const run = rowValues ? trailingRun(columns, nulls) : columns.length;
  const groups = columns
    .slice(0, run)
    .map((column, i) =>
      beyondParts(column, i, nulls[i] === true, backward).map((part) =>
        conjunction([...equalTo(columns, nulls, i), part]),
      ),
    );
  if (run < columns.length) {
    const last = columns.at(-1) as OrderColumn;
    const operator = last.ascending !== backward ? ">" : "<";
    const places = columns.slice(run).map((_, i) => run + i);
    groups.push([conjunction([...equalTo(columns, nulls, run), compare(places, operator)])]);
  }
  return groups;
}

/** Where the trailing run of columns one row value can compare starts: one way, never NULL. */
function trailingRun(columns: readonly OrderColumn[], nulls: readonly boolean[]): number {
  const last = columns.at(-1) as OrderColumn;
  let run = columns.length;
  while (run > 0) {
    const column = columns[run - 1] as OrderColumn;
    if (column.nullable || column.ascending !== last.ascending || nulls[run - 1]) break;
    run--;
  }
  return run;
}

/**
 * What the written-out predicate implies of the first column alone, as a condition an index can
 * start its scan from (the OR of the terms cannot bound one): `a >= x` in the walk's direction,
 * or `a IS NULL` within trailing NULLs. `undefined` where the rows ahead take NULLs and values
 * both (a NULL cursor before the values, or values with NULLs still to come).
 */
function leadingBound(
  column: OrderColumn,
  isNull: boolean,
  backward: boolean,
): Condition | undefined {
  const nullsAhead = column.nullable && column.nullsFirst === backward;
  if (isNull) return nullsAhead ? { kind: "null", column: 0, negated: false } : undefined;
  if (nullsAhead) return undefined;
  return compare([0], column.ascending !== backward ? ">=" : "<=");
}

/** The columns before place `end`, each equal to the cursor's value (or NULL with it). */
function equalTo(
  columns: readonly OrderColumn[],
  nulls: readonly boolean[],
  end: number,
): Condition[] {
  return columns
    .slice(0, end)
    .map((_, i) => (nulls[i] ? { kind: "null", column: i, negated: false } : compare([i], "=")));
}

/** Rows strictly beyond the cursor's value in this column, in the walk's direction. */
function beyond(column: OrderColumn, place: number, isNull: boolean, backward: boolean): Condition {
  const parts = beyondParts(column, place, isNull, backward);
  if (parts.length < 2) return parts[0] ?? FALSE;
  return { kind: "or", parts };
}

/**
 * The conditions whose OR is {@link beyond}, each one index range: none where no row lies beyond
 * (a NULL cursor with the NULLs ahead: they tie), a comparison, and the NULLs still to come.
 */
function beyondParts(
  column: OrderColumn,
  place: number,
  isNull: boolean,
  backward: boolean,
): Condition[] {
  const nullsAhead = column.nullsFirst === backward; // NULLs still to come in this direction
  if (isNull) return nullsAhead ? [] : [{ kind: "null", column: place, negated: true }];
  const comparison = compare([place], column.ascending !== backward ? ">" : "<");
  return nullsAhead && column.nullable
    ? [comparison, { kind: "null", column: place, negated: false }]
    : [comparison];
}

function compare(columns: readonly number[], operator: "=" | "<" | ">" | "<=" | ">="): Condition {
  return { kind: "compare", columns, operator };
}

/** Conditions joined by AND, the lone condition as it is. */
function conjunction(parts: readonly Condition[]): Condition {
  return parts.length === 1 ? (parts[0] as Condition) : { kind: "and", parts };
}
