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
import {
  ORDERS,
  type Order,
  PAGE,
  type PackagesTable,
  SMALL,
  TYPEORM_TABLES,
  typeormColumns,
} from "../builders-table.js";

// A CommonJS package: its names from its default export.
const { paginate, PaginationType } = nestjsPaginate;

type Table = "packages" | "packages_small";

function entities(dialect: Handle["dialect"]) {
  const columns = typeormColumns(dialect);
  return TYPEORM_TABLES.map(
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
  /** The row at `position` of `table` in `order`. */
  const rowAt = (table: Table, order: Order, position: number) => {
    const qb = repository(table).createQueryBuilder("p");
    for (const [column, direction] of ORDERS[order])
      qb.addOrderBy(`p.${column}`, direction === "asc" ? "ASC" : "DESC");
    return qb.skip(position).take(1).getOneOrFail();
  };
  return {
    name: "nestjs-paginate 15.0.1 (TypeORM 1.1.1)",
    cursorAfter: async (order, position) => {
      const row = await rowAt("packages", order, position);
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
    // Backward: the `previous` link of a page holding only the last row, then the `next` links of
    // the pages it leads to (each in the reversed order the link names).
    walkBack: async (order) => {
      const last = await rowAt("packages_small", order, SMALL - 1);
      const single = await paginate(
        { path: "/packages", limit: 1, sortBy: sortByOf(order) as never },
        repository("packages_small"),
        config(order, { id: last.id }) as never,
      );
      const reversed = sortByOf(order).map(([column, direction]): [string, string] => [
        column,
        direction === "ASC" ? "DESC" : "ASC",
      ]);
      const back = async (cursor: string | undefined): Promise<[unknown[], string | undefined]> => {
        const result = await paginate(
          {
            path: "/packages",
            limit: PAGE,
            sortBy: reversed as never,
            ...(cursor === undefined ? {} : { cursor }),
          },
          repository("packages_small"),
          config(order) as never,
        );
        return [
          result.data.map((row: PackagesTable) => row.id),
          result.data.length === PAGE ? cursorOf(result.links.next) : undefined,
        ];
      };
      const start = cursorOf(single.links.previous);
      if (start === undefined) throw new Error(`no previous link before the last row in ${order}`);
      return walkAll(
        () => back(start),
        (cursor) => back(cursor),
      );
    },
    close: () => dataSource.destroy(),
  };
}
