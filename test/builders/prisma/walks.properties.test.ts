/**
 * The differential walk of pagewise/prisma's cursor lists on each database: random tables (ties,
 * NULLs, mixed case and non-ASCII text, keys beyond 2^53, timestamps a millisecond apart) and
 * random orders of mixed directions, NULLs where the database puts them or set contrary to it;
 * walked forward to the end and back to the start, every row comes once, in the database's own
 * ORDER BY of the whole table; and walked while rows are deleted and added between pages: no row
 * twice, every row there throughout once, in the database's order.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaCursorPages } from "../../../src/builders/prisma/index.js";
import { cursorList, defineResource } from "../../../src/index.js";
import { databaseRows } from "../../support/databases.js";
import { answer, BASE_ID, databaseOrder, SECRET, walk } from "../kysely/kysely-behaviour.js";
import { randomOrder } from "../kysely/kysely-walks.js";
import {
  type ItemRow,
  mariadbEngine,
  type PrismaEngine,
  postgresEngine,
  sqliteEngine,
} from "./prisma-engines.js";
import { PRISMA_SORT, PRISMA_SORT_NULLS_LAST } from "./prisma-sort.js";

const row = fc.record({
  name: fc.constantFrom("a", "A", "é", "É", "b", "ä", "Z"),
  score: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 3 }),
  grp: fc.integer({ min: 0, max: 1 }),
  millis: fc.constantFrom(5, 6, 1_000, 1_001),
});
describe.each(
  databaseRows({
    SQLite: sqliteEngine,
    PostgreSQL: (url) => () => postgresEngine(url),
    MariaDB: (url) => () => mariadbEngine(url),
  }),
)("prismaCursorPages on %s", (_name, open) => {
  let engine: PrismaEngine;
  beforeAll(async () => {
    engine = await open();
  });
  afterAll(() => engine.close());

  it.each([
    ["where the database puts them", false],
    ["set last ascending, first descending", true],
  ])(
    "walks every random table forward and back, NULLs %s: each row once, in the database's order",
    async (_, nullsLast) => {
      const resource = defineResource({
        GET: cursorList({
          sort: nullsLast ? PRISMA_SORT_NULLS_LAST : PRISMA_SORT,
          secret: SECRET,
          handler: prismaCursorPages(engine.prisma.item, () => ({})),
        }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { maxLength: 30 }),
          randomOrder,
          fc.integer({ min: 1, max: 4 }),
          async (data, sort, size) => {
            const rows: ItemRow[] = data.map(({ millis, ...r }, i) => ({
              ...r,
              id: BASE_ID + BigInt(i * 3),
              createdAt: new Date(Date.UTC(2026, 10, 23, 10, 0, 0, millis)),
            }));
            await engine.fill(rows);
            const expected = await databaseOrder(engine, sort, nullsLast);
            const forward = await walk(resource, `/items?sort=${sort}&page_size=${size}`, "next");
            expect(forward.ids).toStrictEqual(expected);
            const back = await walk(resource, forward.last, "prev");
            expect(back.ids.reverse()).toStrictEqual(expected);
          },
        ),
        { numRuns: 30 },
      );
    },
  );

  it("walks forward while rows are deleted and added between pages: none twice, every lasting one once, in order", async () => {
    const resource = defineResource({
      GET: cursorList({
        sort: PRISMA_SORT,
        secret: SECRET,
        handler: prismaCursorPages(engine.prisma.item, () => ({})),
      }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 20 }),
        randomOrder,
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.nat(), row), { maxLength: 8 }),
        async (data, sort, size, changes) => {
          const rows = data.map(({ millis, ...r }, i) =>
            itemRow(r, BASE_ID + BigInt(i * 3), millis),
          );
          await engine.fill(rows);
          const initial = rows.map((r) => String(r.id));
          const deleted = new Set<string>();
          const seen: string[] = [];
          let at: string | undefined = `/items?sort=${sort}&page_size=${size}`;
          for (let page = 0; at !== undefined && page < 100; page++) {
            const found = await answer(resource, at);
            expect(found.status).toBe(200);
            seen.push(...found.ids);
            const change = changes[page];
            if (change !== undefined) {
              const [pick, { millis, ...added }] = change;
              const victim = initial[pick % initial.length] as string;
              deleted.add(victim);
              await engine.prisma.tag.deleteMany({ where: { itemId: BigInt(victim) } });
              await engine.prisma.item.deleteMany({ where: { id: BigInt(victim) } });
              await engine.prisma.item.create({
                data: itemRow(added, BigInt(1000 + page), millis),
              });
            }
            at = found.next === undefined ? undefined : `${found.next}&page_size=${size}`;
          }
          expect(new Set(seen).size).toBe(seen.length);
          const lasting = initial.filter((id) => !deleted.has(id));
          expect(lasting.filter((id) => !seen.includes(id))).toStrictEqual([]);
          const final = await databaseOrder(engine, sort);
          const seenNow = seen.filter((id) => final.includes(id));
          expect(seenNow).toStrictEqual(final.filter((id) => seenNow.includes(id)));
        },
      ),
      { numRuns: 20 },
    );
  });
});

/** A generated row as `items` holds it. */
function itemRow(
  r: { name: string; score: number | null; grp: number },
  id: bigint,
  millis: number,
): ItemRow {
  return { ...r, id, createdAt: new Date(Date.UTC(2026, 10, 23, 10, 0, 0, millis)) };
}
