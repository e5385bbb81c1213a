/**
 * TypeORM 1.1 in the builders suite: a data source over the suite's tables (entities made with
 * `EntitySchema`, each property named as its column), the pages written by hand with a
 * `SelectQueryBuilder` (page 1; the keyset after a row as an `OR` of ranges in `Brackets`, as
 * TypeORM's users write it), pagewise/typeorm's (`typeormPages`, `typeormCursorPages`, by their
 * handlers as builders-pagewise.ts calls them), and nestjs-paginate 15's cursor mode, which runs
 * only on Nest 10/11 and so has an install of its own in test/bench/nestjs-paginate (installed
 * by the suite when missing: `npm ci --prefix test/bench/nestjs-paginate`).
 * @packageDocumentation
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { typeormCursorPages, typeormPages } from "pagewise/typeorm";
import { Brackets, DataSource, EntitySchema, type SelectQueryBuilder } from "typeorm";
import type { Competitor } from "./builders-competitors.js";
import { connectionOf, typeormOptions } from "./builders-connection.js";
import type { Handle } from "./builders-databases.js";
import type { HandPages } from "./builders-kysely.js";
import { type PagewisePages, pagewisePagesOf } from "./builders-pagewise.js";
import { branches, pastOperator } from "./builders-shapes.js";
import {
  type DialectName,
  type ExactRow,
  FETCHED,
  ORDERS,
  type Order,
  type PackagesTable,
  TYPEORM_TABLES,
  typeormColumns,
} from "./builders-table.js";

/** The suite's two tables as entities, `created_at` to the microsecond. */
export function benchEntities(dialect: DialectName) {
  const columns = typeormColumns(dialect);
  return TYPEORM_TABLES.map(
    (tableName) =>
      new EntitySchema<PackagesTable>({ name: tableName, tableName, columns: columns as never }),
  );
}

/** A TypeORM data source on `handle`'s database (the tables are the suite's: no synchronize). */
export async function typeormOf(handle: Handle): Promise<DataSource> {
  const dataSource = new DataSource({
    ...(typeormOptions(connectionOf(handle)) as { type: "postgres" }),
    entities: benchEntities(handle.dialect),
  });
  return dataSource.initialize();
}

type Qb = SelectQueryBuilder<PackagesTable>;

/** The measured table, selected as TypeORM's users select it. */
const selectFrom = (dataSource: DataSource): Qb =>
  dataSource.getRepository<PackagesTable>("packages").createQueryBuilder("p");

/** `qb` ordered by `order`, the page and one more. */
function ordered(qb: Qb, order: Order): Qb {
  for (const [column, direction] of ORDERS[order])
    qb.addOrderBy(`p.${column}`, direction === "asc" ? "ASC" : "DESC");
  return qb.take(FETCHED);
}

/** The keyset after `row` in `order` as TypeORM's users write it: one `OR` of ranges. */
function keyset(qb: Qb, order: Order, row: ExactRow): Qb {
  return qb.where(
    new Brackets((or) => {
      for (const { equal, past } of branches(order)) {
        const terms = [
          ...equal.map(([column]) => `p.${column} = :${column}`),
          `p.${past[0]} ${pastOperator(past)} :${past[0]}`,
        ];
        or.orWhere(`(${terms.join(" AND ")})`, row);
      }
    }),
  );
}

/** TypeORM's pages on the measured table, written by hand. */
export function typeormHand(dataSource: DataSource): HandPages {
  return {
    first: (order) => ordered(selectFrom(dataSource), order).getMany(),
    offset: (order, offset) => ordered(selectFrom(dataSource), order).skip(offset).getMany(),
    keyset: (order, row) => ordered(keyset(selectFrom(dataSource), order, row), order).getMany(),
  };
}

/** pagewise/typeorm's pages on the measured table (a countless page list; cursor lists). */
export function typeormPagewise(dataSource: DataSource): PagewisePages {
  const query = () => selectFrom(dataSource);
  const pages = typeormPages(dataSource, query, { count: "none" });
  const cursor = typeormCursorPages(dataSource, query);
  return pagewisePagesOf({ pages: pages.handle as never, cursor: () => cursor.handle as never });
}

const NESTJS_PAGINATE = new URL("./nestjs-paginate/", import.meta.url);

/** nestjs-paginate on Nest 11 and its own TypeORM, from its own folder, installed when missing. */
export async function nestjsPaginate(
  handle: Handle,
): Promise<Competitor & { close(): Promise<void> }> {
  if (!existsSync(new URL("node_modules/nestjs-paginate", NESTJS_PAGINATE))) {
    console.log(
      "Installing nestjs-paginate and Nest 11: npm ci --prefix test/bench/nestjs-paginate",
    );
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", NESTJS_PAGINATE.pathname], {
      stdio: "inherit",
    });
  }
  // A path tsc does not follow: the folder's packages are not the root's, and its own tsconfig
  // checks it (npx tsc -p test/bench/nestjs-paginate).
  const module: {
    competitor: (handle: Handle) => Promise<Competitor & { close(): Promise<void> }>;
  } = await import(new URL("competitor.ts", NESTJS_PAGINATE).href);
  return module.competitor(handle);
}
