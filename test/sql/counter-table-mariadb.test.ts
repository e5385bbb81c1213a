/**
 * The counter table on MariaDB (the suite's server, through mysql2, InnoDB at its default
 * REPEATABLE READ): applied while four connections write, then more of their transactions; every
 * count the counter gives equals `COUNT(*)` of the same filter (MariaDB's collation makes `a` and `A`
 * one group on both sides). A transaction InnoDB picks as a deadlock's victim
 * is run again, as an application does.
 */
import { type Connection, createConnection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterTable } from "../../src/sql/counter-table.js";
import { DIALECTS } from "../../src/sql/dialect.js";
import { SERVER } from "../support/databases.js";
import { MARIADB_URL } from "../support/stores.js";
import {
  countMismatches,
  GROUP_BY,
  runConcurrently,
  type WorkloadTransaction,
  workload,
} from "./counter-workload.js";

const serverUrl = MARIADB_URL ?? "";
const url = serverUrl.replace(/\/pagewise$/, "/counter_table");
const counter = counterTable({ table: "packages", groupBy: GROUP_BY }, DIALECTS.mysql);
/** InnoDB's deadlock and lock wait timeout: the transaction was rolled back, run it again. */
const RETRIED = new Set([1213, 1205]);

describe.skipIf(SERVER !== "MariaDB")("the counter table on MariaDB", () => {
  const connections: Connection[] = [];
  let db: Connection;
  beforeAll(async () => {
    const admin = await createConnection({ uri: serverUrl });
    await admin.query("DROP DATABASE IF EXISTS counter_table");
    await admin.query("CREATE DATABASE counter_table");
    await admin.end();
    db = await connect();
    await db.query(
      "CREATE TABLE packages (id BIGINT AUTO_INCREMENT PRIMARY KEY, owner VARCHAR(20) NOT NULL, repo VARCHAR(20) NOT NULL, status VARCHAR(20) NOT NULL)",
    );
  });
  afterAll(async () => {
    for (const connection of connections) await connection.end();
  });

  async function connect(): Promise<Connection> {
    const connection = await createConnection({ uri: url });
    connections.push(connection);
    return connection;
  }

  const query = async (text: string, values: readonly unknown[]) =>
    (await db.query(text, [...values] as (string | number)[]))[0] as Record<string, unknown>[];

  let deadlocks = 0;
  /** Runs `work` until InnoDB does not roll it back (the whole transaction, when it was one). */
  async function retried(work: () => Promise<unknown>, undo?: () => Promise<unknown>) {
    for (;;) {
      try {
        return await work();
      } catch (error) {
        if (!RETRIED.has((error as { errno?: number }).errno as number)) throw error;
        await undo?.();
        deadlocks += 1;
      }
    }
  }

  /** A writer on a connection of its own. */
  async function writer() {
    const connection = await connect();
    return ({ steps, commit }: WorkloadTransaction) =>
      retried(
        async () => {
          await connection.query("BEGIN");
          for (const { text, values } of steps)
            await connection.query(text, [...values] as (string | number)[]);
          await connection.query(commit ? "COMMIT" : "ROLLBACK");
        },
        () => connection.query("ROLLBACK"),
      ).then(() => undefined);
  }

  it("counts every row when applied while four connections write", async () => {
    const writers = await Promise.all([writer(), writer(), writer(), writer()]);
    await runConcurrently(writers, workload(1, 40));
    const writing = runConcurrently(writers, workload(2, 200));
    for (const statement of counter.statements) await retried(() => db.query(statement));
    await writing;
    const { mismatches, rows } = await countMismatches(counter, query);
    expect(mismatches).toStrictEqual([]);
    // Rows to count; how many depends on how the four writers interleave (48 to a few hundred).
    expect(rows).toBeGreaterThan(0);
  });

  it("stays exact under four writers", async () => {
    const writers = await Promise.all([writer(), writer(), writer(), writer()]);
    await runConcurrently(writers, workload(3, 400));
    const { mismatches, rows } = await countMismatches(counter, query);
    expect(mismatches).toStrictEqual([]);
    // Rows to count; how many depends on how the four writers interleave (48 to a few hundred).
    expect(rows).toBeGreaterThan(0);
    console.log(`counter table on MariaDB: ${deadlocks} transactions run again after a deadlock`);
  });
});
