/**
 * typeormCursorPages on SQLite (better-sqlite3); on a PostgreSQL server (pg) and MariaDB (mysql2)
 * in their suites: walks forward and back in the database's order on every kind of column (text,
 * nullable, timestamp to the microsecond, uuid, bigint beyond 2^53), cursors carrying each
 * value exactly, entities answered as the query makes them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  databaseOrder,
  PACKAGES,
  packages,
  SORTS,
  VERSIONS,
} from "./typeorm-lists.js";

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("typeormCursorPages on %s", (_name, open) => {
  let db: TypeormDatabase;
  beforeAll(async () => {
    db = await open();
    await db.fill(PACKAGES, VERSIONS);
  });
  afterAll(() => db.close());

  it.each([false, true])(
    "walks every sort forward and back in the database's order (score's NULLs set last: %s)",
    async (nullsLast) => {
      const resource = cursorResource(db, () => packages(db), { nullsLast });
      for (const sort of SORTS) {
        const expected = await databaseOrder(db, sort, nullsLast);
        const forward = await walk(resource, `/?sort=${sort}&page_size=3`, "next");
        expect(forward.ids, sort).toStrictEqual(expected);
        const back = await walk(resource, forward.last, "prev");
        expect(back.ids.reverse(), sort).toStrictEqual(expected);
      }
    },
  );

  it.each([
    ["createdAt", 1, timestampOf(5)],
    ["downloads", 1, String(BIG)],
    ["uid", 1, uidOf(1)],
    // NULL first ascending where the database puts it so; PostgreSQL puts it last.
    ["score", 2, null],
  ])("carries a %s cursor's value exactly", async (field, id, value) => {
    const found = await answer(
      cursorResource(db, () => packages(db)),
      `/?sort=${field}&page_size=1`,
    );
    const expected =
      field === "score" && db.dialect === "postgres" ? [1, "3"] : [value, String(id)];
    const next = new URL(found.next as string, "http://x").searchParams.get("after") as string;
    // The token's payload as cursor-token.ts writes it: [version, query digest, values].
    const payload = Buffer.from(next.split(".")[0] as string, "base64url").toString();
    const [first, key] = (JSON.parse(payload) as [number, string, unknown[]])[2];
    // PostgreSQL's timestamptz as text ends in its zone.
    const text = typeof first === "string" ? first.replace(/\+00$/, "") : first;
    expect([text, String(key)]).toStrictEqual(expected);
  });

  it("answers the entities as the query makes them, nothing added for the cursor", async () => {
    const found = await answer(
      cursorResource(db, () => packages(db)),
      "/?sort=-createdAt&page_size=2",
    );
    expect(found.rows.map((r) => Object.keys(r).sort())).toStrictEqual(
      Array(2).fill(["createdAt", "downloads", "grp", "id", "name", "score", "uid"]),
    );
    expect(found.ids).toStrictEqual(["8", "4"]);
  });
});
