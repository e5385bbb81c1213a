/**
 * The pages of the builders suite written by hand with Kysely 0.28, on each dialect (its
 * PostgresDialect, MysqlDialect or SqliteDialect over the suite's driver handle): page 1, an
 * OFFSET page, and the keyset page after a row in the shape best for the dialect, each reading
 * `FETCHED` rows (the page and one more).
 * @packageDocumentation
 */
import {
  type Expression,
  type ExpressionBuilder,
  Kysely,
  MysqlDialect,
  PostgresDialect,
  type SqlBool,
  SqliteDialect,
} from "kysely";
import type { Handle } from "./builders-databases.js";
import { type Branch, bestShape, branches, pastOperator } from "./builders-shapes.js";
import {
  type ExactRow,
  FETCHED,
  ORDERS,
  type Order,
  type PackagesTable,
} from "./builders-table.js";

/** The suite's tables as Kysely sees them. */
export interface Tables {
  packages: PackagesTable;
  packages_small: PackagesTable;
  repo_packages: PackagesTable & { owner: string; repo: string };
}
export type BenchKysely = Kysely<Tables>;

/** One builder's hand-written pages on one dialect. */
export interface HandPages {
  /** Page 1 in `order`. */
  first(order: Order): Promise<unknown>;
  /** The page at `offset` in `order` (LIMIT/OFFSET). */
  offset(order: Order, offset: number): Promise<unknown>;
  /** The page after `row` in `order`, in the shape best for the dialect. */
  keyset(order: Order, row: ExactRow): Promise<unknown>;
  /**
   * A cursor list's first page in `order` (no token): pagewise's, whose keyset page at depth is
   * held to it. By hand, page 1 is that page.
   */
  cursorFirst?(order: Order): Promise<unknown>;
}

/** A Kysely instance over the handle (never destroyed: that would end the suite's pool). */
export function kyselyOf(handle: Handle): BenchKysely {
  switch (handle.dialect) {
    case "postgres":
      return new Kysely({ dialect: new PostgresDialect({ pool: handle.pool }) });
    case "mysql":
      return new Kysely({ dialect: new MysqlDialect({ pool: handle.pool }) });
    case "sqlite":
      return new Kysely({ dialect: new SqliteDialect({ database: handle.database }) });
  }
}

const SELECTED = ["id", "name", "status", "created_at", "note"] as const;
type Eb = ExpressionBuilder<Tables, "packages">;

/** A value of a measured order's column (never NULL in the big table). */
function valueAt(row: ExactRow, column: keyof ExactRow): string {
  const value = row[column];
  if (value === null) throw new Error(`${column} is NULL at depth`);
  return value;
}

/** One range after `row`: its equal terms and its term past the row's value. */
const range = (eb: Eb, { equal, past }: Branch, row: ExactRow): Expression<SqlBool> =>
  eb.and([
    ...equal.map(([column]) => eb(column, "=", valueAt(row, column))),
    eb(past[0], pastOperator(past), valueAt(row, past[0])),
  ]);

/** `db`'s hand-written pages for `dialect`. */
export function kyselyPages(db: BenchKysely, dialect: Handle["dialect"]): HandPages {
  const ordered = (order: Order) => {
    let query = db.selectFrom("packages").select(SELECTED);
    for (const [column, direction] of ORDERS[order]) query = query.orderBy(column, direction);
    return query.limit(FETCHED);
  };
  const union = (order: Order, row: ExactRow) => {
    const [nearest, ...others] = branches(order).map((branch, i) =>
      db
        .selectFrom(
          ordered(order)
            .where((eb) => range(eb, branch, row))
            .as(`b${i}`),
        )
        .selectAll(),
    );
    if (nearest === undefined) throw new Error(`no branches for ${order}`);
    let query = others.reduce((all, branch) => all.unionAll(branch), nearest);
    for (const [column, direction] of ORDERS[order]) query = query.orderBy(column, direction);
    return query.limit(FETCHED);
  };
  const keyset = (order: Order, row: ExactRow) => {
    const shape = bestShape(dialect, order);
    if (shape === "UNION ALL") return union(order, row).execute();
    const [[first, direction], [second]] = ORDERS[order] as unknown as [
      [keyof ExactRow & keyof PackagesTable, "asc" | "desc"],
      [keyof ExactRow & keyof PackagesTable],
    ];
    if (shape === "row value") {
      const op = direction === "asc" ? ">" : "<";
      return ordered(order)
        .where(({ eb, refTuple, tuple }) =>
          eb(refTuple(first, second), op, tuple(valueAt(row, first), valueAt(row, second))),
        )
        .execute();
    }
    return ordered(order)
      .where((eb) => eb.or(branches(order).map((branch) => range(eb, branch, row))))
      .execute();
  };
  return {
    first: (order) => ordered(order).execute(),
    offset: (order, offset) => ordered(order).offset(offset).execute(),
    keyset,
  };
}
