/**
 * Keyset conditions as Prisma's `where` (`prismaWhere`): each kind of leaf, AND and OR, and the
 * constants taken out, since Prisma reads an `OR: []` inside an `AND` as no condition.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaWhere } from "../../../src/builders/prisma/keyset-where.js";
import type { Condition } from "../../../src/sql/condition.js";
import { type PrismaEngine, sqliteEngine } from "./prisma-engines.js";

const FIELDS = ["name", "score", "id"];
const VALUES = ["a", 2, 7n];
const value = (place: number) => VALUES[place];
const gt = (place: number): Condition => ({ kind: "compare", columns: [place], operator: ">" });
const eq = (place: number): Condition => ({ kind: "compare", columns: [place], operator: "=" });
const FALSE: Condition = { kind: "constant", value: false };
const TRUE: Condition = { kind: "constant", value: true };

describe("prismaWhere", () => {
  it.each<[string, Condition, Record<string, unknown>]>([
    ["a comparison", gt(0), { name: { gt: "a" } }],
    ["<=", { kind: "compare", columns: [2], operator: "<=" }, { id: { lte: 7n } }],
    ["an equality", eq(1), { score: 2 }],
    ["IS NULL", { kind: "null", column: 1, negated: false }, { score: null }],
    ["IS NOT NULL", { kind: "null", column: 1, negated: true }, { score: { not: null } }],
    [
      "AND and OR",
      { kind: "or", parts: [gt(0), { kind: "and", parts: [eq(0), gt(2)] }] },
      { OR: [{ name: { gt: "a" } }, { AND: [{ name: "a" }, { id: { gt: 7n } }] }] },
    ],
    ["TRUE", TRUE, {}],
    ["FALSE", FALSE, { id: { in: [] } }],
    ["an AND holding FALSE, as FALSE", { kind: "and", parts: [eq(0), FALSE] }, { id: { in: [] } }],
    [
      "an OR's FALSE left out",
      { kind: "or", parts: [gt(0), { kind: "and", parts: [eq(0), FALSE] }] },
      { name: { gt: "a" } },
    ],
    ["an OR holding TRUE, as TRUE", { kind: "or", parts: [gt(0), TRUE] }, {}],
    [
      "an AND's TRUE left out",
      { kind: "and", parts: [TRUE, gt(2), eq(0)] },
      { AND: [{ id: { gt: 7n } }, { name: "a" }] },
    ],
  ])("writes %s", (_name, condition, expected) => {
    expect(prismaWhere(condition, FIELDS, value)).toStrictEqual(expected);
  });

  describe("on SQLite, against Prisma's own reading", () => {
    let engine: PrismaEngine;
    beforeAll(async () => {
      engine = await sqliteEngine();
      const createdAt = new Date(0);
      await engine.fill([
        { id: 1n, name: "a", score: null, grp: 0, createdAt },
        { id: 2n, name: "b", score: 1, grp: 0, createdAt },
      ]);
    });
    afterAll(() => engine.close());

    it("counts an OR: [] inside an AND as every row, which is why no FALSE reaches Prisma", async () => {
      const item = engine.prisma.item;
      expect(await item.count({ where: { AND: [{ name: "a" }, { OR: [] }] } })).toBe(1);
      expect(await item.count({ where: { OR: [] } })).toBe(0);
    });

    it("selects no row for an AND holding FALSE", async () => {
      const where = prismaWhere({ kind: "and", parts: [eq(0), FALSE] }, FIELDS, value);
      expect(await engine.prisma.item.count({ where })).toBe(0);
    });
  });
});
