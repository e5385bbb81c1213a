/**
 * What MariaDB (10.11, Debian's `mariadb-server`) and mysql2 do, measured on the suite's server:
 * the facts pagewise's MySQL/MariaDB integration relies on and its docs state. NULL order, row
 * values and the plans they get, a filter before the keyset and the page setting it needs, collations, timestamp and bigint precision through mysql2, row
 * estimates, placeholders and identifier quoting.
 */
import { type Connection, type ConnectionOptions, createConnection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, type PlannerSetting } from "../../src/sql/dialect.js";
import { settingPrefix } from "../../src/sql/statement-setting.js";
import { SERVER } from "../support/databases.js";
import { MARIADB_URL } from "../support/stores.js";

const serverUrl = MARIADB_URL ?? "";
const url = serverUrl.replace(/\/pagewise$/, "/dialect_facts");
/** The table of the plan and estimate checks: this many rows, `a` in 0..99, an index on (a, id). */
const keysetRows = 5000;
/** A bigint beyond 2^53: as a double it becomes 9007199254740992. */
const bigId = "9007199254740993";

describe.skipIf(SERVER !== "MariaDB")("MariaDB", () => {
  const connections: Connection[] = [];
  async function connect(options: Omit<ConnectionOptions, "uri"> = {}): Promise<Connection> {
    const connection = await createConnection({ uri: url, timezone: "Z", ...options });
    connections.push(connection);
    return connection;
  }
  let db: Connection;
  const query = async (sql: string, values: unknown[] = []) => (await db.query(sql, values))[0];

  beforeAll(async () => {
    const admin = await createConnection({ uri: serverUrl });
    await admin.query("DROP DATABASE IF EXISTS dialect_facts");
    await admin.query("CREATE DATABASE dialect_facts");
    await admin.end();
    db = await connect();
    await query("CREATE TABLE nullable (id INT PRIMARY KEY, a INT NULL)");
    await query("INSERT INTO nullable VALUES (1, 2), (2, NULL), (3, 1)");
    await query(
      "CREATE TABLE keyset (id INT PRIMARY KEY, a INT NOT NULL, pad CHAR(50) NOT NULL DEFAULT '', KEY a_id (a, id))",
    );
    const rows = Array.from({ length: keysetRows }, (_, i) => [i + 1, i % 100]);
    await query("INSERT INTO keyset (id, a) VALUES ?", [rows]);
    await query("ANALYZE TABLE keyset");
    await query("CREATE TABLE words (w VARCHAR(20) NOT NULL)");
    await query("INSERT INTO words VALUES ('a'), ('A'), ('á'), ('b'), ('Z'), ('é'), ('e')");
    await query(
      "CREATE TABLE stamps (id BIGINT PRIMARY KEY, d DATETIME(6) NOT NULL, t TIMESTAMP(6) NOT NULL, d0 DATETIME NOT NULL, KEY d (d))",
    );
    const stamps = Array.from({ length: 3000 }, (_, i) => {
      const at = new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString();
      return [i + 1, at.replace("T", " ").replace("Z", ""), at.slice(0, 10), at.slice(0, 10)];
    });
    await query("INSERT INTO stamps VALUES ?", [stamps]);
    const stamp = "2024-02-03 04:05:06.123456";
    await query("INSERT INTO stamps VALUES (?, ?, ?, '2024-02-03 04:05:06.6')", [
      bigId,
      stamp,
      stamp,
    ]);
    await query("ANALYZE TABLE stamps");
  });
  afterAll(async () => {
    for (const connection of connections) await connection.end();
  });

  describe("text pagewise refuses (400 invalid_text)", () => {
    it("stores NUL as sent, a lone surrogate as U+FFFD (mysql2 writes UTF-8)", async () => {
      await query(
        "CREATE TABLE texts (id INT PRIMARY KEY, t VARCHAR(20) NOT NULL) CHARACTER SET utf8mb4",
      );
      await query("INSERT INTO texts VALUES (1, ?), (2, ?), (3, ?)", [
        "a\u0000b",
        "a\uD800",
        "\uDC00b",
      ]);
      expect(await query("SELECT t, LENGTH(t) AS bytes FROM texts ORDER BY id")).toStrictEqual([
        { t: "a\u0000b", bytes: 3 },
        { t: "a\uFFFD", bytes: 4 },
        { t: "\uFFFDb", bytes: 4 },
      ]);
    });
  });

  describe("NULL order", () => {
    it.each([
      ["ascending: NULL first", "ORDER BY a, id", [2, 3, 1]],
      ["descending: NULL last", "ORDER BY a DESC, id", [1, 3, 2]],
      ["IS NULL ascending puts NULL last", "ORDER BY a IS NULL, a, id", [3, 1, 2]],
    ])("%s", async (_, order, ids) => {
      const rows = await query(`SELECT id FROM nullable ${order}`);
      expect(rows).toStrictEqual(ids.map((id) => ({ id })));
    });

    it("refuses NULLS FIRST / NULLS LAST (a syntax error)", async () => {
      await expect(query("SELECT id FROM nullable ORDER BY a NULLS LAST")).rejects.toMatchObject({
        code: "ER_PARSE_ERROR",
      });
    });
  });

  /** The plan of one statement, from ANALYZE FORMAT=JSON: the one table's access and rows read. */
  async function analyze(sql: string, values: unknown[], setting = "") {
    const analyzed = `${setting}ANALYZE FORMAT=JSON ${sql}`;
    const [[row]] = (await db.query(analyzed, values)) as unknown as [[{ ANALYZE: string }]];
    const table = findTable(JSON.parse(row.ANALYZE));
    return { access: table.access_type, key: table.key, rowsRead: table.r_rows };
  }

  /** The first `table` entry of a plan, at whatever depth (a sort or a filesort wraps it). */
  function findTable(plan: unknown): Record<string, unknown> {
    if (typeof plan !== "object" || plan === null) throw new Error("no table in the plan");
    const node = plan as Record<string, unknown>;
    if (typeof node.table === "object" && node.table !== null) {
      return node.table as Record<string, unknown>;
    }
    for (const child of Object.values(node)) {
      try {
        return findTable(child);
      } catch {
        // not in this branch
      }
    }
    throw new Error("no table in the plan");
  }

  describe(`a keyset page after (90, 4000) on ${keysetRows} rows with an index on (a, id)`, () => {
    const page = (where: string) => `SELECT id FROM keyset WHERE ${where} ORDER BY a, id LIMIT 10`;
    it.each([
      // Accepted, and right, but read by walking the whole index from its start: no range.
      ["(a, id) > (?, ?)", [90, 4000], { access: "index", key: "a_id", rowsRead: 4550 }],
      // An index range from the cursor: only the page's rows are read.
      [
        "a >= ? AND (a > ? OR (a = ? AND id > ?))",
        [90, 90, 90, 4000],
        { access: "range", key: "a_id", rowsRead: 10 },
      ],
      [
        "a > ? OR (a = ? AND id > ?)",
        [90, 90, 4000],
        { access: "range", key: "a_id", rowsRead: 10 },
      ],
    ])("%s: %j", async (where, values, plan) => {
      expect(await analyze(page(where), values)).toStrictEqual(plan);
      const ids = (await query(page(where), values)) as { id: number }[];
      expect(ids.slice(0, 3)).toStrictEqual([{ id: 4091 }, { id: 4191 }, { id: 4291 }]);
    });
  });

  describe("a keyset page behind a filter (grp = 1), 18,000 of 20,000 rows in its group", () => {
    const page = `SELECT id, pad FROM filtered WHERE grp = 1 AND (a < ? OR (a = ? AND id < ?))
      ORDER BY a DESC, id DESC LIMIT 11`;
    const values = [90, 90, 5000];
    beforeAll(async () => {
      await query(`CREATE TABLE filtered (id INT PRIMARY KEY, grp INT NOT NULL, a INT NOT NULL,
        pad CHAR(50) NOT NULL DEFAULT '', KEY grp_a_id (grp, a, id), KEY grp_id (grp, id))`);
      await query(`INSERT INTO filtered (id, grp, a) SELECT seq,
        CASE WHEN seq <= 1000 THEN 0 WHEN seq > 19000 THEN 2 ELSE 1 END, seq % 100 FROM seq_1_to_20000`);
      await query("ANALYZE TABLE filtered");
    });

    it("is read by ref on the group from its far end: every row beyond the cursor", async () => {
      expect(await analyze(page, values)).toStrictEqual({
        access: "ref",
        key: "grp_a_id",
        rowsRead: 1771,
      });
    });

    it("is the index range from the cursor under the page setting (disable_max_seek)", async () => {
      const [[{ current }]] = (await db.query(
        "SELECT @@optimizer_adjust_secondary_key_costs AS current",
      )) as unknown as [[{ current: string }]];
      expect(current).toBe("fix_reuse_range_for_ref,fix_card_multiplier");
      const prefix = settingPrefix(DIALECTS.mysql.pageSetting as PlannerSetting, current);
      expect(await analyze(page, values, prefix)).toStrictEqual({
        access: "range",
        key: "grp_a_id",
        rowsRead: 11,
      });
      const rows = (await query(`${prefix}${page}`, values)) as { id: number }[];
      expect(rows.slice(0, 3).map((row) => row.id)).toStrictEqual([4990, 4890, 4790]);
      // SET STATEMENT sets it for the statement alone.
      expect(await query("SELECT @@optimizer_adjust_secondary_key_costs AS current")).toStrictEqual(
        [{ current }],
      );
    });
  });

  describe("collation", () => {
    it("a text column takes utf8mb4's default collation, utf8mb4_general_ci", async () => {
      expect(
        await query(
          "SELECT COLLATION_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'dialect_facts' AND TABLE_NAME = 'words'",
        ),
      ).toStrictEqual([{ c: "utf8mb4_general_ci" }]);
      expect(
        await query(
          "SELECT DEFAULT_COLLATE_NAME AS c FROM information_schema.CHARACTER_SETS WHERE CHARACTER_SET_NAME = 'utf8mb4'",
        ),
      ).toStrictEqual([{ c: "utf8mb4_general_ci" }]);
    });

    it.each([
      ["utf8mb4_general_ci", { caseless: 1, accentless: 1 }, ["a", "A", "á", "b", "é", "e", "Z"]],
      ["utf8mb4_bin", { caseless: 0, accentless: 0 }, ["A", "Z", "a", "b", "e", "á", "é"]],
    ])("%s: equalities %j, order %j", async (collation, equal, order) => {
      expect(
        await query(
          `SELECT 'a' = 'A' COLLATE ${collation} AS caseless, 'a' = 'á' COLLATE ${collation} AS accentless`,
        ),
      ).toStrictEqual([equal]);
      const rows = await query(`SELECT w FROM words ORDER BY w COLLATE ${collation}`);
      expect(rows).toStrictEqual(order.map((w) => ({ w })));
    });
  });

  describe("timestamps and bigints through mysql2", () => {
    const last = `SELECT id, d, t, d0, CAST(d AS CHAR) AS text FROM stamps WHERE id = ${bigId}`;
    it("by default: a Date with milliseconds only, a bigint as a rounded number", async () => {
      expect(await query(last)).toStrictEqual([
        {
          id: 9007199254740992,
          d: new Date("2024-02-03T04:05:06.123Z"),
          t: new Date("2024-02-03T04:05:06.123Z"),
          d0: new Date("2024-02-03T04:05:06.000Z"), // DATETIME without a fraction truncates .6
          text: "2024-02-03 04:05:06.123456",
        },
      ]);
    });

    it.each([
      [{}, 9007199254740992, 1],
      [{ supportBigNumbers: true }, bigId, 1],
      [{ supportBigNumbers: true, bigNumberStrings: true }, bigId, "1"],
    ])("%j reads the bigint as %j and a small one as %j", async (options, big, small) => {
      const connection = await connect(options);
      const sql = "SELECT id FROM stamps WHERE id IN (1, ?) ORDER BY id";
      const [rows] = await connection.query(sql, [bigId]);
      expect(rows).toStrictEqual([{ id: small }, { id: big }]);
    });

    it("with dateStrings: every digit, as CAST(d AS CHAR) gives it", async () => {
      const connection = await connect({ dateStrings: true });
      const [rows] = await connection.query(`SELECT d, t FROM stamps WHERE id = ${bigId}`);
      expect(rows).toStrictEqual([
        { d: "2024-02-03 04:05:06.123456", t: "2024-02-03 04:05:06.123456" },
      ]);
    });

    it("comparing the column with that text reads an index range, to the microsecond", async () => {
      const sql = "SELECT CAST(d AS CHAR) AS d FROM stamps WHERE d > ? ORDER BY d LIMIT 1";
      const values = ["2024-02-03 04:05:06.123455"];
      expect(await analyze(sql, values)).toStrictEqual({ access: "range", key: "d", rowsRead: 1 });
      expect(await query(sql, values)).toStrictEqual([{ d: "2024-02-03 04:05:06.123456" }]);
    });
  });

  describe("row estimates", () => {
    const explainRows = async (sql: string) =>
      Number(((await query(`EXPLAIN ${sql}`)) as { rows: string }[])[0]?.rows);
    const tableRows = async () =>
      Number(
        (
          (await query(
            "SELECT TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'dialect_facts' AND TABLE_NAME = 'keyset'",
          )) as { n: number }[]
        )[0]?.n,
      );
    // Estimates, not counts: 5132 for 5000 rows in the runs measured, 500 for the filter's 500.
    it.each([
      ["information_schema.TABLES.TABLE_ROWS", tableRows, keysetRows],
      ["EXPLAIN's rows, the whole table", () => explainRows("SELECT * FROM keyset"), keysetRows],
      ["EXPLAIN's rows, a filter", () => explainRows("SELECT * FROM keyset WHERE a < 10"), 500],
    ])("%s is within half of the count (%#)", async (_, read, count) => {
      const n = await read();
      expect(n).toBeGreaterThan(count * 0.5);
      expect(n).toBeLessThan(count * 1.5);
    });
  });

  describe("placeholders and identifiers", () => {
    it("binds ? (query and execute); $1 is an identifier", async () => {
      expect(await query("SELECT ? AS x", [5])).toStrictEqual([{ x: 5 }]);
      expect((await db.execute("SELECT ? AS x", [5]))[0]).toStrictEqual([{ x: 5 }]);
      await expect(query("SELECT $1 AS x")).rejects.toMatchObject({ code: "ER_BAD_FIELD_ERROR" });
    });

    it.each([
      ["default", "`id`", [{ id: 1 }]],
      ["default", '"id"', [{ id: "id" }]], // a string literal
      ["ANSI_QUOTES", '"id"', [{ id: 1 }]],
    ])("sql_mode %s reads %s as %j", async (mode, quoted, rows) => {
      const connection = await connect();
      if (mode === "ANSI_QUOTES") {
        await connection.query("SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')");
      }
      const [result] = await connection.query(`SELECT ${quoted} FROM nullable ORDER BY id LIMIT 1`);
      expect(result).toStrictEqual(rows);
    });

    it("has ANSI_QUOTES off by default", async () => {
      expect(await query("SELECT @@sql_mode LIKE '%ANSI_QUOTES%' AS ansi")).toStrictEqual([
        { ansi: 0 },
      ]);
    });
  });
});
