/**
 * Whether a sort field holds many rows a value, by PostgreSQL's statistics (`tieEstimates`):
 * none before the table is analyzed (a lead holds the field and the tie-breaker both), then a
 * field of 3 values yes, one of a value a row no. Other databases keep none pagewise reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRISMA_DIALECTS } from "../../../src/builders/prisma/dialect.js";
import { modelNames } from "../../../src/builders/prisma/model-names.js";
import { tieEstimates } from "../../../src/builders/prisma/tie-estimate.js";
import { SERVER } from "../../support/databases.js";
import { POSTGRES_URL } from "../../support/stores.js";
import { type PrismaEngine, postgresEngine, sqliteEngine } from "./prisma-engines.js";

const rows = Array.from({ length: 5_000 }, (_, i) => ({
  id: BigInt(i + 1),
  name: `n${i}`,
  score: null,
  grp: i % 3,
  createdAt: new Date(Date.UTC(2026, 0, 1) + i),
}));

describe.skipIf(SERVER !== "PostgreSQL")("tieEstimates on PostgreSQL", () => {
  let engine: PrismaEngine;
  beforeAll(async () => {
    engine = await postgresEngine(POSTGRES_URL as string);
    await engine.fill(rows);
  });
  afterAll(() => engine.close());

  const estimate = () =>
    tieEstimates(
      (sql, ...values) => engine.prisma.$queryRawUnsafe(sql, ...values),
      PRISMA_DIALECTS.postgres,
      modelNames(engine.prisma.item) as NonNullable<ReturnType<typeof modelNames>>,
    );

  it("tells none before the table is analyzed, then the fields' ties", async () => {
    const before = estimate();
    expect([await before("grp"), await before("name")]).toStrictEqual([false, false]);
    await engine.raw("ANALYZE items");
    const after = estimate();
    expect([await after("grp"), await after("name"), await after("createdAt")]).toStrictEqual([
      true,
      false,
      false,
    ]);
  });
});

describe("tieEstimates elsewhere", () => {
  it("tells none on SQLite, asking nothing", async () => {
    const engine = await sqliteEngine();
    const asked: string[] = [];
    const manyTies = tieEstimates(
      async (sql) => {
        asked.push(sql);
        return [];
      },
      PRISMA_DIALECTS.sqlite,
      modelNames(engine.prisma.item) as NonNullable<ReturnType<typeof modelNames>>,
    );
    expect([await manyTies("grp"), asked]).toStrictEqual([false, []]);
    await engine.close();
  });
});
