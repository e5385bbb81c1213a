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
   * Where NULLs sort.
   *
   * @default PostgreSQL's: "last" ascending, "first" descending
   */
  readonly nulls?: "first" | "last";
}

/** A column of a {@link SortSpec} with every default filled in. */
interface Column {
  readonly name: string;
  readonly quoted: string;
  readonly ascending: boolean;
  readonly nullable: boolean;
  readonly nullsFirst: boolean;
}

/** Which side of a cursor a page lies on: `after` it (the next page) or `before` it. */
export type CursorSide = "after" | "before";

/** A keyset query's parts for PostgreSQL: a predicate, an order and a limit, with their values. */
export interface KeysetSql {
  /** The predicate (`TRUE` without a cursor), with `$n` placeholders from `firstParameter`. */
  readonly where: string;
  /** The ORDER BY list (reversed for a page `before` a cursor: reverse the rows it gives). */
  readonly orderBy: string;
  /** The LIMIT: the page size plus one, to learn whether another page follows. */
  readonly limit: number;
  /** The values of the placeholders, in order. */
  readonly values: readonly CursorValue[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * A cursor's order, checked: columns that are SQL identifiers, each once, the last one unique
 * (the tie-breaker that makes the order total: rows created in one transaction share a
 * timestamp, and a tie would make pages skip or repeat rows).
 *
 * @throws {TypeError} for no column, a name that is not an identifier, or a repeated one
 */
export function sortColumns(spec: readonly SortColumn[]): readonly Column[] {
  if (spec.length === 0) throw new TypeError("A cursor's order needs at least one column");
  const seen = new Set<string>();
  return spec.map(({ name, direction = "asc", nullable = false, nulls }) => {
    if (!IDENTIFIER.test(name))
      throw new TypeError(`${JSON.stringify(name)} is not a SQL identifier`);
    if (seen.has(name)) throw new TypeError(`${JSON.stringify(name)} is in the order twice`);
    seen.add(name);
    const ascending = direction === "asc";
    return {
      name,
      quoted: `"${name}"`,
      ascending,
      nullable,
      nullsFirst: (nulls ?? (ascending ? "last" : "first")) === "first",
    };
  });
}

/**
 * Compares two rows' sort values in the cursor's order, as PostgreSQL's ORDER BY does: NULLs
 * where the column puts them, numbers by value, strings by UTF-16 code unit (PostgreSQL's "C"
 * collation), `false` before `true`.
 *
 * @returns a negative number when `a` comes first, positive when `b` does, 0 for a tie
 */
export function compareSortValues(
  columns: readonly Column[],
  a: readonly CursorValue[],
  b: readonly CursorValue[],
): number {
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i] as Column;
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === null || y === null) {
      if (x === y) continue;
      return (x === null) === column.nullsFirst ? -1 : 1;
    }
    const order = x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return column.ascending ? order : -order;
  }
  return 0;
}

/**
 * The keyset query of a page for PostgreSQL: rows `after` (or `before`) the cursor's values in the
 * cursor's order. Where every column runs one way and none is nullable, the predicate is a row
 * value (`("created_at", "id") > ($1, $2)`), which an index on those columns serves as a range scan;
 * otherwise it is written out column by column, NULLs in their place. Every value is a placeholder.
 *
 * @param columns - from {@link sortColumns}
 * @param cursor - the side and the cursor's values, or `undefined` for the first page
 * @param pageSize - rows on a page
 * @param firstParameter - the number of the first placeholder
 * @default firstParameter 1
 */
export function keysetSql(
  columns: readonly Column[],
  cursor: { readonly side: CursorSide; readonly values: readonly CursorValue[] } | undefined,
  pageSize: number,
  firstParameter = 1,
): KeysetSql {
  const backward = cursor?.side === "before";
  const orderBy = columns
    .map((c) => {
      const ascending = c.ascending !== backward;
      const nullsFirst = c.nullsFirst !== backward;
      return `${c.quoted} ${ascending ? "ASC" : "DESC"} NULLS ${nullsFirst ? "FIRST" : "LAST"}`;
    })
    .join(", ");
  if (cursor === undefined) return { where: "TRUE", orderBy, limit: pageSize + 1, values: [] };
  if (cursor.values.length !== columns.length) {
    throw new RangeError(
      `A cursor holds ${cursor.values.length} values for ${columns.length} columns`,
    );
  }
  const values: CursorValue[] = [];
  const bind = (value: CursorValue) => {
    values.push(value);
    return `$${firstParameter + values.length - 1}`;
  };
  const oneWay = columns.every((c) => c.ascending === (columns[0] as Column).ascending);
  if (oneWay && columns.every((c) => !c.nullable) && cursor.values.every((v) => v !== null)) {
    const later = (columns[0] as Column).ascending !== backward ? ">" : "<";
    const left = columns.map((c) => c.quoted).join(", ");
    const right = cursor.values.map(bind).join(", ");
    return { where: `(${left}) ${later} (${right})`, orderBy, limit: pageSize + 1, values };
  }
  const terms = columns.map((column, i) => {
    const equal = columns.slice(0, i).map((c, j) => equalTo(c, cursor.values[j] ?? null, bind));
    return [...equal, beyond(column, cursor.values[i] ?? null, backward, bind)].join(" AND ");
  });
  return { where: terms.map((t) => `(${t})`).join(" OR "), orderBy, limit: pageSize + 1, values };
}

function equalTo(column: Column, value: CursorValue, bind: (v: CursorValue) => string): string {
  return value === null ? `${column.quoted} IS NULL` : `${column.quoted} = ${bind(value)}`;
}

/** Rows strictly beyond `value` in this column, in the walk's direction. */
function beyond(
  column: Column,
  value: CursorValue,
  backward: boolean,
  bind: (v: CursorValue) => string,
): string {
  const nullsAhead = column.nullsFirst === backward; // NULLs still to come in this direction
  if (value === null) return nullsAhead ? "FALSE" : `${column.quoted} IS NOT NULL`;
  const later = column.ascending !== backward ? ">" : "<";
  const comparison = `${column.quoted} ${later} ${bind(value)}`;
  return nullsAhead && column.nullable ? `(${comparison} OR ${column.quoted} IS NULL)` : comparison;
}
