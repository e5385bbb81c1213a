/**
 * PGlite on its own thread: rows and errors cross it as they are (a `Date`, an error's SQLSTATE
 * code); a value that cannot cross rejects its statement alone; once the thread has ended every
 * statement rejects at once, never waits, and the client answers it with the 503 problem.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PgliteThread,
  pgliteThread,
} from "../../../examples/package-store/stores/pglite-thread.js";
import { pgliteClient } from "../../../examples/package-store/stores/sql-client.js";

describe("pgliteThread", () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await pgliteThread();
  });
  afterAll(() => thread.terminate());

  it("answers a query's rows with their values as PGlite parsed them", async () => {
    const rows = await thread.run(
      "query",
      "SELECT $1::int AS n, $2::text AS s, '2026-01-02T03:04:05.123Z'::timestamptz AS t",
      [7, "ü"],
    );
    expect(rows).toStrictEqual([{ n: 7, s: "ü", t: new Date("2026-01-02T03:04:05.123Z") }]);
  });

  it("rejects with the database's error, its code kept", async () => {
    const failed = thread.run("query", "SELECT * FROM missing", []);
    await expect(failed).rejects.toBeInstanceOf(Error);
    await expect(failed).rejects.toMatchObject({
      message: 'relation "missing" does not exist',
      code: "42P01",
      severity: "ERROR",
    });
  });

  it("rejects a statement whose value cannot cross the thread, and answers the next", async () => {
    await expect(thread.run("query", "SELECT $1 AS f", [() => 1])).rejects.toMatchObject({
      name: "DataCloneError",
    });
    expect(await thread.run("query", "SELECT 1 AS n", [])).toStrictEqual([{ n: 1 }]);
  });

  it("runs a script", async () => {
    await thread.run("exec", "CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2)");
    expect(await thread.run("query", "SELECT sum(n)::int AS n FROM t", [])).toStrictEqual([
      { n: 3 },
    ]);
  });
});

describe("pgliteThread, ended", () => {
  it("rejects every statement at once once the thread has ended", async () => {
    const thread = await pgliteThread();
    await thread.run("close");
    await thread.terminate();
    await expect(thread.run("query", "SELECT 1", [])).rejects.toMatchObject({
      message: "PGlite's thread ended (exit code 1)",
      code: "57P01",
    });
  });

  it("rejects the statement running when the thread ends", async () => {
    const thread = await pgliteThread();
    const running = thread.run("query", "SELECT count(*) FROM generate_series(1, 20000000)", []);
    await thread.terminate();
    await expect(running).rejects.toThrow("PGlite's thread ended (exit code 1)");
  });

  it("closes a client once, however often asked, and answers it after with the 503 problem", async () => {
    const db = await pgliteClient();
    await Promise.all([db.close(), db.close()]);
    await db.close();
    const error = await db.query("SELECT 1", []).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 503,
      problem: {
        status: 503,
        code: "service_unavailable",
        detail: "The database stopped answering; a change may or may not have been made.",
      },
    });
    // No Retry-After: a write's outcome is unknown when its database was lost.
    expect((error as { headers: unknown }).headers).toStrictEqual({});
  });

  it("rejects the start with what PGlite threw when it cannot open its folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pagewise-pglite-"));
    const file = join(dir, "a-file");
    writeFileSync(file, "not a folder");
    try {
      await expect(pgliteThread(file)).rejects.toMatchObject({
        name: "ErrnoError",
        errno: 54,
        message: "ErrnoError (errno 54)",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
