/**
 * Timestamps finer than Prisma's `Date` (a `timestamptz(6)`, a `DATETIME(6)`): pagewise/prisma
 * reads them as the database's text and settles the cursor's millisecond exactly, so walks by
 * them are exact where a keyset of `Date`s would repeat and skip rows: random tables with values
 * a microsecond apart inside one millisecond, and a bulk load sharing one timestamp (rows of one
 * transaction), walked forward and back. SQLite holds the text Prisma writes: not here.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaCursorPages } from "../../../src/builders/prisma/index.js";
import { cursorList, defineResource } from "../../../src/index.js";
import { databaseRows, SERVER } from "../../support/databases.js";
import { answer, BASE_ID, databaseOrder, SECRET, walk } from "../kysely/kysely-behaviour.js";
import { mariadbEngine, type PrismaEngine, postgresEngine } from "./prisma-engines.js";
import { PRISMA_SORT } from "./prisma-sort.js";

/** A timestamp `micros` microseconds after a fixed instant, as the database's text. */
function timestamp(engine: PrismaEngine, micros: number): string {
  const seconds = String(Math.floor(micros / 1e6)).padStart(2, "0");
  const fraction = String(micros % 1e6).padStart(6, "0");
  return `2026-11-23 10:00:${seconds}.${fraction}${engine.dialect === "postgres" ? "+00" : ""}`;
}

const row = fc.record({
  name: fc.constantFrom("a", "b", "Z"),
  score: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 3 }),
  grp: fc.integer({ min: 0, max: 1 }),
  micros: fc.constantFrom(5, 6, 1_000, 1_001, 1_999, 1_000_000, 1_000_001),
});
const order = fc
  .shuffledSubarray(["name", "score", "grp"], { maxLength: 2 })
  .chain((fields) =>
    fc.tuple(
      fc.constantFrom("created_at", "-created_at"),
      ...fields.map((f) => fc.constantFrom(f, `-${f}`)),
    ),
  )
  .chain((terms) => fc.shuffledSubarray(terms, { minLength: terms.length }))
  .map((terms) => terms.join(","));

// SQLite holds the text Prisma writes: the servers' runs alone have rows here.
describe.skipIf(SERVER === undefined)("timestamps finer than a Date", () => {
  describe.each(
    databaseRows({
      PostgreSQL: (url) => () => postgresEngine(url, true),
      MariaDB: (url) => () => mariadbEngine(url, true),
    }),
  )("prismaCursorPages by timestamps finer than a Date, on %s", (_name, open) => {
    let engine: PrismaEngine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(() => engine.close());

    const resource = () =>
      defineResource({
        GET: cursorList({
          sort: PRISMA_SORT,
          secret: SECRET,
          handler: prismaCursorPages(engine.prisma.item, () => ({})),
        }),
      });

    it("walks random tables with microseconds inside a millisecond: each row once, in the database's order", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { maxLength: 24 }),
          order,
          fc.integer({ min: 1, max: 4 }),
          async (data, sort, size) => {
            await engine.fillText(
              data.map(({ micros, ...r }, i) => ({
                ...r,
                id: BASE_ID + BigInt(i * 3),
                createdAt: timestamp(engine, micros),
              })),
            );
            const expected = await databaseOrder(engine, sort);
            const forward = await walk(resource(), `/items?sort=${sort}&page_size=${size}`, "next");
            expect(forward.ids).toStrictEqual(expected);
            const back = await walk(resource(), forward.last, "prev");
            expect(back.ids.reverse()).toStrictEqual(expected);
          },
        ),
        { numRuns: 25 },
      );
    });

    it.each(["created_at", "-created_at"])(
      "walks a bulk load sharing one timestamp by sort=%s, forward and back",
      async (sort) => {
        await engine.fillText(
          Array.from({ length: 40 }, (_, i) => ({
            id: BASE_ID + BigInt(i),
            name: "same",
            score: null,
            grp: 0,
            createdAt: timestamp(engine, i < 3 ? 123_455 : i > 36 ? 123_457 : 123_456),
          })),
        );
        const expected = await databaseOrder(engine, sort);
        const forward = await walk(resource(), `/items?sort=${sort}&page_size=7`, "next");
        expect(forward.ids).toStrictEqual(expected);
        const back = await walk(resource(), forward.last, "prev");
        expect(back.ids.reverse()).toStrictEqual(expected);
      },
    );

    it.each([
      ["created_at", "next", 1_001],
      ["-created_at", "next", 1_001],
      ["created_at", "prev", 1_001],
      ["grp,-created_at", "next", 1_001],
      // Cursors at a whole millisecond: exact by a `Date`, read as the plain path reads them.
      ["grp,-created_at", "next", 1_000],
      ["-created_at", "prev", 1_000],
    ] as const)(
      "reads a page by sort=%s (%s), a row each %i microseconds, in one findMany and one read of its texts",
      async (sort, rel, step) => {
        await engine.fillText(
          Array.from({ length: 12 }, (_, i) => ({
            id: BASE_ID + BigInt(i),
            name: "same",
            score: null,
            grp: 0,
            createdAt: timestamp(engine, i * step + (step % 1_000) * 7),
          })),
        );
        const expected = await databaseOrder(engine, sort);
        const sorted = `/items?sort=${sort}&page_size=3`;
        const start = rel === "next" ? sorted : (await walk(resource(), sorted, "next")).last;
        let at = (await answer(resource(), start))[rel] as string;
        const ids: string[] = [];
        for (let page = 0; page < 2; page++) {
          engine.queriesRun();
          const answered = await answer(resource(), at);
          // The catalog's questions (a column's precision, its statistics) come once a list.
          const selects = engine
            .queriesRun()
            .filter(
              ({ sql }) => /^\s*select/i.test(sql) && !/pg_stats|information_schema/i.test(sql),
            );
          expect(
            selects.map(({ sql }) => (/ limit /i.test(sql) ? "findMany" : "texts")),
          ).toStrictEqual(["findMany", "texts"]);
          ids.push(...answered.ids);
          at = answered[rel] as string;
        }
        const [second, third] = [expected.slice(3, 6), expected.slice(6, 9)];
        expect(ids).toStrictEqual(rel === "next" ? [...second, ...third] : [...third, ...second]);
      },
    );

    // A page is the rows beyond the cursor's values: the cursor's row, moved since, is one of them.
    it.each([
      ["grp,created_at", "UPDATE items SET grp = 1 WHERE id = 2", ["3", "2"]],
      ["created_at,name", "UPDATE items SET name = 'b' WHERE id = 2", ["2", "3"]],
    ])("keeps the cursor's row moved beyond it (sort=%s)", async (sort, move, next) => {
      await engine.fillText(
        [1, 2, 3].map((micros) => ({
          id: BigInt(micros),
          name: "a",
          score: null,
          grp: 0,
          createdAt: timestamp(engine, micros),
        })),
      );
      const first = await answer(resource(), `/items?sort=${sort}&page_size=2`);
      expect(first.ids).toStrictEqual(["1", "2"]);
      await engine.raw(move);
      expect((await answer(resource(), first.next as string)).ids).toStrictEqual(next);
    });

    it("orders a text key of digits by its text at one instant", async () => {
      await engine.fillText(
        ["10", "9"].map((name, i) => ({
          id: BigInt(i + 1),
          name,
          score: null,
          grp: 0,
          createdAt: timestamp(engine, 5),
        })),
      );
      const byName = defineResource({
        GET: cursorList({
          sort: {
            fields: { created_at: { column: "createdAt", type: "timestamp" } },
            tieBreaker: { column: "name" },
          },
          secret: SECRET,
          handler: prismaCursorPages(engine.prisma.item, () => ({})),
        }),
      });
      const walked = await walk(byName, "/items?sort=created_at&page_size=1", "next");
      expect(walked.ids).toStrictEqual(["1", "2"]);
    });

    it("carries every digit the column holds in its cursors", async () => {
      await engine.fillText([
        { id: 1n, name: "a", score: null, grp: 0, createdAt: timestamp(engine, 123_456) },
        { id: 2n, name: "b", score: null, grp: 0, createdAt: timestamp(engine, 123_457) },
      ]);
      const first = await answer(resource(), "/items?sort=created_at&page_size=1");
      const token = new URL(first.next as string, "http://x").searchParams.get("after") as string;
      const payload = JSON.parse(
        Buffer.from(token.split(".")[0] as string, "base64url").toString(),
      );
      expect(payload.at(-1)).toStrictEqual([timestamp(engine, 123_456), "1"]);
    });
  });
});
