/**
 * What SQLite (as better-sqlite3 12 builds it) does, measured in-process: the facts pagewise's
 * SQLite integration relies on and its docs state. NULL order, row values and the plans they get,
 * collations, timestamps (text) and integers beyond 2^53, row estimates (none but ANALYZE's
 * statistics), placeholders and identifier quoting.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqlite, type SqliteDatabase } from "../support/sqlite-database.js";

/** The table of the plan checks: this many rows, `a` in 0..99, an index on (a, id). */
const keysetRows = 5000;
const bigId = 9007199254740993n;

let sqlite: SqliteDatabase;
const all = (sql: string, ...values: unknown[]) => sqlite.db.prepare(sql).all(...values);

beforeAll(() => {
  sqlite = openSqlite();
  sqlite.db.exec(`
    CREATE TABLE nullable (id INTEGER PRIMARY KEY, a INT);
    INSERT INTO nullable VALUES (1, 2), (2, NULL), (3, 1);
    CREATE TABLE keyset (id INTEGER PRIMARY KEY, a INT NOT NULL, pad TEXT NOT NULL DEFAULT '');
    CREATE INDEX a_id ON keyset (a, id);
    CREATE TABLE words (w TEXT NOT NULL);
    INSERT INTO words VALUES ('a'), ('A'), ('á'), ('b'), ('Z'), ('é'), ('e');
    CREATE TABLE stamps (id INTEGER PRIMARY KEY, d TIMESTAMP NOT NULL);
  `);
  const insert = sqlite.db.prepare("INSERT INTO keyset (id, a) VALUES (?, ?)");
  sqlite.db.transaction(() => {
    for (let i = 0; i < keysetRows; i++) insert.run(i + 1, i % 100);
  })();
  sqlite.db.prepare("INSERT INTO stamps VALUES (?, ?)").run(bigId, "2024-02-03 04:05:06.123456");
});
afterAll(() => sqlite.close());

describe("NULL order", () => {
  it.each([
    ["ascending: NULL first", "ORDER BY a, id", [2, 3, 1]],
    ["descending: NULL last", "ORDER BY a DESC, id", [1, 3, 2]],
    ["NULLS LAST is accepted", "ORDER BY a NULLS LAST, id", [3, 1, 2]],
    ["NULLS FIRST is accepted", "ORDER BY a DESC NULLS FIRST, id", [2, 1, 3]],
  ])("%s", (_, order, ids) => {
    expect(all(`SELECT id FROM nullable ${order}`)).toStrictEqual(ids.map((id) => ({ id })));
  });
});

describe(`a keyset page after (90, 4000) on ${keysetRows} rows with an index on (a, id)`, () => {
  const page = (where: string) => `SELECT id FROM keyset WHERE ${where} ORDER BY a, id LIMIT 10`;
  it.each([
    ["(a, id) > (?, ?)", [90, 4000], "SEARCH keyset USING COVERING INDEX a_id (a>?)"],
    [
      "a >= ? AND (a > ? OR (a = ? AND id > ?))",
      [90, 90, 90, 4000],
      "SEARCH keyset USING COVERING INDEX a_id (a>?)",
    ],
    // No bound on the index's first column: the whole index is walked.
    ["a > ? OR (a = ? AND id > ?)", [90, 90, 4000], "SCAN keyset USING COVERING INDEX a_id"],
  ])("%s: %s", (where, values, plan) => {
    const details = all(`EXPLAIN QUERY PLAN ${page(where)}`, ...values) as { detail: string }[];
    expect(details.map((row) => row.detail)).toStrictEqual([plan]);
    expect(all(page(where), ...values).slice(0, 3)).toStrictEqual([
      { id: 4091 },
      { id: 4191 },
      { id: 4291 },
    ]);
  });
});

describe("collation", () => {
  it("has BINARY (byte order of UTF-8, which is code-point order), NOCASE and RTRIM", () => {
    expect(all("SELECT name FROM pragma_collation_list ORDER BY name")).toStrictEqual([
      { name: "BINARY" },
      { name: "NOCASE" },
      { name: "RTRIM" },
    ]);
  });

  it.each([
    ["BINARY (the default)", "", { caseless: 0, accentless: 0 }, "A Z a b e á é"],
    // NOCASE folds ASCII letters only: 'á' and 'Á' stay apart.
    ["NOCASE", "COLLATE NOCASE", { caseless: 1, accentless: 0 }, "A a b e Z á é"],
  ])("%s: equalities %j, order %s", (_, collate, equal, order) => {
    expect(
      all(`SELECT 'a' = 'A' ${collate} AS caseless, 'á' = 'Á' ${collate} AS accentless`),
    ).toStrictEqual([equal]);
    const rows = all(`SELECT w FROM words ORDER BY w ${collate}, w`) as { w: string }[];
    expect(rows.map((row) => row.w).join(" ")).toBe(order);
  });
});

describe("timestamps and integers", () => {
  it("keeps a timestamp as the text written, every digit, in a TIMESTAMP column", () => {
    expect(all("SELECT d, typeof(d) AS type FROM stamps")).toStrictEqual([
      { d: "2024-02-03 04:05:06.123456", type: "text" },
    ]);
  });

  it("refuses to bind a Date", () => {
    expect(() => all("SELECT ? AS d", new Date(0))).toThrow(
      "SQLite3 can only bind numbers, strings, bigints, buffers, and null",
    );
  });

  it.each([
    [false, 9007199254740992], // rounded to a double
    [true, bigId],
  ])("reads an integer beyond 2^53 with safeIntegers(%s) as %s", (safe, id) => {
    const statement = sqlite.db.prepare("SELECT id FROM stamps").safeIntegers(safe);
    expect(statement.all()).toStrictEqual([{ id }]);
  });
});

describe("row estimates", () => {
  it("has no statistics until ANALYZE; then sqlite_stat1 holds each index's row count", () => {
    const stats = "SELECT name FROM sqlite_schema WHERE name = 'sqlite_stat1'";
    expect(all(stats)).toStrictEqual([]);
    sqlite.db.exec("ANALYZE");
    // The rows, then the average rows per distinct a, and per distinct (a, id).
    expect(all("SELECT tbl, idx, stat FROM sqlite_stat1 WHERE tbl = 'keyset'")).toStrictEqual([
      { tbl: "keyset", idx: "a_id", stat: `${keysetRows} 50 1` },
    ]);
  });
});

describe("placeholders and identifiers", () => {
  it.each([
    ["?", [5]],
    ["$x", [{ x: 5 }]], // better-sqlite3 binds a named parameter from an object's member
    [":x", [{ x: 5 }]],
  ])("binds %s", (placeholder, values) => {
    expect(all(`SELECT ${placeholder} AS x`, ...values)).toStrictEqual([{ x: 5 }]);
  });

  it.each(['"id"', "`id`", "[id]"])("reads %s as an identifier", (quoted) => {
    expect(all(`SELECT ${quoted} FROM nullable ORDER BY id LIMIT 1`)).toStrictEqual([{ id: 1 }]);
  });

  it("never reads a double-quoted name as a string (better-sqlite3 builds without DQS)", () => {
    expect(() => all('SELECT "no_such_column" FROM nullable')).toThrow(
      'no such column: "no_such_column" - should this be a string literal in single-quotes?',
    );
  });
});

describe("openSqlite with a file", () => {
  it("gives a second connection the first one's writes, and removes the file on close", () => {
    const file = openSqlite({ file: true });
    file.db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)");
    expect(file.connect().prepare("SELECT id FROM t").all()).toStrictEqual([{ id: 1 }]);
    file.close();
    expect(existsSync(file.path)).toBe(false);
  });
});
