/**
 * The hand-written endpoint's rows with Drizzle: the statement pagewise/drizzle runs for a cursor
 * page, built per call with Drizzle (the keyset in the dialect's best shape, a union read lead
 * first as pagewise reads it), `created_at`'s exact text selected beside it where the driver
 * reads a `Date`, the filtered table's repository first. Drizzle's three dialects are typed
 * alike here (`Select`): the statements are the same calls on each.
 * @packageDocumentation
 */
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  lt,
  or,
  type SQL,
  sql,
  type Table,
} from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import type { Handle } from "./builders-databases.js";
import { drizzleTables } from "./builders-drizzle-tables.js";
import { type AfterValues, type CursorRows, EXACT_KEY } from "./builders-endpoint.js";
import { type EndpointTable, sortsBy } from "./builders-endpoint-kysely.js";
import { type Branch, bestShape, branches, pastOperator } from "./builders-shapes.js";
import { type Column, ORDERS, type Order, REPOSITORY } from "./builders-table.js";

type Rows = Record<string, unknown>[];
/** A Drizzle select, as the three dialects' selects are called here. */
export interface Select extends PromiseLike<Rows> {
  where(condition: SQL | undefined): Select;
  orderBy(...terms: SQL[]): Select;
  limit(limit: number): Select;
  as(alias: string): unknown;
  unionAll(other: Select): Select;
  $dynamic(): Select;
  all?(): Rows;
}
/** Drizzle on any of the three dialects, as called here. */
export interface Db {
  select(fields?: Record<string, unknown>): { from(table: unknown): Select };
}
/** A table's columns by name, the repository's included (`repo_packages` alone has them). */
export type Columns = Readonly<Record<Column | "owner" | "repo", AnyColumn>>;

/** Drizzle over the handle, and the handle's tables. */
export function drizzleOf(handle: Handle): [Db, Readonly<Record<EndpointTable, Columns>>] {
  switch (handle.dialect) {
    case "postgres":
      return [pgDrizzle({ client: handle.pool }) as never, drizzleTables.postgres as never];
    case "mysql":
      return [mysqlDrizzle({ client: handle.pool }) as never, drizzleTables.mysql as never];
    case "sqlite":
      return [sqliteDrizzle({ client: handle.database }) as never, drizzleTables.sqlite as never];
  }
}

/** The filter before the keyset: the measured repository's rows. */
export const inRepository = (columns: Columns): SQL | undefined =>
  and(eq(columns.owner, REPOSITORY.owner), eq(columns.repo, REPOSITORY.repo));

function afterValue(after: AfterValues, column: Column): SQL {
  const value = after[column];
  if (value === undefined) throw new Error(`no ${column} in the cursor`);
  return sql`${value}`;
}

const range = (columns: Columns, { equal, past }: Branch, after: AfterValues) =>
  and(
    ...equal.map(([column]) => eq(columns[column], afterValue(after, column))),
    (pastOperator(past) === ">" ? gt : lt)(columns[past[0]], afterValue(after, past[0])),
  );

/**
 * A mixed order's lead, as pagewise runs it first: the first term equal to the cursor's, the
 * rest (one direction) past it as a row value: `status = ? AND (created_at, id) < (?, ?)`.
 */
function lead(columns: Columns, order: Order, after: AfterValues): SQL | undefined {
  const [[head], [second, direction], [third]] = ORDERS[order] as unknown as [
    [Column],
    [Column, "asc" | "desc"],
    [Column],
  ];
  const op = direction === "asc" ? sql.raw(">") : sql.raw("<");
  return and(
    eq(columns[head], afterValue(after, head)),
    sql`(${columns[second]}, ${columns[third]}) ${op} (${afterValue(after, second)}, ${afterValue(after, third)})`,
  );
}

/** The endpoint's rows over `table` with Drizzle on the handle's dialect. */
export function drizzleCursorRows(handle: Handle, table: EndpointTable): CursorRows {
  const [db, tables] = drizzleOf(handle);
  const columns = tables[table];
  const { dialect } = handle;
  const exact =
    dialect === "postgres"
      ? sql<string>`${columns.created_at}::text`
      : dialect === "mysql"
        ? sql<string>`CAST(${columns.created_at} AS CHAR)`
        : undefined;
  const withColumns = getTableColumns(columns as unknown as Table);
  const repository = table === "repo_packages" ? inRepository(columns) : undefined;
  const run = async (query: Select) => (query.all === undefined ? query : query.all());
  const orderBy = (order: Order) =>
    ORDERS[order].map(([column, direction]) =>
      direction === "asc" ? asc(columns[column]) : desc(columns[column]),
    );
  const ordered = (order: Order, limit: number, keyset?: SQL) =>
    db
      .select(
        exact !== undefined && sortsBy(order, "created_at")
          ? { ...withColumns, [EXACT_KEY]: exact.as(EXACT_KEY) }
          : undefined,
      )
      .from(columns)
      .where(keyset === undefined ? repository : and(repository, keyset))
      .orderBy(...orderBy(order))
      .limit(limit)
      .$dynamic();
  const union = (order: Order, after: AfterValues, limit: number) => {
    const [nearest, ...others] = branches(order).map((branch, i) =>
      db.select().from(ordered(order, limit, range(columns, branch, after)).as(`b${i}`)),
    );
    if (nearest === undefined) throw new Error(`no branches for ${order}`);
    return others
      .reduce((all, branch) => all.unionAll(branch).$dynamic(), nearest.$dynamic())
      .orderBy(...orderBy(order))
      .limit(limit);
  };
  return async (order, after, limit) => {
    if (after === undefined) return run(ordered(order, limit));
    const shape = bestShape(dialect, order);
    if (shape === "UNION ALL") {
      const near = await run(ordered(order, limit, lead(columns, order, after)));
      return near.length >= limit ? near : run(union(order, after, limit));
    }
    if (shape === "OR tree")
      return run(
        ordered(order, limit, or(...branches(order).map((b) => range(columns, b, after)))),
      );
    const [[first, direction], [second]] = ORDERS[order];
    const op = direction === "asc" ? sql.raw(">") : sql.raw("<");
    const rowValue = sql`(${columns[first]}, ${columns[second]}) ${op} (${afterValue(after, first)}, ${afterValue(after, second)})`;
    return run(ordered(order, limit, rowValue));
  };
}
