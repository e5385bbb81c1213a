/**
 * How a cursor page runs under MariaDB's planner setting (`SET STATEMENT … FOR`, docs/sql.md "A
 * filter before the keyset on MariaDB") on a real server: on the query's own executor (a
 * transaction's), not for a first page, not with `plannerSetting: false`, the server asked once
 * where it has no such variable (Drizzle's wrapped error too), and a read that never answers
 * stalling no page beyond its wait.
 */
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { int, mysqlTable, varchar } from "drizzle-orm/mysql-core";
import { drizzle } from "drizzle-orm/mysql2";
import { CamelCasePlugin, type CompiledQuery, Kysely, MysqlDialect, sql } from "kysely";
import { createPool, type Pool } from "mysql2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzleCursorPages } from "../../src/builders/drizzle/index.js";
import { underPageSetting } from "../../src/builders/drizzle/page-setting.js";
import { kyselyCursorPages } from "../../src/builders/kysely/index.js";
import { cursorQuery } from "../../src/cursor/cursor-query.js";
import type { CursorValue } from "../../src/cursor/cursor-token.js";
import type { SortOrder } from "../../src/sort/sort-order.js";
import { DIALECTS } from "../../src/sql/dialect.js";
import { SERVER } from "../support/databases.js";
import { freshStore } from "../support/stores.js";

type Schema = Record<string, Record<string, unknown>>;

const ORDER: SortOrder<string> = {
  terms: [{ column: "id", direction: "asc", type: "bigint" }],
} as never;
const SETTING = /^SET STATEMENT optimizer_adjust_secondary_key_costs = '[a-z_,]*' FOR select /;
const READ = "select @@optimizer_adjust_secondary_key_costs as `value`";

describe.skipIf(SERVER !== "MariaDB")("on MariaDB", () => {
  let url: string;
  let pool: Pool;
  let db: Kysely<Schema>;
  let statements: string[] = [];
  const log = (query: CompiledQuery) => void statements.push(query.sql);

  beforeAll(async () => {
    ({ url } = (await freshStore("mysql")) as { url: string });
    pool = createPool({ uri: url, connectionLimit: 2 });
    db = new Kysely({ dialect: new MysqlDialect({ pool }), log: ({ query }) => log(query) });
    await sql`CREATE TABLE packages (id BIGINT PRIMARY KEY, created_at VARCHAR(20) NOT NULL)`.execute(
      db,
    );
    await sql`INSERT INTO packages SELECT seq, CONCAT('c', seq) FROM seq_1_to_5`.execute(db);
  });
  afterAll(() => db?.destroy());

  /** A cursor page of 30 (after id 0, or the first page), as the list's handler gets it. */
  const context = (after: CursorValue | undefined) => ({
    sort: ORDER,
    cursor: cursorQuery(ORDER.terms, "after", after === undefined ? undefined : [after], 30),
  });

  /** A Kysely list's page of the table, its query on `from` (the instance or a transaction). */
  async function kyselyPage(
    instance: Kysely<Schema>,
    from: Kysely<Schema>,
    after: CursorValue | undefined,
    options: { plannerSetting?: boolean } = {},
  ): Promise<unknown[]> {
    const pages = kyselyCursorPages(
      instance,
      () => from.selectFrom("packages").selectAll(),
      options,
    );
    const { items } = (await pages.handle(context(after) as never)) as { items: unknown[] };
    return items;
  }

  const packages = mysqlTable("packages", {
    id: int("id").primaryKey(),
    createdAt: varchar("created_at", { length: 20 }),
  });

  /** A Drizzle list's page on the pool, its statements logged (one database: asked once). */
  let d: ReturnType<typeof drizzle>;
  async function drizzlePage(after: CursorValue | undefined, options = {}): Promise<unknown[]> {
    d ??= drizzle({ client: pool, logger: { logQuery: (text) => void statements.push(text) } });
    const pages = drizzleCursorPages(d, () => d.select().from(packages), options);
    const { items } = (await pages.handle(context(after) as never)) as { items: unknown[] };
    return items;
  }

  describe("a Kysely query built on a transaction, the instance given to kyselyCursorPages", () => {
    it("runs in the transaction, under the setting: the transaction's own rows", async () => {
      const served = await db.transaction().execute(async (trx) => {
        await trx.insertInto("packages").values({ id: 6, created_at: "c6" }).execute();
        statements = [];
        const rows = await kyselyPage(db, trx, "0");
        await trx.deleteFrom("packages").where("id", "=", 6).execute();
        return rows;
      });
      expect(served.map((row) => (row as { id: unknown }).id)).toStrictEqual([1, 2, 3, 4, 5, 6]);
      expect(statements.filter((text) => SETTING.test(text))).toHaveLength(1);
    });

    it("with a pool of one connection: served, not waiting on the pool", async () => {
      const one = new Kysely<Schema>({
        dialect: new MysqlDialect({ pool: createPool({ uri: url, connectionLimit: 1 }) }),
      });
      try {
        const served = await one
          .transaction()
          .execute((trx) =>
            Promise.race([
              kyselyPage(one, trx, "0"),
              new Promise((resolve) => setTimeout(() => resolve("no answer in 10 s"), 10_000)),
            ]),
          );
        expect(served).toHaveLength(5);
      } finally {
        await one.destroy();
      }
    });

    it("the user's plugins still write the query and map the rows (CamelCasePlugin)", async () => {
      const camel = db.withPlugin(new CamelCasePlugin());
      statements = [];
      const rows = await kyselyPage(camel, camel, "3");
      expect(rows).toStrictEqual([
        { id: 4, createdAt: "c4" },
        { id: 5, createdAt: "c5" },
      ]);
      expect(statements.filter((text) => SETTING.test(text))).toHaveLength(1);
    });
  });

  describe("which pages run under the setting", () => {
    const INTEGRATIONS = {
      kysely: (after: CursorValue | undefined, options?: { plannerSetting?: boolean }) =>
        kyselyPage(db, db, after, options),
      drizzle: drizzlePage,
    };

    it.each(Object.keys(INTEGRATIONS))("%s: a first page runs as it is", async (by) => {
      await INTEGRATIONS[by as keyof typeof INTEGRATIONS]("0");
      statements = [];
      expect(await INTEGRATIONS[by as keyof typeof INTEGRATIONS](undefined)).toHaveLength(5);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select /);
    });

    it.each(Object.keys(INTEGRATIONS))("%s: a page after a cursor runs under it", async (by) => {
      await INTEGRATIONS[by as keyof typeof INTEGRATIONS]("0");
      statements = [];
      expect(await INTEGRATIONS[by as keyof typeof INTEGRATIONS]("2")).toHaveLength(3);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^SET STATEMENT optimizer_adjust_secondary_key_costs = '/);
    });

    it.each(Object.keys(INTEGRATIONS))("%s: plannerSetting: false, none", async (by) => {
      statements = [];
      const page = INTEGRATIONS[by as keyof typeof INTEGRATIONS];
      expect(await page("2", { plannerSetting: false })).toHaveLength(3);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select /);
    });
  });

  describe("a server without the variable (ER_UNKNOWN_SYSTEM_VARIABLE, 1193)", () => {
    it("Drizzle, whose error wraps the driver's (DrizzleQueryError): asked once", async () => {
      const asked: string[] = [];
      const d = drizzle({ client: pool, logger: { logQuery: (text) => void asked.push(text) } });
      // A variable this server lacks answers as MySQL answers for optimizer_adjust_secondary_key_costs.
      const pageSetting = { variable: "pagewise_no_such_variable", flag: "f", number: 2 };
      const dialect = { ...DIALECTS.mysql, pageSetting };
      for (let i = 0; i < 3; i++) {
        const rows = await underPageSetting(
          d,
          dialect,
          d.select().from(packages).limit(2) as never,
        );
        expect(rows).toHaveLength(2);
      }
      expect(asked.filter((text) => text.startsWith("SELECT @@"))).toStrictEqual([
        "SELECT @@pagewise_no_such_variable",
      ]);
    });
  });

  describe("a read of the setting that never answers", () => {
    let proxy: Server;
    const sockets: Socket[] = [];
    afterAll(() => {
      for (const socket of sockets) socket.destroy();
      proxy?.close();
    });

    /** A proxy to the server whose first connection's first statement never reaches it. */
    async function stuckProxy(): Promise<URL> {
      const server = new URL(url);
      let connections = 0;
      proxy = createServer((client) => {
        const first = ++connections === 1;
        const upstream = connect(Number(server.port), "127.0.0.1");
        sockets.push(client, upstream);
        let lost = false;
        client.on("data", (chunk) => {
          if (first && chunk.toString("latin1").includes("@@optimizer_adjust_secondary_key_costs"))
            lost = true;
          if (!lost) upstream.write(chunk);
        });
        upstream.on("data", (chunk) => void (lost || client.write(chunk)));
        client.on("error", () => {});
        upstream.on("error", () => {});
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      const proxied = new URL(url);
      proxied.port = String((proxy.address() as AddressInfo).port);
      return proxied;
    }

    it("stalls no page for good: each is served without it, and a later page asks again", async () => {
      const proxied = await stuckProxy();
      const stuck = new Kysely<Schema>({
        dialect: new MysqlDialect({ pool: createPool({ uri: proxied.href, connectionLimit: 2 }) }),
        log: ({ query }) => log(query),
      });
      const within = (page: Promise<unknown[]>) =>
        Promise.race([
          page.then((rows) => rows.length),
          new Promise((resolve) => setTimeout(() => resolve("no answer in 10 s"), 10_000)),
        ]);
      const page = () => within(kyselyPage(stuck, stuck, "0"));
      statements = [];
      expect(await Promise.all([page(), page()])).toStrictEqual([5, 5]);
      expect(await page()).toBe(5);
      // The read that never answers is never logged (Kysely logs a statement once it ends).
      expect(statements.filter((text) => text === READ)).toHaveLength(1);
      expect(statements.filter((text) => SETTING.test(text))).toHaveLength(1);
      for (const socket of sockets) socket.destroy();
      await stuck.destroy().catch(() => {});
    });
  });
});
