/**
 * The example's PostgreSQL-server client cancels the running statement of a client that left (a
 * `pg_cancel_backend` from a connection of its own), rejects with the signal's reason, and keeps
 * serving on its pool; a statement not yet started for a client that left is never sent.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  postgresClient,
  type SqlClient,
} from "../../../examples/package-store/stores/sql-client.js";
import { freshDatabase, POSTGRES_URL } from "../../support/stores.js";

/** A write that would land after 3 s (inside the 5 s statement timeout) unless cancelled. */
const SLOW_WRITE = "INSERT INTO written SELECT 1 FROM pg_sleep(3)";
const WRITTEN = "SELECT count(*)::int AS n FROM written";

describe.skipIf(POSTGRES_URL === undefined)("postgresClient: a client that left", () => {
  let url: string;
  let db: SqlClient;
  let watcher: pg.Client;
  beforeAll(async () => {
    url = await freshDatabase(POSTGRES_URL as string);
    db = await postgresClient(url);
    watcher = new pg.Client(url);
    await watcher.connect();
    await db.exec("CREATE TABLE written (n int)");
  });
  afterAll(async () => {
    await watcher.end();
    await db.close();
  });

  /** The statements of this test running on the server now. */
  const running = async () => {
    const { rows } = await watcher.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query = $1",
      [SLOW_WRITE],
    );
    return rows[0]?.n;
  };

  it("has its running statement cancelled on the server (its write never lands), and the pool serves on", async () => {
    const client = new AbortController();
    const answer = db.query(SLOW_WRITE, [], client.signal);
    while ((await running()) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10)); // until the server runs it
    }
    client.abort("gone");
    await expect(answer).rejects.toBe("gone");
    expect(await running()).toBe(0);
    expect(await db.query(WRITTEN, [])).toStrictEqual([{ n: 0 }]);
  });

  it("never has a statement sent once it left", async () => {
    await expect(
      db.query("INSERT INTO written VALUES (1)", [], AbortSignal.abort("gone")),
    ).rejects.toBe("gone");
    expect(await db.query(WRITTEN, [])).toStrictEqual([{ n: 0 }]);
  });
});
