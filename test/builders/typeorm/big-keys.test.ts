/**
 * Keys beyond 2^53, on a PostgreSQL server (pg) and MariaDB (mysql2), which read a bigint as its
 * digits: pages and cursors walk every package once, by page and by cursor, over a join to many
 * too. On SQLite (better-sqlite3, in `npm test`), which TypeORM reads as lossy numbers (two keys
 * one number, their entities merged by TypeORM), a page refuses with an error rather than answer
 * fewer packages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseRows } from "../../support/databases.js";
import { answer, walk } from "../kysely/kysely-behaviour.js";
import {
  mariadbDatabase,
  type PackageRow,
  postgresDatabase,
  sqliteDatabase,
  type TypeormDatabase,
} from "./typeorm-databases.js";
import { BIG, cursorResource, databaseOrder, packages, pagesResource } from "./typeorm-lists.js";

/** Keys one apart beyond 2^53 (a double reads each two as one), names in their reverse order. */
const ROWS: readonly PackageRow[] = Array.from({ length: 7 }, (_, i) => ({
  id: BIG + BigInt(i),
  name: `n${7 - i}`,
  score: i % 3 === 0 ? null : i % 2,
  grp: i % 2,
  micros: i % 3,
  downloads: BIG + BigInt(i % 2),
}));
const VERSIONS = ROWS.flatMap((row, i) =>
  ["a", "b"].slice(0, i % 3).map((tag) => ({ packageId: row.id, tag })),
).map((version, i) => ({ ...version, id: i + 1 }));

/** The rows' keys as better-sqlite3 reads them: 2^53 + 1 to 7 are five doubles. */
const MERGED =
  "pagewise/typeorm: 7 rows made 5 entities: two rows have one key as the driver reads it (better-sqlite3 reads an integer beyond 2^53 as a lossy number), or a join gives an entity more than one row";

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("pagewise/typeorm's keys beyond 2^53 on %s", (_name, open) => {
  let db: TypeormDatabase;
  beforeAll(async () => {
    db = await open();
    await db.fill(ROWS, VERSIONS);
  });
  afterAll(() => db.close());
  const withVersions = () => packages(db).leftJoinAndSelect("p.versions", "v");
  const columns = { tag: "v.tag" } as const;

  it.each([
    ["name", false],
    ["-createdAt,score", false],
    ["tag,-name", true],
  ] as const)(
    "walks sort=%s by page and by cursor, every package once (joined to many: %s)",
    async (sort, joined) => {
      const query = joined ? withVersions : () => packages(db);
      if (db.dialect === "sqlite") {
        // Every row on one page: keys one apart beyond 2^53 are one double each two or three.
        const resources = [
          pagesResource(db, query, { columns }),
          cursorResource(db, query, { columns }),
        ];
        for (const resource of resources)
          await expect(answer(resource, `/?sort=${sort}&page_size=10`)).rejects.toThrow(
            new Error(MERGED),
          );
        return;
      }
      const expected = await databaseOrder(db, sort);
      expect(expected.every((id) => BigInt(id) >= BIG)).toBe(true);
      const pages = await walk(
        pagesResource(db, query, { columns }),
        `/?sort=${sort}&page_size=3`,
        "next",
      );
      expect(pages.ids).toStrictEqual(expected);
      const resource = cursorResource(db, query, { columns });
      const forward = await walk(resource, `/?sort=${sort}&page_size=3`, "next");
      expect(forward.ids).toStrictEqual(expected);
      const back = await walk(resource, forward.last, "prev");
      expect(back.ids.reverse()).toStrictEqual(expected);
    },
  );
});
