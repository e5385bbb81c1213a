import type { Dialect } from "./dialect.js";
import type { OrderColumn } from "./keyset-condition.js";

/** One term of an ORDER BY, as a dialect needs it written. */
export interface OrderTerm {
  /** The place of the column in the order. */
  readonly place: number;
  readonly descending: boolean;
  /**
   * `NULLS FIRST`/`LAST`, only where the column's NULLs go elsewhere than the dialect puts them
   * (an index in the dialect's own order then still serves it).
   */
  readonly nulls: "first" | "last" | undefined;
  /**
   * Where the dialect has no `NULLS` clause (MySQL, MariaDB): a term `column IS NULL` in this
   * direction before the column's own, to put its NULLs where the order says.
   */
  readonly nullFlag: "asc" | "desc" | undefined;
}

/**
 * The ORDER BY of an order in a dialect, each column in its direction (every one reversed for a
 * page `backward` of its cursor), with NULLs where the order puts them.
 *
 * @param columns - the order
 * @param dialect - the dialect
 * @param backward - whether the page lies before its cursor
 * @default backward false
 * @example
 * ```ts
 * orderTerms([{ name: "score", ascending: true, nullable: true, nullsFirst: false }], DIALECTS.sqlite);
 * // [{ place: 0, descending: false, nulls: "last", nullFlag: undefined }]
 * ```
 */
export function orderTerms(
  columns: readonly OrderColumn[],
  dialect: Dialect,
  backward = false,
): readonly OrderTerm[] {
  return columns.map((column, place) => {
    const ascending = column.ascending !== backward;
    const nullsFirst = column.nullsFirst !== backward;
    const own = dialect.nullsLargest !== ascending; // where the dialect puts NULLs: first?
    const moved = column.nullable && nullsFirst !== own;
    const nulls = moved && dialect.nullsClause ? (nullsFirst ? "first" : "last") : undefined;
    const nullFlag = moved && !dialect.nullsClause ? (nullsFirst ? "desc" : "asc") : undefined;
    return { place, descending: !ascending, nulls, nullFlag };
  });
}

/**
 * An ORDER BY list as SQL text (without the keywords `ORDER BY`).
 *
 * @param terms - from {@link orderTerms}
 * @param column - the quoted column at a place
 * @example
 * ```ts
 * orderByText(orderTerms(columns, DIALECTS.postgres), (i) => `"${columns[i].name}"`); // '"created_at" DESC, "id" DESC'
 * ```
 */
export function orderByText(
  terms: readonly OrderTerm[],
  column: (place: number) => string,
): string {
  return terms
    .map(({ place, descending, nulls, nullFlag }) => {
      const name = column(place);
      const direction = descending ? "DESC" : "ASC";
      const flag = nullFlag === undefined ? "" : `${name} IS NULL ${nullFlag.toUpperCase()}, `;
      return `${flag}${name} ${direction}${nulls === undefined ? "" : ` NULLS ${nulls.toUpperCase()}`}`;
    })
    .join(", ");
}
