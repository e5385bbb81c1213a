/**
 * What PostgreSQL does, measured on the suite's server (Debian's PostgreSQL 15, a cluster made
 * with `--locale=C`) and on PGlite: the facts pagewise's PostgreSQL integration relies on and its
 * docs state. NULL order, row values and the plans they get, text order, timestamp and bigint
 * readings through the driver, row estimates, placeholders and identifier quoting.
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseRows } from "../support/databases.js";
import { freshPgliteDir } from "../support/pglite-template.js";
import { freshDatabase } from "../support/stores.js";

type Query = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
interface Engine {
  query: Query;
  close(): Promise<void>;
}

/** The table of the plan and estimate checks: this many rows, `a` in 0..99, an index on (a, id). */
const keysetRows = 5000;

/** How each driver reads a bigint beyond 2^53: pg as text, PGlite as a BigInt. */
const bigints: Readonly<Record<string, unknown>> = {
  PostgreSQL: "9007199254740993",
  PGlite: 9007199254740993n,
};

/** The top node of an `EXPLAIN (FORMAT JSON)` answer. */
function topPlan(rows: Record<string, unknown>[]): Record<string, unknown> {
  const explained = rows[0]?.["QUERY PLAN"] as { Plan: Record<string, unknown> }[] | undefined;
  if (explained?.[0] === undefined) throw new Error("no plan");
  return explained[0].Plan;
}

/** PGlite in `npm test`, the suite's PostgreSQL server in `npm run test:postgres`. */
const engines = databaseRows<() => Promise<Engine>>({
  PostgreSQL: (url) => async () => {
    const client = new pg.Client(await freshDatabase(url));
    await client.connect();
    return {
      query: async (sql, values) => (await client.query(sql, values)).rows,
      close: () => client.end(),
    };
  },
  PGlite: async () => {
    const lite = await PGlite.create({ dataDir: await freshPgliteDir() });
    return {
      query: async (sql, values) => (await lite.query<Record<string, unknown>>(sql, values)).rows,
      close: () => lite.close(),
    };
  },
});

describe.each(engines)("%s", (name, open) => {
  let engine: Engine;
  const query: Query = (sql, values) => engine.query(sql, values);
  const reltuples = async () =>
    (await query("SELECT reltuples FROM pg_class WHERE relname = 'keyset'"))[0]?.reltuples;
  let beforeAnalyze: unknown;
  beforeAll(async () => {
    engine = await open();
    await query("CREATE TABLE nullable (id int PRIMARY KEY, a int)");
    await query("INSERT INTO nullable VALUES (1, 2), (2, NULL), (3, 1)");
    await query("CREATE TABLE keyset (id int PRIMARY KEY, a int NOT NULL, pad text DEFAULT '')");
    await query("CREATE INDEX a_id ON keyset (a, id)");
    await query(
      `INSERT INTO keyset (id, a) SELECT i, (i - 1) % 100 FROM generate_series(1, ${keysetRows}) i`,
    );
    beforeAnalyze = await reltuples();
    await query("ANALYZE keyset");
    await query("CREATE TABLE words (w text NOT NULL)");
    await query("INSERT INTO words VALUES ('a'), ('A'), ('á'), ('b'), ('Z'), ('é'), ('e')");
  });
  afterAll(() => engine.close());

  it.each([
    ["ascending: NULL last", "ORDER BY a, id", [3, 1, 2]],
    ["descending: NULL first", "ORDER BY a DESC, id", [2, 1, 3]],
    ["NULLS FIRST is accepted", "ORDER BY a NULLS FIRST, id", [2, 3, 1]],
    ["NULLS LAST is accepted", "ORDER BY a DESC NULLS LAST, id", [1, 3, 2]],
  ])("NULL order %s", async (_, order, ids) => {
    const rows = await query(`SELECT id FROM nullable ${order}`);
    expect(rows).toStrictEqual(ids.map((id) => ({ id })));
  });

  it.each([
    // The index range starts at the cursor itself.
    ["(a, id) > ($1, $2)", { cond: "(ROW(a, id) > ROW(90, 4000))", filter: undefined }],
    // The range starts at a = 90; that value's rows before the cursor are read and filtered.
    [
      "a >= $1 AND (a > $1 OR (a = $1 AND id > $2))",
      { cond: "(a >= 90)", filter: "((a > 90) OR ((a = 90) AND (id > 4000)))" },
    ],
    // No range: the whole index from its start, filtered.
    [
      "a > $1 OR (a = $1 AND id > $2)",
      { cond: undefined, filter: "((a > 90) OR ((a = 90) AND (id > 4000)))" },
    ],
  ])("a keyset page after (90, 4000): %s reads %j", async (where, expected) => {
    const sql = `SELECT id FROM keyset WHERE ${where} ORDER BY a, id LIMIT 10`;
    const limit = topPlan(await query(`EXPLAIN (FORMAT JSON, COSTS OFF) ${sql}`, [90, 4000]));
    const scan = (limit.Plans as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect([scan["Node Type"], scan["Index Name"]]).toStrictEqual(["Index Only Scan", "a_id"]);
    expect({ cond: scan["Index Cond"], filter: scan.Filter }).toStrictEqual(expected);
    const ids = await query(sql, [90, 4000]);
    expect(ids.slice(0, 3)).toStrictEqual([{ id: 4091 }, { id: 4191 }, { id: 4291 }]);
  });

  it("orders text by the database's collation: C here, byte (code-point) order", async () => {
    const [collation] = await query(
      "SELECT datcollate FROM pg_database WHERE datname = current_database()",
    );
    expect(collation).toStrictEqual({ datcollate: "C" });
    const rows = await query("SELECT w FROM words ORDER BY w");
    expect(rows.map((row) => row.w).join(" ")).toBe("A Z a b e á é");
    expect(await query("SELECT 'a' = 'A' AS caseless, 'a' = 'á' AS accentless")).toStrictEqual([
      { caseless: false, accentless: false },
    ]);
  });

  it("reads timestamptz as a Date with milliseconds only, a big bigint exactly, to_char keeps every digit", async () => {
    const at = "'2024-02-03 04:05:06.123456+00'::timestamptz";
    expect(
      await query(
        `SELECT ${at} AS t, to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS text, '9007199254740993'::bigint AS b`,
      ),
    ).toStrictEqual([
      {
        t: new Date("2024-02-03T04:05:06.123Z"),
        text: "2024-02-03 04:05:06.123456",
        b: bigints[name],
      },
    ]);
  });

  it("estimates rows: reltuples -1 until ANALYZE (never analyzed), then the count; EXPLAIN's rows for a filter", async () => {
    expect(beforeAnalyze).toBe(-1);
    expect(await reltuples()).toBe(keysetRows);
    const plan = topPlan(await query("EXPLAIN (FORMAT JSON) SELECT * FROM keyset WHERE a < 10"));
    expect(plan["Plan Rows"]).toBe(500);
  });

  it.each([
    ["$1 binds", "SELECT $1::int AS x", [5], [{ x: 5 }]],
    ['"id" is an identifier', 'SELECT "id" FROM nullable ORDER BY id LIMIT 1', [], [{ id: 1 }]],
  ])("%s", async (_, sql, values, rows) => {
    expect(await query(sql, values)).toStrictEqual(rows);
  });

  it("refuses NUL in a bound text value, stores a lone surrogate as U+FFFD (pagewise's 400 invalid_text)", async () => {
    await expect(query("SELECT $1::text AS t", ["a\u0000b"])).rejects.toMatchObject({
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
    });
    await query("CREATE TABLE texts (t text NOT NULL)");
    await query("INSERT INTO texts VALUES ($1), ($2)", ["a\uD800", "\uDC00b"]);
    expect(await query("SELECT t FROM texts ORDER BY t")).toStrictEqual([
      { t: "a\uFFFD" },
      { t: "\uFFFDb" },
    ]);
  });

  it("refuses ? as a placeholder and backticks as quotes", async () => {
    await expect(query("SELECT ? AS x", [5])).rejects.toMatchObject({ code: "42601" });
    await expect(query("SELECT `id` FROM nullable")).rejects.toMatchObject({ code: "42601" });
  });
});
