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

  it.each([
    ["a delete", "DELETE FROM inflight WHERE id = 1", 2],
    ["an insert", "INSERT INTO inflight (owner, repo, status) VALUES ('a', 'r', 'x')", 4],
    ["an update moving a row", "UPDATE inflight SET status = 'y' WHERE id = 1", 2],
  ])("counts %s still uncommitted while the table is filled", async (_write, write, xCount) => {
    await db.query("DROP TABLE IF EXISTS inflight_counts, inflight");
    await db.query(
      "CREATE TABLE inflight (id BIGINT AUTO_INCREMENT PRIMARY KEY, owner VARCHAR(20) NOT NULL, repo VARCHAR(20) NOT NULL, status VARCHAR(20) NOT NULL)",
    );
    await db.query(
      "INSERT INTO inflight (owner, repo, status) VALUES ('a', 'r', 'x'), ('a', 'r', 'x'), ('a', 'r', 'x')",
    );
    const inflight = counterTable({ table: "inflight", groupBy: GROUP_BY }, DIALECTS.mysql);
    const fill = inflight.statements.at(-1) as string;
    for (const statement of inflight.statements.slice(0, -1)) await db.query(statement);
    const [writing, filling] = [await connect(), await connect()];
    await writing.query("BEGIN");
    await writing.query(write);
    const filled = filling.query(fill);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writing.query("COMMIT");
    await filled;
    const [rows] = await db.query(
      "SELECT status, count FROM inflight_counts WHERE count <> 0 ORDER BY status",
    );
    const expected =
      xCount === 2 && write.startsWith("UPDATE")
        ? [
            ["x", 2],
            ["y", 1],
          ]
        : [["x", xCount]];
    expect(
      (rows as { status: string; count: number }[]).map((row) => [row.status, Number(row.count)]),
    ).toStrictEqual(expected);
  });

  it("sets to 0 a group whose row came and went while only the insert's trigger was there", async () => {
    await db.query("DROP TABLE IF EXISTS inflight_counts, inflight");
    await db.query(
      "CREATE TABLE inflight (id BIGINT AUTO_INCREMENT PRIMARY KEY, owner VARCHAR(20) NOT NULL, repo VARCHAR(20) NOT NULL, status VARCHAR(20) NOT NULL)",
    );
    await db.query("INSERT INTO inflight (owner, repo, status) VALUES ('a', 'r', 'x')");
    const [made, insertTrigger, ...rest] = counterTable(
      { table: "inflight", groupBy: GROUP_BY },
      DIALECTS.mysql,
    ).statements as string[];
    await db.query(made as string);
    await db.query(insertTrigger as string);
    await db.query("INSERT INTO inflight (owner, repo, status) VALUES ('é', 's', 'y')");
    await db.query("DELETE FROM inflight WHERE owner = 'é'");
    for (const statement of rest) await db.query(statement);
    const [rows] = await db.query(
      "SELECT owner, repo, status, count FROM inflight_counts ORDER BY owner",
    );
    expect(
      (rows as Record<string, unknown>[]).map(({ count, ...group }) => ({
        ...group,
        count: Number(count),
      })),
    ).toStrictEqual([
      { owner: "a", repo: "r", status: "x", count: 1 },
      { owner: "é", repo: "s", status: "y", count: 0 },
    ]);
  });

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
