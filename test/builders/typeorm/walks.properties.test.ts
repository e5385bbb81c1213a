/**
 * typeormCursorPages' differential walks on SQLite (better-sqlite3); on a PostgreSQL server (pg)
 * and MariaDB (mysql2) in their suites. Random tables (ties, NULLs, mixed case and non-ASCII
 * text, bigints beyond 2^53, timestamps a microsecond apart, versions joined to many) and random
 * orders of mixed directions, walked forward to the end and back to the start through the
 * resource pipeline: every package once, in the database's own ORDER BY; and walked forward
 * while packages are deleted and added between pages: no package twice, every package there
 * throughout seen, in the order.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseRows } from "../../support/databases.js";
import { answer, walk } from "../kysely/kysely-behaviour.js";
import {
  mariadbDatabase,
  type PackageRow,
  postgresDatabase,
  sqliteDatabase,
  type TypeormDatabase,
  timestampOf,
  uidOf,
} from "./typeorm-databases.js";
import { BIG, cursorResource, databaseOrder, packages } from "./typeorm-lists.js";

const pkg = fc.record({
  name: fc.constantFrom("a", "A", "é", "É", "b", "ä", "Z"),
  score: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 3 }),
  grp: fc.integer({ min: 0, max: 1 }),
  micros: fc.constantFrom(5, 6, 1_000_000, 1_000_001),
  downloads: fc.constantFrom(0n, 1n, 2n),
  tags: fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 3 }),
});
const order = (fields: readonly string[]) =>
  fc
    .shuffledSubarray([...fields], { minLength: 1, maxLength: 3 })
    .chain((chosen) => fc.tuple(...chosen.map((f) => fc.constantFrom(f, `-${f}`))))
    .map((terms) => terms.join(","));

type Generated = fc.Arbitrary<typeof pkg extends fc.Arbitrary<infer T> ? T : never>;

/** The generated packages as rows, keys in steps of 3, and their versions. */
function tables(data: (typeof pkg extends fc.Arbitrary<infer T> ? T : never)[]) {
  const rows: PackageRow[] = data.map(({ tags: _, downloads, ...row }, i) => ({
    ...row,
    id: i * 3 + 1,
    downloads: BIG + downloads,
  }));
  const versions = data.flatMap((p, i) => p.tags.map((tag) => ({ packageId: i * 3 + 1, tag })));
  return { rows, versions: versions.map((v, i) => ({ ...v, id: i + 1 })) };
}

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("typeormCursorPages' walks on %s", (_name, open) => {
  let db: TypeormDatabase;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it.each<[string, boolean, boolean]>([
    ["in one table, NULLs where the database puts them", false, false],
    ["in one table, NULLs set last ascending", true, false],
    ["joined to many versions (leftJoinAndSelect), sorted by their tags too", false, true],
  ])(
    "walks random packages %s forward and back: each package once, in the database's order",
    async (_case, nullsLast, joined) => {
      const query = () =>
        joined ? packages(db).leftJoinAndSelect("p.versions", "v") : packages(db);
      const resource = cursorResource(db, query, { nullsLast, columns: { tag: "v.tag" } });
      const fields = ["name", "score", "grp", "createdAt", "downloads", ...(joined ? ["tag"] : [])];
      await fc.assert(
        fc.asyncProperty(
          fc.array(pkg as Generated, { maxLength: 25 }),
          order(fields),
          fc.integer({ min: 1, max: 4 }),
          async (data, sort, size) => {
            const { rows, versions } = tables(data);
            await db.fill(rows, versions);
            const expected = await databaseOrder(db, sort, nullsLast);
            const forward = await walk(resource, `/?sort=${sort}&page_size=${size}`, "next");
            expect(forward.ids).toStrictEqual(expected);
            const back = await walk(resource, forward.last, "prev");
            expect(back.ids.reverse()).toStrictEqual(expected);
          },
        ),
        { numRuns: 25 },
      );
    },
  );

  it("walks forward while packages are deleted and added between pages: none twice, every lasting one once, in order", async () => {
    const resource = cursorResource(db, () => packages(db));
    await fc.assert(
      fc.asyncProperty(
        fc.array(pkg as Generated, { minLength: 1, maxLength: 20 }),
        order(["name", "score", "grp", "createdAt", "downloads"]),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.nat(), pkg as Generated), { maxLength: 8 }),
        async (data, sort, size, changes) => {
          const { rows } = tables(data);
          await db.fill(rows);
          const initial = rows.map((r) => String(r.id));
          const deleted = new Set<string>();
          const seen: string[] = [];
          let at: string | undefined = `/?sort=${sort}&page_size=${size}`;
          for (let page = 0; at !== undefined && page < 100; page++) {
            const found = await answer(resource, at);
            expect(found.status).toBe(200);
            seen.push(...found.ids);
            const change = changes[page];
            if (change !== undefined) await applyChange(db, change, initial, deleted, 1000 + page);
            const next = found.next;
            at =
              next === undefined || next.includes("page_size=")
                ? next
                : `${next}&page_size=${size}`;
          }
          expect(new Set(seen).size).toBe(seen.length);
          const lasting = initial.filter((id) => !deleted.has(id));
          expect(lasting.filter((id) => !seen.includes(id))).toStrictEqual([]);
          const final = await databaseOrder(db, sort);
          const seenNow = seen.filter((id) => final.includes(id));
          expect(seenNow).toStrictEqual(final.filter((id) => seenNow.includes(id)));
        },
      ),
      { numRuns: 20 },
    );
  });
});

/** Deletes one of the first packages (by `pick`) and adds a package keyed `id`. */
async function applyChange(
  db: TypeormDatabase,
  [pick, added]: [
    number,
    { name: string; score: number | null; grp: number; micros: number; downloads: bigint },
  ],
  initial: readonly string[],
  deleted: Set<string>,
  id: number,
) {
  const victim = initial[pick % initial.length] as string;
  deleted.add(victim);
  const p = (n: number) => (db.dialect === "postgres" ? `$${n}` : "?");
  await db.raw(`DELETE FROM packages WHERE id = ${p(1)}`, [victim]);
  const zone = db.dialect === "postgres" ? "+00" : "";
  await db.raw(
    `INSERT INTO packages (id, name, score, grp, created_at, uid, downloads) VALUES (${[1, 2, 3, 4, 5, 6, 7].map(p).join(", ")})`,
    [
      id,
      added.name,
      added.score,
      added.grp,
      timestampOf(added.micros) + zone,
      uidOf(id),
      String(BIG + added.downloads),
    ],
  );
}
