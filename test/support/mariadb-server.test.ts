/**
 * The throwaway MariaDB server of test/support itself, on a server of its own: it keeps its data
 * across a stop and a start on the same port, a paused server answers nothing until resumed, and
 * `remove()` deletes its folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { createConnection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER } from "./databases.js";
import { type MariaDbServer, startMariaDb } from "./mariadb-server.js";

describe.skipIf(SERVER !== "MariaDB")("on a MariaDB server of its own", () => {
  let server: MariaDbServer | undefined;
  beforeAll(async () => {
    server = await startMariaDb();
  });
  afterAll(() => server?.remove());

  const started = () => server as MariaDbServer;

  /** One query on a connection of its own, closed after; `timeout` bounds the connect. */
  async function queryOnce(sql: string, connectTimeout = 10_000): Promise<unknown> {
    const connection = await createConnection({ uri: started().url, connectTimeout });
    try {
      const [rows] = await connection.query(sql);
      return rows;
    } finally {
      connection.destroy();
    }
  }

  describe("startMariaDb", () => {
    it("listens on 127.0.0.1 with the pagewise database, its character set utf8mb4", async () => {
      expect(started().url).toBe(`mysql://pagewise:pagewise@127.0.0.1:${started().port}/pagewise`);
      expect(
        await queryOnce("SELECT DATABASE() AS db, @@character_set_database AS cs, @@port AS port"),
      ).toStrictEqual([{ db: "pagewise", cs: "utf8mb4", port: started().port }]);
    });

    it("keeps its data across a stop and a start, refusing connections while stopped", async () => {
      await queryOnce("CREATE TABLE kept (id INT PRIMARY KEY)");
      await queryOnce("INSERT INTO kept VALUES (7)");
      started().stop();
      await expect(queryOnce("SELECT 1")).rejects.toMatchObject({ code: "ECONNREFUSED" });
      await started().start();
      expect(await queryOnce("SELECT id FROM kept")).toStrictEqual([{ id: 7 }]);
    });

    it("answers nothing while paused, and again once resumed", async () => {
      started().pause();
      try {
        await expect(queryOnce("SELECT 1", 500)).rejects.toMatchObject({ code: "ETIMEDOUT" });
      } finally {
        started().resume();
      }
      expect(await queryOnce("SELECT 1 AS one")).toStrictEqual([{ one: 1 }]);
    });

    it("removes its folder", async () => {
      const other = await startMariaDb();
      const folders = () =>
        readdirSync(tmpdir()).filter((name) => name.startsWith("pagewise-mariadb-"));
      const before = folders();
      other.remove();
      const gone = before.filter((name) => !folders().includes(name));
      expect(gone).toHaveLength(1);
      expect(existsSync(`${tmpdir()}/${gone[0]}`)).toBe(false);
    });
  });
});
