/**
 * The differential walk of pagewise/prisma's cursor lists on each database: random tables (ties,
 * NULLs, mixed case and non-ASCII text, keys beyond 2^53, timestamps a millisecond apart) and
 * random orders of mixed directions, NULLs where the database puts them or set contrary to it;
 * walked forward to the end and back to the start, every row comes once, in the database's own
 * ORDER BY of the whole table.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaCursorPages } from "../../../src/builders/prisma/index.js";
import { cursorList, defineResource } from "../../../src/index.js";
import { databaseRows } from "../../support/databases.js";
import { BASE_ID, SECRET, walk } from "../kysely/kysely-behaviour.js";
import {
  type ItemRow,
  mariadbEngine,
  type PrismaEngine,
  postgresEngine,
  sqliteEngine,
} from "./prisma-engines.js";
import { databaseOrder, PRISMA_SORT, PRISMA_SORT_NULLS_LAST } from "./prisma-sort.js";

const row = fc.record({
  name: fc.constantFrom("a", "A", "é", "É", "b", "ä", "Z"),
  score: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 3 }),
  grp: fc.integer({ min: 0, max: 1 }),
  millis: fc.constantFrom(5, 6, 1_000, 1_001),
});
const order = fc
  .shuffledSubarray(["name", "score", "grp", "created_at"], { minLength: 1, maxLength: 3 })
  .chain((fields) => fc.tuple(...fields.map((f) => fc.constantFrom(f, `-${f}`))))
  .map((terms) => terms.join(","));

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
          order,
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
});
