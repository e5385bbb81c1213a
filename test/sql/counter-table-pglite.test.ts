/**
 * The counter table on PGlite (PostgreSQL in this process): applied in one transaction to a table
 * holding rows, then three writers' transactions (PGlite has one connection: they take turns,
 * whole); every count the counter gives then equals `COUNT(*)` of the same filter, and a TRUNCATE
 * empties it.
 */
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { counterTable } from "../../src/sql/counter-table.js";
import { DIALECTS } from "../../src/sql/dialect.js";
import { freshPgliteDir } from "../support/pglite-template.js";
import {
  countMismatches,
  GROUP_BY,
  numbered,
  runConcurrently,
  type WorkloadTransaction,
  workload,
} from "./counter-workload.js";

const counter = counterTable({ table: "packages", groupBy: GROUP_BY }, DIALECTS.postgres);
let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create({ dataDir: await freshPgliteDir() });
  await db.exec(
    "CREATE TABLE packages (id bigserial PRIMARY KEY, owner text NOT NULL, repo text NOT NULL, status text NOT NULL)",
  );
}, 60_000);
afterAll(() => db.close());

const query = async (text: string, values: readonly unknown[]) =>
  (await db.query<Record<string, unknown>>(numbered(text), [...values])).rows;

/** Rolls a transaction back: thrown out of PGlite's `transaction` and caught. */
const rollback = new Error("rolled back on purpose");
const writer = async ({ steps, commit }: WorkloadTransaction) => {
  try {
    await db.transaction(async (tx) => {
      for (const { text, values } of steps) await tx.query(numbered(text), [...values]);
      if (!commit) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
};

it("counts the rows there are when applied, in one transaction", async () => {
  await runConcurrently([writer], workload(1, 30));
  await db.exec(`BEGIN; ${counter.statements.join(";\n")}; COMMIT`);
  const { mismatches, rows } = await countMismatches(counter, query);
  expect(mismatches).toStrictEqual([]);
  expect(rows).toBeGreaterThan(20);
});

it("stays exact under three writers", async () => {
  await runConcurrently([writer, writer, writer], workload(2, 300));
  const { mismatches, rows } = await countMismatches(counter, query);
  expect(mismatches).toStrictEqual([]);
  expect(rows).toBeGreaterThan(50);
});

it("is emptied by a TRUNCATE", async () => {
  await db.exec("TRUNCATE packages");
  expect(await query(`SELECT count(*) AS n FROM ${counter.name}`, [])).toStrictEqual([{ n: 0 }]);
});

it("refuses to lock the table outside a transaction", async () => {
  await expect(db.query(counter.statements[0] as string)).rejects.toThrow(
    "LOCK TABLE can only be used in transaction blocks",
  );
});
