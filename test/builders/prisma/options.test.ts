/**
 * pagewise/prisma's options, checked when a list is defined: an unknown name, a dialect it does
 * not serve, an estimate, a delegate that is not a Prisma model's; the dialect read from the
 * client's provider.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRISMA_DIALECTS, prismaDialect } from "../../../src/builders/prisma/dialect.js";
import { prismaCursorPages, prismaPages } from "../../../src/builders/prisma/index.js";
import { type PrismaEngine, sqliteEngine } from "./prisma-engines.js";

let engine: PrismaEngine;
beforeAll(async () => {
  engine = await sqliteEngine();
});
afterAll(() => engine.close());

describe("pagewise/prisma's options", () => {
  it.each<[string, () => unknown, string]>([
    [
      "an unknown page option",
      () => prismaPages(engine.prisma.item, () => ({}), { cap: 5 } as never),
      'Unknown prismaPages option "cap"; the prismaPages options are count, dialect',
    ],
    [
      "an unknown cursor option",
      () => prismaCursorPages(engine.prisma.item, () => ({}), { plannerSetting: false } as never),
      'Unknown prismaCursorPages option "plannerSetting"; the prismaCursorPages options are dialect, client',
    ],
    [
      "a dialect pagewise does not write",
      () => prismaPages(engine.prisma.item, () => ({}), { dialect: "mssql" } as never),
      'dialect must be one of "postgres", "mysql", "sqlite"; got "mssql"',
    ],
    [
      "an estimate when needed",
      () =>
        prismaPages(engine.prisma.item, () => ({}), { count: { whenNeeded: "estimate" } } as never),
      'prismaPages count "estimate": Prisma runs no query whose plan pagewise can read; give "exact", { cap: n }, { whenNeeded: … }, { of } or "none"',
    ],
    [
      "a delegate that is not a Prisma model's",
      () =>
        prismaCursorPages({ findMany: async () => [], count: async () => 0 }, () => ({}), {
          dialect: "sqlite",
        }),
      "prismaCursorPages takes a Prisma model's delegate, such as prisma.package: the one given has no client ($parent) or model name ($name)",
    ],
    [
      "a query given as args, not as a function",
      () => prismaPages(engine.prisma.item, { where: {} } as never),
      "prismaPages takes a function of the request giving findMany's args (({ params }) => ({ where })); got an object",
    ],
    [
      "a model the client does not have",
      () => prismaPages((engine.prisma as unknown as { items: never }).items, () => ({})),
      "prismaPages takes a Prisma model's delegate, such as prisma.package; got undefined",
    ],
    [
      "options that are null",
      () => prismaCursorPages(engine.prisma.item, () => ({}), null as never),
      "prismaCursorPages's options must be an object; got null",
    ],
    [
      "a client the delegate does not belong to",
      () =>
        prismaCursorPages(engine.prisma.item, () => ({}), { client: engine.prisma.$extends({}) }),
      "prismaCursorPages's client option is the client the delegate belongs to (client: xprisma for xprisma.item); the delegate given is not its item",
    ],
  ])("refuses %s with a TypeError", (_name, define, message) => {
    expect(define).toThrow(new TypeError(message));
  });

  it("reads the dialect from the client's provider, or refuses a provider it does not serve", () => {
    expect(prismaDialect("prismaPages", engine.prisma.item, undefined)).toBe(
      PRISMA_DIALECTS.sqlite,
    );
    const mongo = {
      $parent: { _engineConfig: { activeProvider: "mongodb" } },
      findMany: async () => [],
      count: async () => 0,
    };
    expect(() => prismaDialect("prismaPages", mongo, undefined)).toThrow(
      new TypeError(
        'prismaPages serves PostgreSQL, MySQL/MariaDB and SQLite through Prisma, and its provider is "mongodb": give dialect: "postgres", "mysql" or "sqlite" if the client\'s database is one of them',
      ),
    );
  });
});
