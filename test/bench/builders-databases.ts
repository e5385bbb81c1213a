/**
 * The builders suite's three databases, each started empty for the run and removed after it: a
 * throwaway PostgreSQL cluster, a throwaway MariaDB server, and SQLite in a temporary file. Each
 * gives the driver handle the builders take, runs the load's statements, and reads a row's sort
 * values as exact text.
 * @packageDocumentation
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createPool, type Pool as MysqlPool } from "mysql2";
import pg from "pg";
import { startMariaDb } from "../support/mariadb-server.js";
import { startCluster } from "../support/postgres-cluster.js";
import { type Column, type ExactRow, ORDERS, type Order } from "./builders-table.js";

/** A driver handle, by dialect. */
export type Handle =
  | { readonly dialect: "postgres"; readonly pool: pg.Pool }
  | { readonly dialect: "mysql"; readonly pool: MysqlPool }
  | { readonly dialect: "sqlite"; readonly database: Database.Database };

/** A started database. */
export interface BenchDatabase {
  readonly label: string;
  readonly handle: Handle;
  /** Runs statements one after another. */
  exec(statements: readonly string[]): Promise<void>;
  /**
   * The sort values of the row at `position` (0-based) of `table` in `order`, among the rows
   * `where` (SQL text) holds if given, as exact text.
   */
  exactRow(table: string, order: Order, position: number, where?: string): Promise<ExactRow>;
  /** Closes the connections and removes the database. */
  close(): Promise<void>;
}

const COLUMNS: readonly Column[] = ["id", "name", "status", "created_at", "note"];
/** Each column as text with every digit the database stores (`cast` writes the dialect's cast). */
const exactSelect = (cast: (column: Column) => string) =>
  COLUMNS.map((column) => `${cast(column)} AS ${column}`).join(", ");
/**
 * `order` with each column named by its table: a bare name in ORDER BY means the select list's
 * column of that name first (PostgreSQL, MariaDB, SQLite), here its text (`id` as text put 999
 * after 1998 among ties).
 */
const orderedBy = (table: string, order: Order) =>
  ORDERS[order].map(([column, direction]) => `${table}.${column} ${direction}`).join(", ");
const rowAt = (
  cast: (column: Column) => string,
  table: string,
  order: Order,
  at: number,
  where: string | undefined,
) =>
  `SELECT ${exactSelect(cast)} FROM ${table}${where === undefined ? "" : ` WHERE ${where}`} ORDER BY ${orderedBy(table, order)} LIMIT 1 OFFSET ${at}`;

async function postgres(): Promise<BenchDatabase> {
  const cluster = await startCluster();
  const pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
  const cast = (column: Column) => `${column}::text`;
  return {
    label: "PostgreSQL server",
    handle: { dialect: "postgres", pool },
    exec: async (statements) => {
      for (const statement of statements) await pool.query(statement);
    },
    exactRow: async (table, order, at, where) =>
      (await pool.query<ExactRow>(rowAt(cast, table, order, at, where))).rows[0] as ExactRow,
    close: async () => {
      await pool.end();
      cluster.remove();
    },
  };
}

async function mysql(): Promise<BenchDatabase> {
  const server = await startMariaDb();
  const pool = createPool({ uri: server.url, connectionLimit: 2 });
  const promised = pool.promise();
  // The helper's 64 MB buffer pool would read 1,000,000 rows and their indexes from disk.
  await promised.query("SET GLOBAL innodb_buffer_pool_size = 1073741824");
  const cast = (column: Column) => `CAST(${column} AS CHAR)`;
  return {
    label: "MariaDB server",
    handle: { dialect: "mysql", pool },
    exec: async (statements) => {
      for (const statement of statements) await promised.query(statement);
    },
    exactRow: async (table, order, at, where) => {
      const [rows] = await promised.query(rowAt(cast, table, order, at, where));
      return (rows as ExactRow[])[0] as ExactRow;
    },
    close: async () => {
      await promised.end();
      server.remove();
    },
  };
}

async function sqlite(): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "pagewise-builders-"));
  const database = new Database(join(dir, "bench.db"));
  database.pragma("journal_mode = WAL");
  database.pragma("cache_size = -262144"); // 256 MB: the table and its indexes stay in memory
  const cast = (column: Column) => `CAST(${column} AS TEXT)`;
  return {
    label: "SQLite (better-sqlite3, a file)",
    handle: { dialect: "sqlite", database },
    exec: async (statements) => {
      for (const statement of statements) database.exec(statement);
    },
    exactRow: async (table, order, at, where) =>
      database.prepare(rowAt(cast, table, order, at, where)).get() as ExactRow,
    close: async () => {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the database of `dialect`. */
export const startDatabase = { postgres, mysql, sqlite } as const;
