/**
 * The pages of the builders suite written by hand with Drizzle 0.45, on each dialect
 * (node-postgres, mysql2, better-sqlite3 over the suite's driver handle): page 1, an OFFSET page,
 * and the keyset page after a row in the shape best for the dialect, each reading `FETCHED` rows
 * (the page and one more). Values are bound as they are (`sql` params): the row's exact text,
 * which a column's `Date` mapping would refuse.
 * @packageDocumentation
 */
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import type { Handle } from "./builders-databases.js";
import { type Columns, drizzleTables } from "./builders-drizzle-tables.js";
import type { HandPages } from "./builders-kysely.js";
import { type Branch, bestShape, branches, pastOperator } from "./builders-shapes.js";
import { type ExactRow, FETCHED, ORDERS, type Order } from "./builders-table.js";

/** A measured order's value at depth, bound as it is (never NULL in the big table). */
function bound(row: ExactRow, column: keyof ExactRow): SQL {
  const value = row[column];
  if (value === null) throw new Error(`${column} is NULL at depth`);
  return sql`${value}`;
}

/** One range after `row`: its equal terms and its term past the row's value. */
const range = (columns: Columns, { equal, past }: Branch, row: ExactRow) =>
  and(
    ...equal.map(([column]) => eq(columns[column], bound(row, column))),
    (pastOperator(past) === ">" ? gt : lt)(columns[past[0]], bound(row, past[0])),
  );

/** The keyset predicate after `row` as one condition (a row value, or an OR tree). */
function condition(columns: Columns, order: Order, row: ExactRow, rowValue: boolean) {
  if (!rowValue) return or(...branches(order).map((branch) => range(columns, branch, row)));
  const [[first, direction], [second]] = ORDERS[order];
  const op = direction === "asc" ? sql.raw(">") : sql.raw("<");
  return sql`(${columns[first]}, ${columns[second]}) ${op} (${bound(row, first)}, ${bound(row, second)})`;
}

const orderBy = (columns: Columns, order: Order) =>
  ORDERS[order].map(([column, direction]) =>
    direction === "asc" ? asc(columns[column]) : desc(columns[column]),
  );

/** Drizzle over the handle, and its hand-written pages for the handle's dialect. */
export function drizzlePagesOf(handle: Handle): HandPages {
  switch (handle.dialect) {
    case "postgres":
      return postgresPages(pgDrizzle({ client: handle.pool }));
    case "mysql":
      return mysqlPages(mysqlDrizzle({ client: handle.pool }));
    case "sqlite":
      return sqlitePages(sqliteDrizzle({ client: handle.database }));
  }
}

function postgresPages(db: ReturnType<typeof pgDrizzle>): HandPages {
  const table = drizzleTables.postgres.packages;
  const ordered = (order: Order) =>
    db
      .select()
      .from(table)
      .orderBy(...orderBy(table, order))
      .limit(FETCHED)
      .$dynamic();
  return {
    first: (order) => ordered(order),
    offset: (order, offset) => ordered(order).offset(offset),
    keyset: (order, row) => {
      if (bestShape("postgres", order) !== "UNION ALL")
        return ordered(order).where(condition(table, order, row, true));
      const [nearest, ...others] = branches(order).map((branch, i) =>
        db.select().from(
          ordered(order)
            .where(range(table, branch, row))
            .as(`b${i}`),
        ),
      );
      if (nearest === undefined) throw new Error(`no branches for ${order}`);
      return others
        .reduce((all, branch) => all.unionAll(branch).$dynamic(), nearest.$dynamic())
        .orderBy(...orderBy(table, order))
        .limit(FETCHED);
    },
  };
}

function mysqlPages(db: ReturnType<typeof mysqlDrizzle>): HandPages {
  const table = drizzleTables.mysql.packages;
  const ordered = (order: Order) =>
    db
      .select()
      .from(table)
      .orderBy(...orderBy(table, order))
      .limit(FETCHED)
      .$dynamic();
  return {
    first: (order) => ordered(order),
    offset: (order, offset) => ordered(order).offset(offset),
    keyset: (order, row) => ordered(order).where(condition(table, order, row, false)),
  };
}

function sqlitePages(db: ReturnType<typeof sqliteDrizzle>): HandPages {
  const table = drizzleTables.sqlite.packages;
  const ordered = (order: Order) =>
    db
      .select()
      .from(table)
      .orderBy(...orderBy(table, order))
      .limit(FETCHED)
      .$dynamic();
  return {
    first: async (order) => ordered(order).all(),
    offset: async (order, offset) => ordered(order).offset(offset).all(),
    keyset: async (order, row) => {
      if (bestShape("sqlite", order) !== "UNION ALL")
        return ordered(order)
          .where(condition(table, order, row, true))
          .all();
      // SQLite takes no parenthesized SELECT in a compound one: each range is a subquery.
      const [nearest, ...others] = branches(order).map((branch, i) =>
        db.select().from(
          ordered(order)
            .where(range(table, branch, row))
            .as(`b${i}`),
        ),
      );
      if (nearest === undefined) throw new Error(`no branches for ${order}`);
      return others
        .reduce((all, branch) => all.unionAll(branch).$dynamic(), nearest.$dynamic())
        .orderBy(...orderBy(table, order))
        .limit(FETCHED)
        .all();
    },
  };
}

/** A select of a whole table's rows on one dialect: filtered, ordered, one page of them. */
export type DrizzleSelect = (
  table: "packages" | "packages_small",
  where: SQL | undefined,
  order: readonly SQL[],
  slice: { readonly limit: number; readonly offset: number },
) => Promise<Record<string, unknown>[]>;

/** Drizzle over the handle as a plain select of either table, and those tables. */
export function drizzleSelectOf(
  handle: Handle,
): [DrizzleSelect, Readonly<Record<"packages" | "packages_small", Columns>>] {
  switch (handle.dialect) {
    case "postgres": {
      const db = pgDrizzle({ client: handle.pool });
      const tables = drizzleTables.postgres;
      return [
        (table, where, order, { limit, offset }) =>
          db
            .select()
            .from(tables[table])
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        tables,
      ];
    }
    case "mysql": {
      const db = mysqlDrizzle({ client: handle.pool });
      const tables = drizzleTables.mysql;
      return [
        (table, where, order, { limit, offset }) =>
          db
            .select()
            .from(tables[table])
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        tables,
      ];
    }
    case "sqlite": {
      const db = sqliteDrizzle({ client: handle.database });
      const tables = drizzleTables.sqlite;
      return [
        async (table, where, order, { limit, offset }) =>
          db
            .select()
            .from(tables[table])
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset)
            .all(),
        tables,
      ];
    }
  }
}

/**
 * Drizzle over the handle, and the plain select of the big table pagewise's integration pages
 * (typed loosely: one function for the three dialects' databases).
 */
export function drizzleQueryOf(handle: Handle): [db: never, query: () => never] {
  switch (handle.dialect) {
    case "postgres": {
      const db = pgDrizzle({ client: handle.pool });
      return [db as never, () => db.select().from(drizzleTables.postgres.packages) as never];
    }
    case "mysql": {
      const db = mysqlDrizzle({ client: handle.pool });
      return [db as never, () => db.select().from(drizzleTables.mysql.packages) as never];
    }
    case "sqlite": {
      const db = sqliteDrizzle({ client: handle.database });
      return [db as never, () => db.select().from(drizzleTables.sqlite.packages) as never];
    }
  }
}
