/**
 * The counter table on SQLite (better-sqlite3, a file in WAL mode): applied to a table holding
 * rows, then three connections write at once, their transactions' statements interleaved one by
 * one (a writer that finds the database locked rolls back and starts over, as SQLite makes it);
 * every count the counter gives then equals `COUNT(*)` of the same filter.
 */
import type Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { counterTable } from "../../src/sql/counter-table.js";
import { DIALECTS } from "../../src/sql/dialect.js";
import { openSqlite, type SqliteDatabase } from "../support/sqlite-database.js";
import {
  countMismatches,
  GROUP_BY,
  type WorkloadTransaction,
  workload,
} from "./counter-workload.js";

const counter = counterTable({ table: "packages", groupBy: GROUP_BY }, DIALECTS.sqlite);
let sqlite: SqliteDatabase;
beforeAll(() => {
  sqlite = openSqlite({ file: true });
  sqlite.db.exec(
    "CREATE TABLE packages (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, repo TEXT NOT NULL, status TEXT NOT NULL)",
  );
});
afterAll(() => sqlite.close());

/** One connection's share of the transactions, run a statement at a time. */
class Writer {
  #index = 0;
  #step = -1;
  retries = 0;
  constructor(
    readonly db: Database.Database,
    readonly transactions: readonly WorkloadTransaction[],
  ) {}
  get done() {
    return this.#index >= this.transactions.length;
  }
  /** Runs the next statement; a busy database rolls the transaction back to start over. */
  tick(): void {
    const transaction = this.transactions[this.#index] as WorkloadTransaction;
    try {
      if (this.#step < 0) this.db.exec("BEGIN");
      else if (this.#step < transaction.steps.length) {
        const { text, values } = transaction.steps[this.#step] as WorkloadTransaction["steps"][0];
        this.db.prepare(text).run(...values);
      } else {
        this.db.exec(transaction.commit ? "COMMIT" : "ROLLBACK");
        [this.#index, this.#step] = [this.#index + 1, -1];
        return;
      }
      this.#step += 1;
    } catch (error) {
      if (!String((error as { code?: string }).code).startsWith("SQLITE_BUSY")) throw error;
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      [this.#step, this.retries] = [-1, this.retries + 1];
    }
  }
}

function interleave(transactions: readonly WorkloadTransaction[], connections: number): Writer[] {
  const writers = Array.from({ length: connections }, (_, c) => {
    const db = c === 0 ? sqlite.db : sqlite.connect();
    db.pragma("busy_timeout = 0");
    return new Writer(
      db,
      transactions.filter((_, i) => i % connections === c),
    );
  });
  while (writers.some((writer) => !writer.done)) {
    for (const writer of writers) if (!writer.done) writer.tick();
  }
  return writers;
}

const query = async (text: string, values: readonly unknown[]) =>
  sqlite.db.prepare(text).all(...values) as Record<string, unknown>[];

it("counts the rows there are when applied, in one transaction", async () => {
  interleave(workload(1, 30), 1);
  sqlite.db
    .transaction(() => {
      for (const statement of counter.statements) sqlite.db.exec(statement);
    })
    .immediate();
  const { mismatches, rows } = await countMismatches(counter, query);
  expect(mismatches).toStrictEqual([]);
  expect(rows).toBeGreaterThan(20);
});

it("stays exact under three writers interleaved", async () => {
  const writers = interleave(workload(2, 300), 3);
  expect(writers.every((writer) => writer.retries > 0)).toBe(true);
  const { mismatches, rows } = await countMismatches(counter, query);
  expect(mismatches).toStrictEqual([]);
  expect(rows).toBeGreaterThan(50);
});
