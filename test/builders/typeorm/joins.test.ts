/**
 * typeormPages and typeormCursorPages over joins, on SQLite (better-sqlite3); on a PostgreSQL
 * server (pg) and MariaDB (mysql2) in their suites. A join to many (`leftJoinAndSelect` of a
 * package's versions) answers whole entities, each once with every version, counted as packages;
 * sorted by a version's column, a page of 3 holds 3 packages (nestjs-paginate #609: TypeORM's own
 * `take` answers fewer). A join to one (a version's package) is read in one statement.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typeormCursorPages, typeormPages } from "../../../src/builders/typeorm/index.js";
import { cursorList, defineResource, list } from "../../../src/index.js";
import { databaseRows } from "../../support/databases.js";
import { answer, walk } from "../kysely/kysely-behaviour.js";
import {
  mariadbDatabase,
  type Package,
  postgresDatabase,
  sqliteDatabase,
  type TypeormDatabase,
} from "./typeorm-databases.js";
import {
  cursorResource,
  databaseOrder,
  PACKAGES,
  packages,
  pagesResource,
  SECRET,
  VERSIONS,
} from "./typeorm-lists.js";

/** Each package's tags, as the versions table holds them. */
const TAGS = new Map<string, string[]>(
  PACKAGES.map((p) => [
    String(p.id),
    VERSIONS.filter((v) => v.packageId === p.id).map((v) => v.tag),
  ]),
);

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("pagewise/typeorm over joins on %s", (name, open) => {
  let db: TypeormDatabase;
  beforeAll(async () => {
    db = await open();
    await db.fill(PACKAGES, VERSIONS);
  });
  afterAll(() => db.close());

  const withVersions = () => packages(db).leftJoinAndSelect("p.versions", "v");
  const columns = { tag: "v.tag" } as const;
  /** Each package's tags as answered, sorted. */
  const tagsOf = (rows: Record<string, unknown>[]) =>
    rows.map((r) => [String(r.id), (r.versions as { tag: string }[]).map((v) => v.tag).sort()]);

  it("reproduces nestjs-paginate #609 with TypeORM's own take: fewer packages than the page", async () => {
    const tagged = packages(db).innerJoinAndSelect("p.versions", "v");
    const taken = await tagged.orderBy("v.tag").addOrderBy("p.id").take(3).getMany();
    // Its DISTINCT over (id, tag) keeps (2, a), (2, b), (1, c): two packages.
    expect(taken.map((p) => String(p.id))).toStrictEqual(["2", "1"]);
  });

  it.each(["tag", "-tag", "tag,-name", "-createdAt"])(
    "pages sort=%s over a join to many: 3 packages a page, each with every version, counted as packages",
    async (sort) => {
      const resource = pagesResource(db, withVersions, { columns });
      const first = await answer(resource, `/?sort=${sort}&page_size=3`);
      expect([first.status, first.headers["X-Pagination-Count"], first.ids.length]).toStrictEqual([
        200,
        "8",
        3,
      ]);
      const { ids } = await walk(resource, `/?sort=${sort}&page_size=3`, "next");
      expect(ids).toStrictEqual(await databaseOrder(db, sort));
      const all = await answer(resource, `/?sort=${sort}&page_size=10`);
      expect(tagsOf(all.rows)).toStrictEqual(
        ids.map((id) => [id, [...(TAGS.get(id) ?? [])].sort()]),
      );
    },
  );

  it.each(["tag", "-tag", "tag,-name", "-createdAt"])(
    "walks sort=%s over a join to many with cursors, forward and back, each package once with every version",
    async (sort) => {
      const resource = cursorResource(db, withVersions, { columns });
      const expected = await databaseOrder(db, sort);
      const forward = await walk(resource, `/?sort=${sort}&page_size=3`, "next");
      expect(forward.ids).toStrictEqual(expected);
      const back = await walk(resource, forward.last, "prev");
      expect(back.ids.reverse()).toStrictEqual(expected);
      const page = await answer(resource, `/?sort=${sort}&page_size=3`);
      expect(tagsOf(page.rows)).toStrictEqual(
        expected.slice(0, 3).map((id) => [id, [...(TAGS.get(id) ?? [])].sort()]),
      );
    },
  );

  it("counts a capped page over a join to many as packages", async () => {
    const found = await answer(
      pagesResource(db, withVersions, { columns, count: { cap: 5 } }),
      "/?sort=tag&page_size=3",
    );
    expect([found.headers["X-Pagination-CountAtLeast"], found.ids.length]).toStrictEqual(["6", 3]);
  });

  // SQLite keeps no estimate (refused when the list is defined: pages.test.ts).
  it.skipIf(name === "SQLite")("estimates the packages of a join to many", async () => {
    const found = await answer(
      pagesResource(db, withVersions, { columns, count: "estimate" }),
      "/?sort=tag&page_size=3",
    );
    expect(found.headers["X-Pagination-CountEstimate"]).toMatch(/^[0-9]+$/);
    expect(found.ids).toStrictEqual((await databaseOrder(db, "tag")).slice(0, 3));
  });

  it("orders versions by their package's name over a join to one, in one statement a page", async () => {
    const sort = { fields: { name: true }, tieBreaker: "id" } as const;
    const versions = () =>
      db.dataSource
        .getRepository("Version")
        .createQueryBuilder("v")
        .innerJoinAndSelect("v.package", "p");
    const handler = typeormCursorPages(db.dataSource, versions, { columns: { name: "p.name" } });
    const resource = defineResource({
      GET: cursorList({ sort, secret: SECRET, handler: handler as never }),
    });
    const rows = await db.raw(
      "SELECT v.id AS id FROM versions v JOIN packages p ON p.id = v.package_id ORDER BY p.name, v.id",
    );
    db.statements();
    const forward = await walk(resource, "/?sort=name&page_size=4", "next");
    expect(forward.ids).toStrictEqual(rows.map((r) => String(r.id)));
    // The entities each time, the joined package's columns beside; MariaDB's bounded pages
    // under its planner setting.
    const kind = (sql: string) =>
      `${sql.startsWith("SET STATEMENT") ? "set " : ""}${/`p`\.`name` AS `p_name`/.test(sql) || /"p"\."name" AS "p_name"/.test(sql) ? "entities" : "keys"}`;
    const ran = db
      .statements()
      .filter((s) => !s.sql.includes("@@"))
      .map((s) => kind(s.sql));
    const bounded = db.dialect === "mysql" ? "set entities" : "entities";
    expect(ran).toStrictEqual(["entities", bounded, bounded]);
    const pages = defineResource({
      GET: list({
        sort,
        handler: typeormPages(db.dataSource, versions, { columns: { name: "p.name" } }) as never,
      }),
    });
    const first = await answer(pages, "/?sort=-name&page_size=2");
    expect((first.rows as { package: Package }[]).map((r) => r.package.name)).toStrictEqual(
      (
        await db.raw(
          "SELECT name FROM packages p JOIN versions v ON v.package_id = p.id ORDER BY p.name DESC, v.id DESC",
        )
      )
        .slice(0, 2)
        .map((r) => r.name),
    );
  });
});
