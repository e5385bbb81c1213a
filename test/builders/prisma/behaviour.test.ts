/**
 * pagewise/prisma on each database: page lists in each order walk the table once in the
 * database's own ORDER BY, with each count strategy; cursor lists walk it forward and back the
 * same way; the rows are what the args select (a relation included, a sort field left out).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PrismaPagesOptions,
  prismaCursorPages,
  prismaPages,
} from "../../../src/builders/prisma/index.js";
import { cursorList, defineResource, list } from "../../../src/index.js";
import { databaseRows } from "../../support/databases.js";
import { answer, BASE_ID, databaseOrder, SECRET, walk } from "../kysely/kysely-behaviour.js";
import {
  type ItemRow,
  mariadbEngine,
  type PrismaEngine,
  postgresEngine,
  sqliteEngine,
} from "./prisma-engines.js";
import { PRISMA_SORT } from "./prisma-sort.js";

const NAMES = ["alpha", "Alpha", "émile", "Zed", "zed", "ånd", "beta", "Émile"];
const SCORES = [3, null, 1, 3, null, 2, 1, null];
const MILLIS = [5, 5, 6, 1_000, 5, 7, 6, 1_001];

/** The suite's table: ties in every field, NULL scores, timestamps a millisecond apart. */
const ROWS: ItemRow[] = NAMES.map((name, i) => ({
  id: BASE_ID + BigInt(i),
  name,
  score: SCORES[i] as number | null,
  grp: i % 2,
  createdAt: new Date(Date.UTC(2026, 10, 23, 10, 0, 0, MILLIS[i])),
}));

const SORTS = ["name", "-score", "grp,-created_at", "-created_at", "score,name", "-grp,score"];

describe.each(
  databaseRows({
    SQLite: sqliteEngine,
    PostgreSQL: (url) => () => postgresEngine(url),
    MariaDB: (url) => () => mariadbEngine(url),
  }),
)("pagewise/prisma on %s", (_name, open) => {
  let engine: PrismaEngine;
  beforeAll(async () => {
    engine = await open();
    await engine.fill(ROWS);
  });
  afterAll(() => engine.close());

  const pages = (options: PrismaPagesOptions<unknown> = {}) =>
    defineResource({
      GET: list({
        sort: PRISMA_SORT,
        handler: prismaPages(engine.prisma.item, () => ({}), options),
      }),
    });

  describe("prismaPages", () => {
    it.each(SORTS)("walks sort=%s page by page in the database's order", async (sort) => {
      const { ids } = await walk(pages(), `/items?sort=${sort}&page_size=3`, "next");
      expect(ids).toStrictEqual(await databaseOrder(engine, sort));
    });

    it.each<[string, PrismaPagesOptions<unknown>, string, Record<string, string | undefined>]>([
      ["exact", {}, "page=1", { "X-Pagination-Count": "8" }],
      [
        "a cap below the total",
        { count: { cap: 5 } },
        "page=1",
        { "X-Pagination-CountAtLeast": "6" },
      ],
      ["a cap at the total", { count: { cap: 8 } }, "page=1", { "X-Pagination-Count": "8" }],
      [
        "whenNeeded on the last page",
        { count: { whenNeeded: "exact" } },
        "page=3",
        { "X-Pagination-Count": "8" },
      ],
      ["of, the user's count", { count: { of: () => 8 } }, "page=1", { "X-Pagination-Count": "8" }],
      ["none", { count: "none" }, "page=1", { "X-Pagination-Count": undefined }],
    ])("counts with %s", async (_name, options, page, expected) => {
      const found = await answer(pages(options), `/items?${page}&page_size=3`);
      const names = Object.keys(expected);
      expect(Object.fromEntries(names.map((n) => [n, found.headers[n]]))).toStrictEqual(expected);
    });

    it("refuses the planner's estimate when the list is defined", () => {
      expect(() => pages({ count: "estimate" } as never)).toThrow(
        'prismaPages count "estimate": Prisma runs no query whose plan pagewise can read',
      );
    });

    it("filters by the args' where and answers what they select", async () => {
      const resource = defineResource({
        GET: list({
          sort: PRISMA_SORT,
          handler: prismaPages(engine.prisma.item, () => ({
            where: { grp: 1 },
            select: { id: true, name: true },
          })),
        }),
      });
      const found = await answer(resource, "/items?sort=-created_at&page_size=10");
      expect(found.rows.map((r) => Object.keys(r).sort())).toStrictEqual(
        Array(4).fill(["id", "name"]),
      );
      expect(found.ids).toStrictEqual(["7", "3", "5", "1"].map((i) => String(BASE_ID + BigInt(i))));
      expect(found.headers["X-Pagination-Count"]).toBe("4");
    });
  });

  describe("prismaCursorPages", () => {
    const cursors = (query: () => object = () => ({})) =>
      defineResource({
        GET: cursorList({
          sort: PRISMA_SORT,
          secret: SECRET,
          handler: prismaCursorPages(engine.prisma.item, query),
        }),
      });

    it.each(SORTS)("walks sort=%s forward and back in the database's order", async (sort) => {
      const expected = await databaseOrder(engine, sort);
      const forward = await walk(cursors(), `/items?sort=${sort}&page_size=3`, "next");
      expect(forward.ids).toStrictEqual(expected);
      const back = await walk(cursors(), forward.last, "prev");
      expect(back.ids.reverse()).toStrictEqual(expected);
    });

    it("answers the rows as selected: a sort field left out is read, then taken off", async () => {
      const found = await answer(
        cursors(() => ({ select: { id: true, name: true } })),
        "/items?sort=-created_at&page_size=2",
      );
      expect(found.rows).toStrictEqual([
        { id: String(BASE_ID + 7n), name: "Émile" },
        { id: String(BASE_ID + 3n), name: "Zed" },
      ]);
      const next = await answer(
        cursors(() => ({ select: { id: true, name: true } })),
        found.next as string,
      );
      // 5 and 6 tie on created_at with 2: the key, descending as the order's last field, settles them.
      expect(next.ids).toStrictEqual([String(BASE_ID + 5n), String(BASE_ID + 6n)]);
    });

    it("answers a relation to many the args include, whole", async () => {
      const found = await answer(
        cursors(() => ({ include: { tags: { orderBy: { id: "asc" } } } })),
        "/items?sort=name&page_size=8",
      );
      expect(found.rows).toHaveLength(8);
      for (const row of found.rows) {
        const id = BigInt(row.id as string);
        expect((row.tags as unknown[]).length).toBe(id % 2n === 0n ? 2 : 1);
      }
    });

    it("refuses args holding what pagewise writes, as a bug", async () => {
      await expect(
        answer(
          cursors(() => ({ orderBy: { id: "asc" } })),
          "/items",
        ),
      ).rejects.toThrow(
        "prismaCursorPages: the query's args hold orderBy, which pagewise writes from the list's sort and the request's page: leave it out",
      );
    });
  });
});
