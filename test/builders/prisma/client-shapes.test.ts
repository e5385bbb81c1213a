/**
 * pagewise/prisma against the shapes a user's client and query take (found by an outside
 * review): a `where` whose `OR` becomes empty lists nothing (Prisma reads an `OR: []` inside an
 * `AND` as no filter); an extended client's query hooks (a soft delete) hold on every page, with
 * its `client` given or not; an async query function; a field the client omits (`new
 * PrismaClient({ omit })`) read for the cursor and not answered.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaCursorPages, prismaPages } from "../../../src/builders/prisma/index.js";
import { cursorList, defineResource, list } from "../../../src/index.js";
import { answer, SECRET, walk } from "../kysely/kysely-behaviour.js";
import { PrismaClient } from "./generated/sqlite/client.ts";
import { type ItemRow, type PrismaEngine, sqliteEngine } from "./prisma-engines.js";
import { PRISMA_SORT } from "./prisma-sort.js";

const ROWS: ItemRow[] = Array.from({ length: 12 }, (_, i) => ({
  id: BigInt(i + 1),
  name: `n${i % 5}`,
  score: i % 4 === 0 ? null : i,
  grp: i % 3,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i % 6)),
}));
const SORTS = ["name", "-score", "grp,-created_at"];
/** The model's delegate, as an extended client's is typed (its hooks change no row type). */
type Item = PrismaEngine["prisma"]["item"];

let engine: PrismaEngine;
beforeAll(async () => {
  engine = await sqliteEngine();
  await engine.fill(ROWS);
});
afterAll(() => engine.close());

/** Walks a cursor list and a page list by `sort`, every key. */
async function walks(handlers: { cursor: unknown; pages: unknown }, sort: string) {
  const cursor = defineResource({
    GET: cursorList({ sort: PRISMA_SORT, secret: SECRET, handler: handlers.cursor as never }),
  });
  const pages = defineResource({
    GET: list({ sort: PRISMA_SORT, handler: handlers.pages as never }),
  });
  const url = `/items?sort=${sort}&page_size=2`;
  return {
    cursor: (await walk(cursor, url, "next")).ids,
    pages: (await walk(pages, url, "next")).ids,
  };
}

describe("pagewise/prisma and the user's client", () => {
  it.each(SORTS)("lists nothing for a where whose OR is empty (sort=%s)", async (sort) => {
    const groups: number[] = [];
    const query = () => ({ where: { OR: groups.map((grp) => ({ grp })) } });
    const found = await walks(
      {
        cursor: prismaCursorPages(engine.prisma.item, query),
        pages: prismaPages(engine.prisma.item, query),
      },
      sort,
    );
    expect(found).toStrictEqual({ cursor: [], pages: [] });
  });

  it.each([
    ["without its client", false],
    ["with its client", true],
  ])("keeps an extended client's soft delete on every page, %s", async (_name, given) => {
    const kept = engine.prisma.$extends({
      query: {
        item: {
          findMany: ({ args, query }) =>
            query({ ...args, where: { ...args.where, grp: { not: 2 } } }),
        },
      },
    });
    const options = given ? { client: kept } : {};
    const expected = ROWS.filter((r) => r.grp !== 2).length;
    for (const sort of SORTS) {
      const found = await walks(
        {
          cursor: prismaCursorPages(kept.item as Item, () => ({}), options),
          pages: prismaPages(kept.item as Item, () => ({})),
        },
        sort,
      );
      expect([found.cursor.length, new Set(found.cursor).size, found.pages.length]).toStrictEqual([
        expected,
        expected,
        expected,
      ]);
    }
  });

  it("awaits an async query function", async () => {
    const query = async () => ({ where: { grp: 1 } });
    const found = await walks(
      {
        cursor: prismaCursorPages(engine.prisma.item, query),
        pages: prismaPages(engine.prisma.item, query),
      },
      "-score",
    );
    const expected = ROWS.filter((r) => r.grp === 1).length;
    expect([found.cursor.length, found.pages.length]).toStrictEqual([expected, expected]);
  });

  it("reads a sort field the client omits, and answers the rows without it", async () => {
    const omitting = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: engine.url }),
      omit: { item: { createdAt: true } },
    });
    try {
      const resource = defineResource({
        GET: cursorList({
          sort: PRISMA_SORT,
          secret: SECRET,
          handler: prismaCursorPages(omitting.item, () => ({})),
        }),
      });
      const first = await answer(resource, "/items?sort=-created_at&page_size=5");
      expect(first.status).toBe(200);
      expect(first.rows.map((r) => Object.keys(r).sort())).toStrictEqual(
        Array(5).fill(["grp", "id", "name", "score"]),
      );
      const { ids } = await walk(resource, "/items?sort=-created_at&page_size=5", "next");
      expect(new Set(ids).size).toBe(ROWS.length);
    } finally {
      await omitting.$disconnect();
    }
  });
});
