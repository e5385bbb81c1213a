/**
 * The builders suite's table, the same on every dialect: `packages` (1,000,000 rows, measured)
 * and `packages_small` (2,000 rows, walked whole to see which rows a paginator answers), with
 * the orders measured or walked on them.
 * @packageDocumentation
 */

/** The dialects the suite measures. */
export type DialectName = "postgres" | "mysql" | "sqlite";
export const DIALECT_NAMES: readonly DialectName[] = ["postgres", "mysql", "sqlite"];

/** The columns of both tables. */
export type Column = "id" | "name" | "status" | "created_at" | "note";

/**
 * Both tables' columns as a TypeORM `EntitySchema` takes them, `created_at` to the microsecond:
 * one definition for pagewise/typeorm's data source and nestjs-paginate's, each made with its own
 * install's TypeORM.
 */
export function typeormColumns(dialect: DialectName) {
  return {
    id: { type: "bigint", primary: true },
    name: { type: "varchar", length: 64 },
    status: { type: "varchar", length: 20 },
    created_at: { type: dialect === "postgres" ? "timestamptz" : "datetime", precision: 6 },
    note: { type: "varchar", length: 64, nullable: true },
  } as const;
}

/** The tables TypeORM's entities name. */
export const TYPEORM_TABLES = ["packages", "packages_small"] as const;

/** One term of an order: a column and its direction. */
export type Term = readonly [column: Column, direction: "asc" | "desc"];

/** The orders, each with its unique tie-breaker (`id`) last. */
export const ORDERS = {
  created_at: [
    ["created_at", "asc"],
    ["id", "asc"],
  ],
  name: [
    ["name", "asc"],
    ["id", "asc"],
  ],
  /** The tie-breaker in the last field's direction, as pagewise's `sort` appends it. */
  "status,-created_at": [
    ["status", "asc"],
    ["created_at", "desc"],
    ["id", "desc"],
  ],
  /** A nullable column (NULLs last ascending on PostgreSQL, first on MySQL and SQLite). */
  note: [
    ["note", "asc"],
    ["id", "asc"],
  ],
  "-created_at": [
    ["created_at", "desc"],
    ["id", "asc"],
  ],
} as const satisfies Record<string, readonly Term[]>;
export type Order = keyof typeof ORDERS;

/** The orders measured at depth on the big table. */
export const MEASURED: readonly Order[] = ["created_at", "name", "status,-created_at"];
/** The orders walked whole on the small table: NULLs, and microseconds both ways. */
export const WALKED: readonly Order[] = ["note", "created_at", "-created_at"];

/**
 * Rows of the big table (`BUILDERS_ROWS`, 1,000,000 by default: the goals are measured
 * there; fewer for a quicker look), of the small one.
 */
export const BIG = Number(process.env.BUILDERS_ROWS ?? 1_000_000);
export const SMALL = 2_000;
/** Rows of the filtered table (`repo_packages`), eight in ten in the repository measured. */
export const FILTERED = Math.round(BIG / 5);
/** The filter before the keyset: the repository holding most of the filtered table's rows. */
export const REPOSITORY = { owner: "acme", repo: "tools" } as const;
/** Rows per page. */
export const PAGE = 30;
/**
 * The rows a page written by hand reads: the page and one more, which says whether a next page
 * exists, as a list that counts nothing must know (pagewise reads its pages so, as does
 * kysely-paginate): the same query as pagewise's, row for row.
 */
export const FETCHED = PAGE + 1;
/** The row a page at 90% depth follows (its 0-based position in the order). */
export const DEPTH = Math.round(BIG * 0.9);
/** The row a filtered page at 90% depth follows: its position among the repository's rows. */
export const FILTERED_DEPTH = Math.round(FILTERED * 0.8 * 0.9);

/** A row's sort values as exact text (timestamps at the database's microseconds, ids exact). */
export type ExactRow = Readonly<Record<Column, string | null>>;

/** The table each builder maps (the columns' names as they are in the database). */
export interface PackagesTable {
  id: string | number;
  name: string;
  status: string;
  created_at: string | Date;
  note: string | null;
}

/** The SQL text of an order's ORDER BY (no NULLS clause: each dialect's own NULL order). */
export const orderByText = (order: Order): string =>
  ORDERS[order].map(([column, direction]) => `${column} ${direction}`).join(", ");
