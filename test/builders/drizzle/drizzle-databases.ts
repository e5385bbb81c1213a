/**
 * A `packages` table through Drizzle on each dialect the suites cover: SQLite (better-sqlite3) and
 * PostgreSQL in PGlite in the main suite; MariaDB (mysql2) and a PostgreSQL server
 * (node-postgres) in their own (`openMariaDb`, `openPostgres`, given the server's URL). Each has
 * a bigint id, mixed-case names, a timestamp kept to the microsecond and a nullable score.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { bigint, datetime, int, mysqlTable, varchar } from "drizzle-orm/mysql-core";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import {
  integer,
  bigint as pgBigint,
  pgTable,
  text as pgText,
  timestamp,
} from "drizzle-orm/pg-core";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { integer as sqliteInteger, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createConnection } from "mysql2/promise";
import pg from "pg";
import { databaseRows } from "../../support/databases.js";
import { freshPgliteDir } from "../../support/pglite-template.js";
import { openSqlite } from "../../support/sqlite-database.js";
import { freshDatabase, freshMariaDb } from "../../support/stores.js";

/** A row as inserted: the timestamp as the database's text (`2026-01-02 03:04:05.123456`). */
export interface PackageRow {
  readonly id: bigint;
  readonly name: string;
  readonly owner: string;
  readonly createdAt: string;
  readonly score: number | null;
}

export const sqlitePackages = sqliteTable("packages", {
  // A number to Drizzle's types; a bigint at run time (the connection reads safe integers).
  id: sqliteInteger("id").primaryKey(),
  name: text("name").notNull(),
  owner: text("owner").notNull(),
  createdAt: text("created_at").notNull(),
  score: sqliteInteger("score"),
});
export const pgPackages = pgTable("packages", {
  id: pgBigint("id", { mode: "bigint" }).primaryKey(),
  name: pgText("name").notNull(),
  owner: pgText("owner").notNull(),
  createdAt: timestamp("created_at", { precision: 6, mode: "date" }).notNull(),
  score: integer("score"),
});
export const mysqlPackages = mysqlTable("packages", {
  id: bigint("id", { mode: "bigint" }).primaryKey(),
  name: varchar("name", { length: 64 }).notNull(),
  owner: varchar("owner", { length: 64 }).notNull(),
  createdAt: datetime("created_at", { fsp: 6, mode: "date" }).notNull(),
  score: int("score"),
});

/** A statement Drizzle ran. */
export interface Logged {
  readonly query: string;
  readonly params: readonly unknown[];
}

/** A Drizzle logger that keeps every statement. */
function logger(log: Logged[]) {
  return { logQuery: (query: string, params: unknown[]) => void log.push({ query, params }) };
}

/** An open database with the (empty) `packages` table. */
export interface DrizzleDatabaseUnderTest {
  readonly name: "sqlite" | "pglite" | "mariadb" | "postgres";
  /** The Drizzle database (its own type per dialect; the suites use what all share). */
  // biome-ignore lint/suspicious/noExplicitAny: the suites run one body on every dialect's database
  readonly db: any;
  readonly packages: typeof pgPackages;
  /** Runs SQL text, with parameters when given; its rows. */
  readonly raw: (text: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>;
  /** Every statement Drizzle ran, with its parameters, as its logger saw them. */
  readonly log: Logged[];
  /** Empties the table and inserts the rows. */
  readonly fill: (rows: readonly PackageRow[]) => Promise<void>;
  readonly close: () => Promise<void>;
}

const COLUMNS = "id bigint primary key, name VARCHAR(64) not null, owner VARCHAR(64) not null";
/**
 * One index per order the plan checks read, in that order's directions: MariaDB reads an index
 * only in its own directions or all of them reversed (mixed directions need `DESC` parts, since
 * 10.8), and filesorts the range otherwise.
 */
const INDEXES = ["created_at, id", "owner, created_at desc, id desc", "score, id", "name, id desc"];

function indexes(): string[] {
  return INDEXES.map((columns, i) => `create index packages_${i} on packages (${columns})`);
}

/** SQLite in memory through better-sqlite3 (bigints exact: the table's id is `mode: "bigint"`). */
export async function openSqliteDrizzle(): Promise<DrizzleDatabaseUnderTest> {
  const sqlite = openSqlite();
  sqlite.db.defaultSafeIntegers(true);
  sqlite.db.exec(`create table packages (${COLUMNS}, created_at text not null, score integer)`);
  for (const statement of indexes()) sqlite.db.exec(statement);
  const log: Logged[] = [];
  const db = sqliteDrizzle({ client: sqlite.db, logger: logger(log) });
  const raw = async (text: string, params: readonly unknown[] = []) =>
    sqlite.db
      .prepare(text)
      .safeIntegers(true)
      .all(...params) as Record<string, unknown>[];
  return {
    name: "sqlite",
    db,
    log,
    packages: sqlitePackages as never,
    raw,
    fill: async (rows) => {
      sqlite.db.exec("delete from packages");
      const insert = sqlite.db.prepare("insert into packages values (?, ?, ?, ?, ?)");
      for (const r of rows) insert.run(r.id, r.name, r.owner, r.createdAt, r.score);
    },
    close: async () => sqlite.close(),
  };
}

const PG_TABLE = `create table packages (${COLUMNS.replaceAll("VARCHAR(64)", "text")}, created_at timestamp(6) not null, score integer)`;

async function pgFill(
  query: (text: string, values: unknown[]) => Promise<unknown>,
  rows: readonly PackageRow[],
) {
  await query("delete from packages", []);
  for (const r of rows) {
    await query("insert into packages values ($1, $2, $3, $4, $5)", [
      String(r.id),
      r.name,
      r.owner,
      r.createdAt,
      r.score,
    ]);
  }
  await query("analyze packages", []);
}

/** PostgreSQL in PGlite (in this process). */
export async function openPgliteDrizzle(): Promise<DrizzleDatabaseUnderTest> {
  const client = await PGlite.create({ dataDir: await freshPgliteDir() });
  await client.exec(PG_TABLE);
  for (const statement of indexes()) await client.exec(statement);
  const query = (text: string, values: unknown[]) => client.query(text, values);
  const log: Logged[] = [];
  return {
    name: "pglite",
    db: pgliteDrizzle({ client, logger: logger(log) }),
    log,
    packages: pgPackages,
    raw: async (text, params = []) =>
      (await client.query<Record<string, unknown>>(text, params as unknown[])).rows,
    fill: (rows) => pgFill(query, rows),
    close: () => client.close(),
  };
}

/** A PostgreSQL server through node-postgres (a pool of its own, ended by `close`). */
export async function openPostgresDrizzle(url: string): Promise<DrizzleDatabaseUnderTest> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await pool.query("drop table if exists packages");
  await pool.query(PG_TABLE);
  for (const statement of indexes()) await pool.query(statement);
  const query = (text: string, values: unknown[]) => pool.query(text, values);
  const log: Logged[] = [];
  return {
    name: "postgres",
    db: pgDrizzle({ client: pool, logger: logger(log) }),
    log,
    packages: pgPackages,
    raw: async (text, params = []) => (await pool.query(text, params as unknown[])).rows,
    fill: (rows) => pgFill(query, rows),
    close: () => pool.end(),
  };
}

/** MariaDB through mysql2 (one connection, `timezone: "Z"`, bigints exact as text). */
export async function openMariaDbDrizzle(url: string): Promise<DrizzleDatabaseUnderTest> {
  const connection = await createConnection({
    uri: url,
    timezone: "Z",
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  await connection.query("drop table if exists packages");
  await connection.query(
    `create table packages (${COLUMNS}, created_at datetime(6) not null, score int)`,
  );
  for (const statement of indexes()) await connection.query(statement);
  const log: Logged[] = [];
  return {
    name: "mariadb",
    db: mysqlDrizzle({ client: connection, logger: logger(log) }),
    log,
    packages: mysqlPackages as never,
    raw: async (text, params = []) =>
      (await connection.query(text, params as never))[0] as Record<string, unknown>[],
    fill: async (rows) => {
      await connection.query("delete from packages");
      if (rows.length === 0) return;
      const values = rows.map((r) => [String(r.id), r.name, r.owner, r.createdAt, r.score]);
      await connection.query("insert into packages values ?", [values]);
      await connection.query("analyze table packages");
    },
    close: () => connection.end(),
  };
}

/**
 * The databases of this run as `describe.each` rows (`databaseRows`): SQLite and PGlite in
 * `npm test`, a database of its own on the server in `npm run test:postgres` and `test:mariadb`.
 */
export const DRIZZLE_DATABASES = databaseRows<() => Promise<DrizzleDatabaseUnderTest>>({
  SQLite: openSqliteDrizzle,
  PGlite: openPgliteDrizzle,
  PostgreSQL: (url) => async () => openPostgresDrizzle(await freshDatabase(url)),
  MariaDB: (url) => async () => openMariaDbDrizzle(await freshMariaDb(url)),
});
