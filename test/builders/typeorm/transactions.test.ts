/**
 * pagewise/typeorm inside the user's transaction, on SQLite (better-sqlite3); on a PostgreSQL
 * server (pg) and MariaDB (mysql2) in their suites: a query builder made on a transaction's query
 * runner has every statement of its page (rows, keys, count, MariaDB's keys under its setting)
 * run on that runner, so a package written in the transaction, not yet committed, is listed and
 * counted. And a query that names what it has not is refused at the request with what to give.
 */
import type { QueryRunner } from "typeorm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { databaseRows } from "../../support/databases.js";
import { answer, walk } from "../kysely/kysely-behaviour.js";
import {
  mariadbDatabase,
  postgresDatabase,
  sqliteDatabase,
  type TypeormDatabase,
  timestampOf,
  uidOf,
} from "./typeorm-databases.js";
import {
  BIG,
  cursorResource,
  PACKAGES,
  packages,
  pagesResource,
  VERSIONS,
} from "./typeorm-lists.js";

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("pagewise/typeorm in a transaction on %s", (_name, open) => {
  let db: TypeormDatabase;
  let runner: QueryRunner;
  beforeAll(async () => {
    db = await open();
    await db.fill(PACKAGES, VERSIONS);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    runner = db.dataSource.createQueryRunner();
    await runner.startTransaction();
    const p = (n: number) => (db.dialect === "postgres" ? `$${n}` : "?");
    const zone = db.dialect === "postgres" ? "+00" : "";
    await runner.query(
      `INSERT INTO packages (id, name, score, grp, created_at, uid, downloads) VALUES (${[1, 2, 3, 4, 5, 6, 7].map(p).join(", ")})`,
      [9, "uncommitted", 1, 0, timestampOf(2_000_000) + zone, uidOf(9), String(BIG)],
    );
  });
  afterEach(async () => {
    await runner.rollbackTransaction();
    await runner.release();
  });

  /** The packages' query builder on the transaction's runner, joined to its versions or not. */
  const inTransaction = (joined: boolean) => () => {
    const qb = db.dataSource.getRepository("Package").createQueryBuilder("p", runner);
    return joined ? qb.leftJoinAndSelect("p.versions", "v") : qb;
  };

  it.each([false, true])(
    "lists and counts the uncommitted package by page (joined to many: %s)",
    async (joined) => {
      const resource = pagesResource(db, inTransaction(joined), { columns: { tag: "v.tag" } });
      const found = await answer(resource, "/?sort=-createdAt&page_size=2");
      expect([found.status, found.headers["X-Pagination-Count"], found.ids]).toStrictEqual([
        200,
        "9",
        ["9", "8"],
      ]);
    },
  );

  it.each([false, true])(
    "walks to the uncommitted package by cursor (joined to many: %s)",
    async (joined) => {
      const resource = cursorResource(db, inTransaction(joined), { columns: { tag: "v.tag" } });
      const { ids } = await walk(resource, "/?sort=createdAt&page_size=2", "next");
      expect(ids.at(-1)).toBe("9");
      expect(ids).toHaveLength(9);
    },
  );

  it.each<[string, Record<string, string>, string]>([
    [
      "a sort column the query has not",
      { tag: "w.tag" },
      'pagewise/typeorm: the sort column "tag" is no column of the query\'s alias "w": give the option columns: { tag: "alias.property" } (an alias of the query, a dot, a property of its entity)',
    ],
    [
      "a tie-breaker of a joined alias",
      { id: "v.id", tag: "v.tag" },
      'pagewise/typeorm: the tie-breaker "id" must be a column of the query\'s main alias "p" (its key, unique per entity): pages are read by it',
    ],
  ])(
    "refuses a request of %s before any SQL runs, naming what to give",
    async (_case, columns, message) => {
      const query = () => packages(db).leftJoinAndSelect("p.versions", "v");
      db.statements();
      await expect(answer(pagesResource(db, query, { columns }), "/?sort=tag")).rejects.toThrow(
        new TypeError(message),
      );
      expect(db.statements()).toStrictEqual([]);
    },
  );
});
