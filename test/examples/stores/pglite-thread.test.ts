/**
 * PGlite on its own thread: rows and errors cross it as they are (a `Date`, an error's SQLSTATE
 * code), and once the thread has ended every statement rejects at once, never waits.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PgliteThread,
  pgliteThread,
} from "../../../examples/package-store/stores/pglite-thread.js";

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
    await expect(thread.run("query", "SELECT * FROM missing", [])).rejects.toMatchObject({
      message: 'relation "missing" does not exist',
      code: "42P01",
    });
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
    await expect(thread.run("query", "SELECT 1", [])).rejects.toThrow(
      "PGlite's thread ended (exit code 1)",
    );
  });

  it("rejects the start with what PGlite threw when it cannot open its folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pagewise-pglite-"));
    const file = join(dir, "a-file");
    writeFileSync(file, "not a folder");
    try {
      await expect(pgliteThread(file)).rejects.toThrow("ErrnoError (errno 54)");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
