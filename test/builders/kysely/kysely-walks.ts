/**
 * The differential walk of pagewise/kysely's cursor lists on one database
 * (`describeKyselyWalks`): random tables (ties, NULLs, mixed case and non-ASCII text, keys beyond
 * 2^53, timestamps a microsecond apart) and random orders of mixed directions; walked forward to
 * the end and back to the start through the resource pipeline, every row comes once, in the
 * database's own ORDER BY of the whole table.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { kyselyCursorPages } from "../../../src/builders/kysely/index.js";
import { cursorList, defineResource } from "../../../src/index.js";
import { BASE_ID, databaseOrder, SECRET, SORT, SORT_NULLS_LAST, walk } from "./kysely-behaviour.js";
import type { ItemRow, KyselyEngine } from "./kysely-engines.js";

const row = fc.record({
  name: fc.constantFrom("a", "A", "é", "É", "b", "ä", "Z"),
  score: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 3 }),
  grp: fc.integer({ min: 0, max: 1 }),
  micros: fc.constantFrom(5, 6, 1_000_000, 1_000_001),
});
/** A random `sort` of one to three of the walks' fields, each either way. */
export const randomOrder = fc
  .shuffledSubarray(["name", "score", "grp", "created_at"], { minLength: 1, maxLength: 3 })
  .chain((fields) => fc.tuple(...fields.map((f) => fc.constantFrom(f, `-${f}`))))
  .map((terms) => terms.join(","));

export function describeKyselyWalks(open: () => Promise<KyselyEngine>, numRuns = 30) {
  let engine: KyselyEngine;
  beforeAll(async () => {
    engine = await open();
  });
  afterAll(() => engine.close());

  // NULLs where the database puts them, or set last ascending (contrary to MariaDB and SQLite).
  it.each([
    ["where the database puts them", false],
    ["set last ascending, first descending", true],
  ])(
    "walks every random table forward and back, NULLs %s: each row once, in the database's order",
    async (_, nullsLast) => {
      const resource = defineResource({
        GET: cursorList({
          sort: nullsLast ? SORT_NULLS_LAST : SORT,
          secret: SECRET,
          handler: kyselyCursorPages(engine.db, () => engine.db.selectFrom("items").selectAll()),
        }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { maxLength: 30 }),
          randomOrder,
          fc.integer({ min: 1, max: 4 }),
          async (data, sort, size) => {
            const rows: ItemRow[] = data.map(({ micros, ...r }, i) => ({
              ...r,
              id: String(BASE_ID + BigInt(i * 3)),
              created_at: engine.timestamp(micros),
            }));
            await engine.fill(rows);
            const expected = await databaseOrder(engine, sort, nullsLast);
            const forward = await walk(resource, `/items?sort=${sort}&page_size=${size}`, "next");
            expect(forward.ids).toStrictEqual(expected);
            const back = await walk(resource, forward.last, "prev");
            expect(back.ids.reverse()).toStrictEqual(expected);
          },
        ),
        { numRuns },
      );
    },
  );
}
