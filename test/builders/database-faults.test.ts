/**
 * A database that cannot be reached answers a list from pagewise/kysely, pagewise/drizzle or
 * pagewise/prisma with the 503 problem (`Retry-After: 1`), page and cursor mode, PostgreSQL (pg)
 * and MariaDB (mysql2; Prisma's mariadb adapter): the drivers' own errors, under Drizzle's and
 * Prisma's wrappers too, never the framework's 500. Nothing listens on
 * the port the pools are given.
 */

import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaPg } from "@prisma/adapter-pg";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { Kysely, MysqlDialect, PostgresDialect } from "kysely";
import { createPool } from "mysql2";
import { createPool as createPromisePool } from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRouter } from "../../src/adapters/fetch/index.js";
import { drizzleCursorPages, drizzlePages } from "../../src/builders/drizzle/index.js";
import { kyselyCursorPages, kyselyPages } from "../../src/builders/kysely/index.js";
import { prismaCursorPages, prismaPages } from "../../src/builders/prisma/index.js";
import { cursorList, defineResource, list } from "../../src/index.js";
import { problem, problemType } from "../adapters/behaviour-suite.js";
import { freePort } from "../support/free-port.js";
import { mysqlPackages, pgPackages } from "./drizzle/drizzle-databases.js";
import { PrismaClient as MysqlClient } from "./prisma/generated/mysql/client.ts";
import { PrismaClient as PostgresClient } from "./prisma/generated/postgres/client.ts";

interface Items {
  packages: { id: string; name: string };
}
const sort = { fields: { name: true }, tieBreaker: "id", default: "name" } as const;
const secret = "a secret of at least thirty-two characters";
const closers: (() => Promise<unknown>)[] = [];
let routes: (request: Request) => Response | Promise<Response>;

beforeAll(async () => {
  const port = await freePort();
  const pgPool = new pg.Pool({ host: "127.0.0.1", port, connectionTimeoutMillis: 2_000 });
  const mysqlPool = createPool({ host: "127.0.0.1", port, connectTimeout: 2_000 });
  const mysqlPromises = createPromisePool({ host: "127.0.0.1", port, connectTimeout: 2_000 });
  closers.push(
    () => pgPool.end(),
    () => mysqlPromises.end(),
  );
  closers.push(() => new Promise((resolve) => mysqlPool.end(resolve)));
  const kyselyPg = new Kysely<Items>({ dialect: new PostgresDialect({ pool: pgPool }) });
  const kyselyMysql = new Kysely<Items>({ dialect: new MysqlDialect({ pool: mysqlPool }) });
  const drizzlePg = pgDrizzle({ client: pgPool });
  const drizzleMysql = mysqlDrizzle({ client: mysqlPromises });
  const kyselyQuery = (db: Kysely<Items>) => () => db.selectFrom("packages").select(["id", "name"]);
  const resources = {
    "kysely-pg": [kyselyPg, "postgres"],
    "kysely-mysql": [kyselyMysql, "mysql"],
  } as const;
  const entries: [string, ReturnType<typeof defineResource>][] = [];
  for (const [name, [db, dialect]] of Object.entries(resources)) {
    entries.push([
      `/${name}/pages/`,
      defineResource({
        GET: list({ sort, handler: kyselyPages(db, kyselyQuery(db), { dialect }) }),
      }),
    ]);
    entries.push([
      `/${name}/cursor/`,
      defineResource({
        GET: cursorList({
          secret,
          sort,
          handler: kyselyCursorPages(db, kyselyQuery(db), { dialect }),
        }),
      }),
    ]);
  }
  const pgQuery = () => drizzlePg.select().from(pgPackages);
  const mysqlQuery = () => drizzleMysql.select().from(mysqlPackages);
  entries.push(
    [
      "/drizzle-pg/pages/",
      defineResource({
        GET: list({ sort, handler: drizzlePages(drizzlePg, pgQuery, { dialect: "postgres" }) }),
      }),
    ],
    [
      "/drizzle-pg/cursor/",
      defineResource({
        GET: cursorList({
          secret,
          sort,
          handler: drizzleCursorPages(drizzlePg, pgQuery, { dialect: "postgres" }),
        }),
      }),
    ],
    [
      "/drizzle-mysql/pages/",
      defineResource({
        GET: list({ sort, handler: drizzlePages(drizzleMysql, mysqlQuery, { dialect: "mysql" }) }),
      }),
    ],
    [
      "/drizzle-mysql/cursor/",
      defineResource({
        GET: cursorList({
          secret,
          sort,
          handler: drizzleCursorPages(drizzleMysql, mysqlQuery, { dialect: "mysql" }),
        }),
      }),
    ],
  );
  // Prisma through its driver adapters, each connection attempt bounded.
  const prismaPg = new PostgresClient({
    adapter: new PrismaPg({ host: "127.0.0.1", port, connectionTimeoutMillis: 2_000 }),
  });
  const prismaMariaDb = new MysqlClient({
    adapter: new PrismaMariaDb({
      host: "127.0.0.1",
      port,
      connectTimeout: 2_000,
      acquireTimeout: 2_000,
    }),
  });
  closers.push(
    () => prismaPg.$disconnect(),
    () => prismaMariaDb.$disconnect(),
  );
  for (const [name, item] of [
    ["prisma-pg", prismaPg.item],
    ["prisma-mysql", prismaMariaDb.item],
  ] as const) {
    entries.push(
      [
        `/${name}/pages/`,
        defineResource({ GET: list({ sort, handler: prismaPages(item, () => ({})) }) }),
      ],
      [
        `/${name}/cursor/`,
        defineResource({
          GET: cursorList({ secret, sort, handler: prismaCursorPages(item, () => ({})) }),
        }),
      ],
    );
  }
  routes = fetchRouter(entries);
});

afterAll(async () => {
  for (const close of closers) await close();
});

describe.each([
  "kysely-pg",
  "kysely-mysql",
  "drizzle-pg",
  "drizzle-mysql",
  "prisma-pg",
  "prisma-mysql",
])("%s", (name) => {
  it.each(["pages", "cursor"])("answers a %s list with the 503 problem", async (mode) => {
    const answer = await routes(new Request(`http://127.0.0.1/${name}/${mode}/`));
    expect({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: await answer.json(),
    }).toStrictEqual({
      status: 503,
      headers: {
        ...problemType,
        allow: "GET, OPTIONS",
        "content-length": "136",
        "retry-after": "1",
      },
      body: problem(
        503,
        "Service Unavailable",
        "service_unavailable",
        "The database is not reachable.",
      ),
    });
  });
});
