import { assertOption } from "../option-checks.js";
import { BOOLEANS, DIRECTIONS, NULLS, SORT_TYPES, type SortType } from "../options.js";
import { type Condition, conditionText } from "../sql/condition.js";
import { POSTGRES } from "../sql/dialect.js";
import { IDENTIFIER } from "../sql/identifier.js";
import { keysetBranches, keysetCondition, keysetLead } from "../sql/keyset-condition.js";
import { orderByText, orderTerms } from "../sql/order-by.js";
import type { CursorValue } from "./cursor-token.js";

/** One column of a cursor's order. */
export interface SortColumn {
  /** The column: a SQL identifier (`created_at`), and the property of an in-memory row. */
  readonly name: string;
  /** @default "asc" */
  readonly direction?: "asc" | "desc";
  /**
   * Whether the column may hold NULL: its predicate is then written out, NULLs in their place.
   *
   * @default false
   */
  readonly nullable?: boolean;
  /**
   * Where NULLs sort, in this column's direction.
   *
   * @default where the database puts them: PostgreSQL's place ("last" ascending, "first"
   * descending) in memory and in `keysetSql`; a query builder's integration, its dialect's
   */
  readonly nulls?: "first" | "last";
  /**
   * How values compare in memory: `"json"` as JSON values (numbers by value, text by code point);
   * `"bigint"` as whole numbers written as text (or `bigint`), for 64-bit ids beyond 2^53, which
   * a cursor carries as text (`"9007199254740993"`); `"timestamp"` as instants, a `Date` in
   * memory carried as ISO 8601 text, a database's timestamp as its own text, every digit it
   * stores. SQL compares in the column's own type either way.
   *
   * @default "json"
   */
  readonly type?: SortType;
}

/** A column of a cursor's order, every default filled in (from {@link sortColumns}). */
export interface KeysetColumn {
  readonly name: string;
  readonly quoted: string;
  readonly ascending: boolean;
  readonly nullable: boolean;
  readonly nullsFirst: boolean;
  /** Whether the order says where NULLs go; otherwise they go where the database puts them. */
  readonly nullsSet: boolean;
  readonly type: SortType;
}

/** Which side of a cursor a page lies on: `after` it (the next page) or `before` it. */
export type CursorSide = "after" | "before";

/** A keyset query's parts for PostgreSQL: a predicate, an order and a limit, with their values. */
export interface KeysetSql {
  /**
   * The predicate (`TRUE` without a cursor), with `$n` placeholders from `firstParameter`. It
   * stands alone whatever its shape (a row value, or parenthesized as a whole), so it can be
   * spliced into `WHERE filter AND ${where}` without leaking rows outside the filter.
   */
  readonly where: string;
  /** The ORDER BY list (reversed for a page `before` a cursor: reverse the rows it gives). */
  readonly orderBy: string;
  /** The LIMIT: the page size plus one, to learn whether another page follows. */
  readonly limit: number;
  /** The values of the placeholders, in order. */
  readonly values: readonly CursorValue[];
  /**
   * The same predicate as disjoint branches whose union it is, one per prefix of the order
   * (`c0 = v0 AND … AND ci beyond vi`; a nullable column's values and its NULLs in two branches;
   * trailing columns that run one way and are not nullable in one row value): each is one index
   * range, where the whole may not be, for {@link keysetUnionSql} to read a page from each and
   * merge them. `["TRUE"]` without a cursor. Each stands alone (a comparison, a row value, or
   * parenthesized), for `WHERE filter AND ${branch}`.
   */
  readonly branches: readonly string[];
  /**
   * The branch nearest the cursor, one of `branches`: every row it selects comes before every row
   * of the others (it holds the longest prefix of the order equal to the cursor's), and it names
   * every placeholder of `branchValues`. When it alone fills a page, the page is its rows.
   */
  readonly lead: string;
  /**
   * The values of the branches' placeholders: one per cursor value that is not NULL, numbered
   * from `firstParameter` as `where`'s are. A statement takes `values` with `where`, or these
   * with `branches` (PostgreSQL refuses a value no placeholder uses).
   */
  readonly branchValues: readonly CursorValue[];
}

/**
 * A cursor's order, checked: columns that are SQL identifiers, each once, the last one unique
 * (the tie-breaker that makes the order total: rows created in one transaction share a
 * timestamp, and a tie would make pages skip or repeat rows).
 *
 * @throws {TypeError} for no column, a name that is not an identifier, or a repeated one
 */
export function sortColumns(spec: readonly SortColumn[]): readonly KeysetColumn[] {
  if (!Array.isArray(spec) || spec.length === 0) {
    throw new TypeError('A cursor\'s order needs at least one column: [{ name: "id" }]');
  }
  const seen = new Set<string>();
  return spec.map(({ name, direction = "asc", nullable = false, nulls, type = "json" }) => {
    if (typeof name !== "string" || !IDENTIFIER.test(name))
      throw new TypeError(`${JSON.stringify(name)} is not a SQL identifier`);
    assertOption(`${name}'s direction`, direction, DIRECTIONS);
    assertOption(`${name}'s nulls`, nulls, NULLS);
    assertOption(`${name}'s type`, type, SORT_TYPES);
    assertOption(`${name}'s nullable`, nullable, BOOLEANS);
    if (seen.has(name)) throw new TypeError(`${JSON.stringify(name)} is in the order twice`);
    seen.add(name);
    if (nullable && seen.size === spec.length) {
      throw new TypeError(
        `The last column of a cursor's order is its unique tie-breaker, never NULL ("${name}" is nullable): NULLs tie, and rows after the first would be lost`,
      );
    }
    const ascending = direction === "asc";
    return {
      name,
      quoted: `"${name}"`,
      ascending,
      nullable,
      nullsFirst: (nulls ?? (ascending ? "last" : "first")) === "first",
      nullsSet: nulls !== undefined,
      type,
    };
  });
}

/**
 * Compares two rows' sort values in the cursor's order, as PostgreSQL's ORDER BY does: NULLs
 * where the column puts them, numbers by value, text by code point (PostgreSQL's `"C"`
 * collation, UTF-8 byte order), `false` before `true`, a `"bigint"` column's values as whole
 * numbers. Values of different JSON types (which no SQL column holds) order boolean, number, text.
 *
 * @returns a negative number when `a` comes first, positive when `b` does, 0 for a tie
 */
export function compareSortValues(
  columns: readonly KeysetColumn[],
  a: readonly CursorValue[],
  b: readonly CursorValue[],
): number {
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i] as KeysetColumn;
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === null || y === null) {
      if (x === y) continue;
      return (x === null) === column.nullsFirst ? -1 : 1;
    }
    const order = column.type === "bigint" ? compareWhole(x, y) : compareJson(x, y);
    if (order !== 0) return column.ascending ? order : -order;
  }
  return 0;
}

const TYPE_RANK: Record<string, number> = { boolean: 0, number: 1, string: 2 };

function compareJson(x: CursorValue, y: CursorValue): number {
  if (typeof x === "string" && typeof y === "string") return compareCodePoints(x, y);
  if (typeof x !== typeof y) return (TYPE_RANK[typeof x] ?? 3) - (TYPE_RANK[typeof y] ?? 3);
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
}

function compareWhole(x: CursorValue, y: CursorValue): number {
  const a = BigInt(x as string);
  const b = BigInt(y as string);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Text by code point, as UTF-8 bytes compare: JavaScript's `<` compares UTF-16 code units, which
 * puts U+10000 and beyond (surrogate pairs, 0xD800 to 0xDFFF) before U+E000 to U+FFFF.
 */
function compareCodePoints(x: string, y: string): number {
  if (x === y) return 0;
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const a = x.charCodeAt(i);
    const b = y.charCodeAt(i);
    if (a !== b) return codePointRank(a) - codePointRank(b);
  }
  return x.length - y.length;
}

/** A UTF-16 code unit's place in code point order: surrogates after U+E000 to U+FFFF. */
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/**
 * The ORDER BY list of columns for PostgreSQL, each in its direction (reversed with `backward`,
 * for a page before a cursor), `NULLS FIRST`/`LAST` only on a nullable column whose NULLs go
 * elsewhere than PostgreSQL puts them (so an index in its default order still serves it).
 *
 * @param columns - the order's columns
 * @param backward - whether to reverse every direction
 * @default backward false
 * @example
 * ```ts
 * orderBySql(sortColumns([{ name: "id" }])); // '"id" ASC'
 * ```
 */
export function orderBySql(columns: readonly KeysetColumn[], backward = false): string {
  const terms = orderTerms(columns, POSTGRES, backward);
  return orderByText(terms, (place) => (columns[place] as KeysetColumn).quoted);
}

/**
 * The keyset query of a page for PostgreSQL: rows `after` (or `before`) the cursor's values in the
 * cursor's order. Where every column runs one way and none is nullable, the predicate is a row
 * value (`("created_at", "id") > ($1, $2)`), which an index on those columns serves as a range scan;
 * otherwise it is written out column by column, NULLs in their place, behind a bound on the first
 * column. Every value is a placeholder. The same predicate as `branches`, one index range each,
 * serves {@link keysetUnionSql} where that bound is not enough (mixed directions, a first column
 * with few values). The rules are `pagewise`'s dialect-neutral plan (`src/sql/`), written here
 * for PostgreSQL.
 *
 * @param columns - from {@link sortColumns}
 * @param cursor - the side and the cursor's values, or `undefined` for the first page
 * @param pageSize - rows on a page
 * @param firstParameter - the number of the first placeholder
 * @default firstParameter 1
 * @example
 * ```ts
 * const columns = sortColumns([{ name: "created_at", direction: "desc" }, { name: "id", direction: "desc" }]);
 * const { where, orderBy, limit, values } = keysetSql(columns, { side: "after", values: ["2026-01-02", 7] }, 30, 2);
 * // where '("created_at", "id") < ($2, $3)', orderBy '"created_at" DESC, "id" DESC', limit 31
 * await pool.query(`SELECT * FROM packages WHERE owner = $1 AND ${where} ORDER BY ${orderBy} LIMIT ${limit}`, [owner, ...values]);
 * ```
 */
export function keysetSql(
  columns: readonly KeysetColumn[],
  cursor: { readonly side: CursorSide; readonly values: readonly CursorValue[] } | undefined,
  pageSize: number,
  firstParameter = 1,
): KeysetSql {
  const backward = cursor?.side === "before";
  const orderBy = orderBySql(columns, backward);
  const limit = pageSize + 1;
  if (cursor === undefined) {
    const whole = { branches: ["TRUE"], lead: "TRUE", branchValues: [] };
    return { where: "TRUE", orderBy, limit, values: [], ...whole };
  }
  if (cursor.values.length !== columns.length) {
    throw new RangeError(
      `A cursor holds ${cursor.values.length} values for ${columns.length} columns`,
    );
  }
  const at = { backward, nulls: cursor.values.map((value) => value === null) };
  const column = (place: number) => (columns[place] as KeysetColumn).quoted;
  const values: CursorValue[] = [];
  const where = conditionText(keysetCondition(columns, at, true), {
    column,
    value: (place) => {
      values.push(cursor.values[place] as CursorValue);
      return `$${firstParameter + values.length - 1}`;
    },
  });
  // The branches share one placeholder per cursor value that is not NULL.
  const branchValues = cursor.values.filter((value) => value !== null);
  const slots = cursor.values.map((_, i) => at.nulls.slice(0, i).filter((n) => !n).length);
  const shared = {
    column,
    value: (place: number) => `$${firstParameter + (slots[place] as number)}`,
  };
  const plan = keysetBranches(columns, at, true);
  const branches = plan.map((branch: Condition) => conditionText(branch, shared));
  const lead = conditionText(keysetLead(columns, at, true), shared);
  const noRow = plan[0]?.kind === "constant"; // FALSE: no placeholder, so no value
  const union = { branches, lead, branchValues: noRow ? [] : branchValues };
  return { where, orderBy, limit, values, ...union };
}
