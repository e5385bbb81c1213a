/**
 * kysely-paginate 0.2.0 on Kysely 0.24 (this folder's own install), measured by the builders
 * suite beside pagewise: its cursor pages (`executeWithCursorPagination`, the cursor its default
 * encoder writes, parsed back as a user would: a `Date` where the driver reads one) and its offset
 * pages (`executeWithOffsetPagination`).
 * @packageDocumentation
 */
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "kysely";
import {
  defaultEncodeCursor,
  executeWithCursorPagination,
  executeWithOffsetPagination,
} from "kysely-paginate";
import type { Competitor } from "../builders-competitors.js";
import { walkAll } from "../builders-competitors.js";
import type { Handle } from "../builders-databases.js";
import { type Column, ORDERS, type Order, PAGE, type PackagesTable } from "../builders-table.js";

interface Tables {
  packages: PackagesTable;
  packages_small: PackagesTable;
}
type Table = keyof Tables;
type Row = Record<Column, unknown>;

function kyselyOf(handle: Handle): Kysely<Tables> {
  switch (handle.dialect) {
    case "postgres":
      return new Kysely({ dialect: new PostgresDialect({ pool: handle.pool }) });
    case "mysql":
      // Kysely 0.24's MysqlPool type predates mysql2 3's declarations; the same pool at run time.
      return new Kysely({ dialect: new MysqlDialect({ pool: handle.pool as never }) });
    case "sqlite":
      return new Kysely({ dialect: new SqliteDialect({ database: handle.database }) });
  }
}

/** kysely-paginate on `handle`'s database. */
export function competitor(handle: Handle): Competitor {
  const db = kyselyOf(handle);
  const datesRead = handle.dialect !== "sqlite"; // pg and mysql2 read timestamps as a Date
  const select = (table: Table) =>
    db.selectFrom(table).select(["id", "name", "status", "created_at", "note"]);
  const fields = (order: Order) =>
    ORDERS[order].map(([expression, direction]) => ({ expression, direction }));
  const parseCursor = (values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        key === "created_at" && datesRead ? new Date(value) : value,
      ]),
    );
  const cursorPage = (table: Table, order: Order, after: string | undefined) =>
    // `as never`: kysely-paginate's declarations name Kysely's CommonJS ones, ours its ESM ones.
    executeWithCursorPagination(select(table) as never, {
      perPage: PAGE,
      ...(after === undefined ? {} : { after }),
      fields: fields(order) as never,
      parseCursor: parseCursor as never,
    });
  const ordered = (order: Order) => {
    let query = select("packages");
    for (const [column, direction] of ORDERS[order]) query = query.orderBy(column, direction);
    return query;
  };
  return {
    name: "kysely-paginate 0.2.0 (Kysely 0.24.2)",
    cursorAfter: async (order, position) => {
      const row = (await ordered(order).limit(1).offset(position).executeTakeFirstOrThrow()) as Row;
      const after = defaultEncodeCursor(
        ORDERS[order].map(([column]) => [column, row[column]]) as never,
      );
      return () => cursorPage("packages", order, after);
    },
    offsetAt: (order, offset) => () =>
      executeWithOffsetPagination(ordered(order) as never, {
        perPage: PAGE,
        page: offset / PAGE + 1,
      }),
    walk: (order) => {
      const next = async (after: string | undefined): Promise<[unknown[], string | undefined]> => {
        const page = await cursorPage("packages_small", order, after);
        const ids = (page.rows as Row[]).map((row) => row.id);
        return [ids, page.hasNextPage ? page.endCursor : undefined];
      };
      return walkAll(
        () => next(undefined),
        (after) => next(after),
      );
    },
  };
}
