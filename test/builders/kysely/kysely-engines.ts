/**
 * The databases the Kysely suites run on, each a Kysely instance over one table `items` of the
 * same shape in that dialect's own types: a bigint key, text (mixed case, non-ASCII), a nullable
 * integer, an integer of few values and a timestamp with microseconds. SQLite (better-sqlite3,
 * integers as bigints) and PGlite in the main suite; MariaDB (mysql2, big numbers as text) and a
 * PostgreSQL server (pg) in their own. `close()` closes what `open` opened.
 */
import { PGlite } from "@electric-sql/pglite";
import Database from "better-sqlite3";
import {
  type CompiledQuery,
  type Dialect,
  Kysely,
  MysqlDialect,
  PostgresDialect,
  SqliteDialect,
  sql,
} from "kysely";
import { createPool } from "mysql2";
import pg from "pg";
import type { DialectName } from "../../../src/sql/dialect.js";
import { freshPgliteDir } from "../../support/pglite-template.js";
import { freshDatabase } from "../../support/stores.js";
import { pgliteDialect } from "../pglite-dialect.js";

/** The table's row as written: the key and the timestamp as text, every digit kept. */
export interface ItemRow {
  readonly id: string;
  readonly name: string;
  readonly score: number | null;
  readonly grp: number;
  readonly created_at: string;
}

/** The table as Kysely sees it: each driver reads the key and the timestamp its own way. */
export interface TestSchema {
  items: {
    id: string | bigint;
    name: string;
    score: number | null;
    grp: number;
    created_at: string | Date;
  };
}

/** An open database. */
export interface KyselyEngine {
  readonly name: string;
  readonly dialect: DialectName;
  readonly db: Kysely<TestSchema>;
  /** Runs SQL text, its rows. */
  raw(text: string): Promise<Record<string, unknown>[]>;
  /** A timestamp `micros` microseconds after a fixed instant, as the column takes it. */
  timestamp(micros: number): string;
  /** The key as exact text in the dialect's SQL. */
  readonly idText: string;
  /** A column as exact text in the dialect's SQL (a timestamp's every digit, a bigint's). */
  text(column: string): string;
  /** The queries Kysely ran since the last call (what a plan check explains), in order. */
  queriesRun(): CompiledQuery[];
  /** Empties the table and writes the rows. */
  fill(rows: readonly ItemRow[]): Promise<void>;
  close(): Promise<void>;
}

const DDL: Readonly<Record<DialectName, string>> = {
  sqlite:
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER, grp INTEGER NOT NULL, created_at TEXT NOT NULL)",
  postgres:
    "CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL, score integer, grp integer NOT NULL, created_at timestamptz NOT NULL)",
  mysql:
    "CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(64) NOT NULL, score INT NULL, grp INT NOT NULL, created_at DATETIME(6) NOT NULL)",
};
const ID_TEXT: Readonly<Record<DialectName, string>> = {
  sqlite: "CAST(id AS TEXT)",
  postgres: "id::text",
  mysql: "CAST(id AS CHAR)",
};

async function engine(
  name: string,
  dialect: DialectName,
  kyselyDialect: Dialect,
): Promise<KyselyEngine> {
  let ran: CompiledQuery[] = [];
  const db = new Kysely<TestSchema>({
    dialect: kyselyDialect,
    log: (event) => void ran.push(event.query),
  });
  const raw = async (text: string) =>
    (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;
  await raw(DDL[dialect]);
  const zone = dialect === "postgres" ? "+00" : "";
  return {
    name,
    dialect,
    db,
    raw,
    idText: ID_TEXT[dialect],
    text: (column) => ID_TEXT[dialect].replace("id", column),
    queriesRun: () => {
      const queries = ran;
      ran = [];
      return queries;
    },
    timestamp: (micros) =>
      `2026-11-23 10:00:${String(Math.floor(micros / 1e6)).padStart(2, "0")}.${String(micros % 1e6).padStart(6, "0")}${zone}`,
    fill: async (rows) => {
      await db.deleteFrom("items").execute();
      if (rows.length > 0)
        await db
          .insertInto("items")
          .values([...rows])
          .execute();
    },
    close: () => db.destroy(),
  };
}

/** SQLite in memory through better-sqlite3, integers read as bigints (exact beyond 2^53). */
export function sqliteEngine(): Promise<KyselyEngine> {
  const database = new Database(":memory:");
  database.defaultSafeIntegers(true);
  return engine("SQLite", "sqlite", new SqliteDialect({ database }));
}

/** PGlite in this process. */
export async function pgliteEngine(): Promise<KyselyEngine> {
  const db = await PGlite.create({ dataDir: await freshPgliteDir() });
  return engine("PGlite", "postgres", pgliteDialect(db));
}

/** A fresh database on the PostgreSQL server at `adminUrl`, through pg. */
export async function postgresEngine(adminUrl: string): Promise<KyselyEngine> {
  const pool = new pg.Pool({ connectionString: await freshDatabase(adminUrl), max: 2 });
  return engine("PostgreSQL", "postgres", new PostgresDialect({ pool }));
}

/** A database `name` (dropped first) on the MariaDB server at `serverUrl`, through mysql2. */
export async function mariadbEngine(serverUrl: string, name: string): Promise<KyselyEngine> {
  const options = { supportBigNumbers: true, bigNumberStrings: true, timezone: "Z" } as const;
  const admin = createPool({ uri: serverUrl, ...options }).promise();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const pool = createPool({ uri: serverUrl.replace(/\/pagewise$/, `/${name}`), ...options });
  return engine("MariaDB", "mysql", new MysqlDialect({ pool }));
}
