import { type KeysetColumn, orderBySql } from "../cursor/keyset.js";
import type { SortType } from "../options.js";

/**
 * One term of a list's order, as a handler receives it: the field the client named (or the
 * list's tie-breaker), its column, its direction, and where its NULLs fall.
 *
 * @typeParam F - the fields' names
 * @typeParam C - the columns (what a query builder's integration checks against its query's)
 */
export interface SortTerm<F extends string = string, C extends string = string>
  extends KeysetColumn {
  /** The field as the client names it in `sort` (the tie-breaker's column when not offered). */
  readonly field: F;
  /** The column (a SQL identifier) and the property of an in-memory row; as `name`. */
  readonly column: C;
  /** `"asc"` or `"desc"`. */
  readonly direction: "asc" | "desc";
}

/**
 * A list's order for one request, checked: the terms the client chose (or the default), the
 * list's unique tie-breaker last, so that no two rows tie and pages neither skip nor repeat rows.
 *
 * @typeParam F - the fields' names
 * @typeParam C - the columns, `any` where the types do not tell them ({@link KnownColumns})
 */
export interface SortOrder<F extends string = string, C extends string = string> {
  /** The terms, in order; the last is the tie-breaker. */
  readonly terms: readonly SortTerm<F, C>[];
  /**
   * The ORDER BY list for PostgreSQL: quoted columns, `ASC`/`DESC`, and `NULLS FIRST`/`LAST` only on a
   * nullable column whose NULLs fall elsewhere than PostgreSQL puts them (so an index serves it).
   *
   * @example
   * ```ts
   * sort.sql(); // '"created_at" DESC, "id" DESC'
   * ```
   */
  sql(): string;
}

/**
 * The columns of an order as its types tell them: the union of their names, or `any` where one is
 * only known as a `string` (an option declared without `as const`), which no query's columns are
 * checked against.
 *
 * @typeParam C - the columns' names as the option's type gives them
 * @example
 * ```ts
 * type Checked = KnownColumns<"created_at" | "id">; // "created_at" | "id"
 * type Unchecked = KnownColumns<string>; // any
 * ```
 */
// biome-ignore lint/suspicious/noExplicitAny: a column the types cannot tell fits any query's
export type KnownColumns<C extends string> = string extends C ? any : C;

/**
 * A term of an order: a column's settings in one direction, named by its field.
 *
 * @param field - the field's name in `sort`
 * @param column - the column, a SQL identifier
 * @param ascending - the direction
 * @param nullable - whether the column may hold NULL
 * @param nulls - where NULLs fall when the column is sorted ascending (descending: the other
 *   end), or `undefined` for where the database puts them (PostgreSQL's "last" in memory)
 * @param type - what the column holds
 * @example
 * ```ts
 * sortTerm("date", "created_at", false, true, undefined, "timestamp").nullsFirst; // true
 * ```
 */
export function sortTerm(
  field: string,
  column: string,
  ascending: boolean,
  nullable: boolean,
  nulls: "first" | "last" | undefined,
  type: SortType,
): SortTerm {
  return {
    field,
    column,
    direction: ascending ? "asc" : "desc",
    name: column,
    quoted: `"${column}"`,
    ascending,
    nullable,
    nullsFirst: ascending !== ((nulls ?? "last") === "last"),
    nullsSet: nulls !== undefined,
    type,
  };
}

/**
 * An order made of its terms, with its `sql()`.
 *
 * @param terms - the terms, the tie-breaker last
 * @example
 * ```ts
 * sortOrder([sortTerm("id", "id", true, false, undefined, "json")]).sql(); // '"id" ASC'
 * ```
 */
export function sortOrder<F extends string>(terms: readonly SortTerm<F>[]): SortOrder<F> {
  return { terms, sql: () => orderBySql(terms) };
}

/**
 * The key a cursor token binds its order by: two requests in the same order (however the client
 * wrote it) share it, any other order differs.
 *
 * @param columns - the order's columns
 * @example
 * ```ts
 * orderKey(sortColumns([{ name: "id" }])); // '[["id",true,false,false,false,"json"]]'
 * ```
 */
export function orderKey(columns: readonly KeysetColumn[]): string {
  return JSON.stringify(
    columns.map((c) => [c.name, c.ascending, c.nullable, c.nullsFirst, c.nullsSet, c.type]),
  );
}
