/**
 * nestjs-paginate 15.0.1 (this folder's own install, on Nest 11 and its own TypeORM 1.1.1),
 * measured by the builders suite beside pagewise/typeorm: its cursor mode
 * (`paginationType: CURSOR`), each page after the cursor its own `next` link carries, as a
 * controller hands `paginate()` the request's query. It pages by one computed string per row
 * (no tie-breaker; dates and numbers only): an order it refuses is an error, reported as such.
 * @packageDocumentation
 */
import "reflect-metadata";
import nestjsPaginate from "nestjs-paginate";
import { DataSource, EntitySchema, type Repository } from "typeorm";
import type { Competitor } from "../builders-competitors.js";
import { walkAll } from "../builders-competitors.js";
import { connectionOf, typeormOptions } from "../builders-connection.js";
import type { Handle } from "../builders-databases.js";
import { ORDERS, type Order, PAGE, type PackagesTable } from "../builders-table.js";

// A CommonJS package: its names from its default export.
const { paginate, PaginationType } = nestjsPaginate;

type Table = "packages" | "packages_small";

function entities(dialect: Handle["dialect"]) {
  const columns = {
    id: { type: "bigint", primary: true },
    name: { type: "varchar", length: 64 },
    status: { type: "varchar", length: 20 },
    created_at: { type: dialect === "postgres" ? "timestamptz" : "datetime", precision: 6 },
    note: { type: "varchar", length: 64, nullable: true },
  } as const;
  return (["packages", "packages_small"] as const).map(
    (tableName) =>
      new EntitySchema<PackagesTable>({ name: tableName, tableName, columns: columns as never }),
  );
}

/** `order` as nestjs-paginate's `sortBy`: every term, as a client would ask for it. */
const sortByOf = (order: Order): [string, string][] =>
  ORDERS[order].map(([column, direction]) => [column, direction.toUpperCase()]);

/** The `cursor` parameter of a `next` link. */
const cursorOf = (link: string | undefined) =>
  link === undefined
    ? undefined
    : (new URL(link, "http://x").searchParams.get("cursor") ?? undefined);

/** nestjs-paginate on `handle`'s database, through its own TypeORM data source. */
export async function competitor(handle: Handle): Promise<Competitor & { close(): Promise<void> }> {
  const dataSource = await new DataSource({
    ...(typeormOptions(connectionOf(handle)) as { type: "postgres" }),
    entities: entities(handle.dialect),
  }).initialize();
  const repository = (table: Table): Repository<PackagesTable> =>
    dataSource.getRepository<PackagesTable>(table);
  const config = (order: Order, where?: object) => ({
    sortableColumns: ORDERS[order].map(([column]) => column),
    paginationType: PaginationType.CURSOR,
    maxLimit: 100,
    ...(where === undefined ? {} : { where }),
  });
  const page = (table: Table, order: Order, cursor: string | undefined, limit = PAGE) =>
    paginate(
      {
        path: "/packages",
        limit,
        sortBy: sortByOf(order) as never,
        ...(cursor === undefined ? {} : { cursor }),
      },
      repository(table),
      config(order) as never,
    );
  return {
    name: "nestjs-paginate 15.0.1 (TypeORM 1.1.1)",
    cursorAfter: async (order, position) => {
      const qb = repository("packages").createQueryBuilder("p");
      for (const [column, direction] of ORDERS[order])
        qb.addOrderBy(`p.${column}`, direction === "asc" ? "ASC" : "DESC");
      const row = await qb.skip(position).take(1).getOneOrFail();
      // The row's cursor as nestjs-paginate writes it: the `next` link of a page ending at it.
      const single = await paginate(
        { path: "/packages", limit: 1, sortBy: sortByOf(order) as never },
        repository("packages"),
        config(order, { id: row.id }) as never,
      );
      const cursor = cursorOf(single.links.next);
      if (cursor === undefined) throw new Error(`no cursor for the row at ${position} in ${order}`);
      return () => page("packages", order, cursor);
    },
    walk: (order, between) => {
      const next = ({
        data,
        links,
      }: {
        data: PackagesTable[];
        links: { next?: string };
      }): [unknown[], string | undefined] => [
        data.map((row) => row.id),
        data.length === PAGE ? cursorOf(links.next) : undefined,
      ];
      return walkAll(
        async () => next(await page("packages_small", order, undefined)),
        async (cursor) => next(await page("packages_small", order, cursor)),
        between,
      );
    },
    close: () => dataSource.destroy(),
  };
}
