/**
 * typeormPages on SQLite (better-sqlite3); on a PostgreSQL server (pg) and MariaDB (mysql2) in
 * their suites (TypeORM has no PGlite driver): walks in the database's order, every count
 * strategy, the query's own entities.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TypeormPagesOptions } from "../../../src/builders/typeorm/index.js";
import { databaseRows } from "../../support/databases.js";
import { answer, walk } from "../kysely/kysely-behaviour.js";
import {
  mariadbDatabase,
  postgresDatabase,
  sqliteDatabase,
  type TypeormDatabase,
} from "./typeorm-databases.js";
import {
  databaseOrder,
  PACKAGES,
  packages,
  pagesResource,
  SORTS,
  VERSIONS,
} from "./typeorm-lists.js";

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("typeormPages on %s", (_name, open) => {
  let db: TypeormDatabase;
  beforeAll(async () => {
    db = await open();
    await db.fill(PACKAGES, VERSIONS);
  });
  afterAll(() => db.close());

  it.each(SORTS)("walks sort=%s page by page in the database's order", async (sort) => {
    const { ids } = await walk(
      pagesResource(db, () => packages(db)),
      `/?sort=${sort}&page_size=3`,
      "next",
    );
    expect(ids).toStrictEqual(await databaseOrder(db, sort));
  });

  it.each<[string, TypeormPagesOptions<unknown>, string, Record<string, string | undefined>]>([
    ["exact", {}, "page=1", { "X-Pagination-Count": "8", "X-Pagination-CountAtLeast": undefined }],
    [
      "a cap below the total",
      { count: { cap: 5 } },
      "page=1",
      { "X-Pagination-Count": undefined, "X-Pagination-CountAtLeast": "6" },
    ],
    [
      "a cap at the total",
      { count: { cap: 8 } },
      "page=1",
      { "X-Pagination-Count": "8", "X-Pagination-CountAtLeast": undefined },
    ],
    [
      "whenNeeded on the last page",
      { count: { whenNeeded: "exact" } },
      "page=3",
      { "X-Pagination-Count": "8", "X-Pagination-CountAtLeast": undefined },
    ],
    [
      "of, the user's count",
      { count: { of: () => 8 } },
      "page=1",
      { "X-Pagination-Count": "8", "X-Pagination-CountAtLeast": undefined },
    ],
    [
      "none",
      { count: "none" },
      "page=1",
      { "X-Pagination-Count": undefined, "X-Pagination-CountAtLeast": undefined },
    ],
  ])("counts with %s", async (_case, options, page, expected) => {
    const found = await answer(
      pagesResource(db, () => packages(db), options),
      `/?${page}&page_size=3`,
    );
    expect(found.status).toBe(200);
    const names = Object.keys(expected);
    expect(Object.fromEntries(names.map((n) => [n, found.headers[n]]))).toStrictEqual(expected);
  });

  it("counts with the planner's estimate where the dialect keeps one (SQLite: refused when defined)", async () => {
    if (db.dialect === "sqlite") {
      expect(() => pagesResource(db, () => packages(db), { count: "estimate" })).toThrow(
        new TypeError(
          'count "estimate": sqlite keeps no row estimate a query can read; give "exact", { cap: n } or { whenNeeded: … }',
        ),
      );
      return;
    }
    const found = await answer(
      pagesResource(db, () => packages(db), { count: "estimate" }),
      "/?page_size=3",
    );
    expect(found.headers["X-Pagination-CountEstimate"]).toMatch(/^[0-9]+$/);
    expect(found.ids).toHaveLength(3);
  });

  it("answers the query's entities, filtered by its WHERE (an OR kept apart from the page's own)", async () => {
    const query = () =>
      packages(db).where("p.grp = :one", { one: 1 }).orWhere("p.name = :name", { name: "alpha" });
    const found = await answer(pagesResource(db, query), "/?sort=-name&page_size=10");
    expect(found.status).toBe(200);
    expect(found.headers["X-Pagination-Count"]).toBe("5");
    expect(found.rows.map((r) => Object.keys(r).sort())).toStrictEqual(
      Array(5).fill(["createdAt", "downloads", "grp", "id", "name", "score", "uid"]),
    );
    expect(found.ids).toStrictEqual(
      await ids(db, "WHERE grp = 1 OR name = 'alpha' ORDER BY name DESC, id DESC"),
    );
  });
});

/** The packages' keys as text, for SQL of the suite's own after `FROM packages`. */
async function ids(db: TypeormDatabase, rest: string): Promise<string[]> {
  return (await db.raw(`SELECT id FROM packages ${rest}`)).map((r) => String(r.id));
}
