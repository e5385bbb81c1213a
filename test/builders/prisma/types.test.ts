/**
 * pagewise/prisma's types: rows are what the args select (a relation included, a field left out),
 * a list's `sort` names the model's fields, and args holding what pagewise writes are type errors.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import type { CursorResult, ListResult } from "../../../src/builders/contract.js";
import { prismaCursorPages, prismaPages } from "../../../src/builders/prisma/index.js";
import { cursorList, list } from "../../../src/index.js";
import { SECRET } from "../kysely/kysely-behaviour.js";
import { PrismaClient } from "./generated/sqlite/client.ts";
import { PRISMA_SORT } from "./prisma-sort.js";

const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: ":memory:" }) });
afterAll(() => prisma.$disconnect());

interface Item {
  id: bigint;
  name: string;
  score: number | null;
  grp: number;
  createdAt: Date;
}
interface Tag {
  id: number;
  itemId: bigint;
  label: string;
}

describe("pagewise/prisma's types", () => {
  it("gives a page list's rows the selected fields' types", () => {
    const handler = prismaPages(prisma.item, () => ({ select: { id: true, name: true } }));
    expectTypeOf(handler.handle).returns.toEqualTypeOf<ListResult<{ id: bigint; name: string }>>();
  });

  it("gives a cursor list's rows the model's fields and the relations included", () => {
    const handler = prismaCursorPages(prisma.item, () => ({ include: { tags: true } }));
    expectTypeOf(handler.handle).returns.toEqualTypeOf<
      Promise<CursorResult<Item & { tags: Tag[] }>>
    >();
  });

  it("takes a sort of the model's fields, and refuses another field", () => {
    list({ sort: PRISMA_SORT, handler: prismaPages(prisma.item, () => ({})) });
    cursorList({
      sort: PRISMA_SORT,
      secret: SECRET,
      handler: prismaCursorPages(prisma.item, () => ({})),
    });
    list({
      sort: { fields: { label: true }, tieBreaker: "id" },
      // @ts-expect-error: `label` is no field of Item
      handler: prismaPages(prisma.item, () => ({})),
    });
  });

  it("refuses args holding what pagewise writes", () => {
    // @ts-expect-error: pagewise writes the order
    prismaPages(prisma.item, () => ({ orderBy: { id: "asc" } }));
    // @ts-expect-error: pagewise writes the keyset, never Prisma's cursor
    prismaCursorPages(prisma.item, () => ({ cursor: { id: 1n } }));
    // @ts-expect-error: beside a where too
    prismaPages(prisma.item, () => ({ where: { grp: 1 }, take: 5 }));
  });

  it("takes inline arrays in a where, and an async query function", () => {
    const handler = prismaPages(prisma.item, async () => ({
      where: { OR: [{ grp: 1 }, { grp: 2 }], grp: { in: [0, 1] }, NOT: [{ name: "x" }] },
      select: { id: true },
    }));
    expectTypeOf(handler.handle).returns.toEqualTypeOf<ListResult<{ id: bigint }>>();
  });

  it("refuses a count Prisma cannot serve", () => {
    // @ts-expect-error: no estimate through Prisma
    expect(() => prismaPages(prisma.item, () => ({}), { count: "estimate" })).toThrow(TypeError);
    prismaPages(prisma.item, () => ({}), { count: { cap: 1_000 } });
  });
});
