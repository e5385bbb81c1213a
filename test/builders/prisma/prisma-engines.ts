/**
 * The databases pagewise/prisma's suites run on, each a Prisma 7 client over a driver adapter
 * (`@prisma/adapter-better-sqlite3`, `-pg`, `-mariadb`) on the clients `generate-clients.ts`
 * makes, its tables made by SQL (`prisma migrate` would need Prisma's schema engine, which the
 * tests do without): `items` (ties, NULLs, keys beyond 2^53, timestamps a millisecond apart, as
 * Prisma's `DateTime` holds them) and `tags`, a relation to many.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaPg } from "@prisma/adapter-pg";
import type { DialectName } from "../../../src/sql/dialect.js";
import { freshDatabase, freshMariaDb } from "../../support/stores.js";
import { PrismaClient as MysqlClient } from "./generated/mysql/client.ts";
import { PrismaClient as PostgresClient } from "./generated/postgres/client.ts";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";

/** A client made with `log: QUERY_EVENTS`: each statement it runs an event. */
interface QueryEvents {
  $on(event: "query", listener: (event: { query: string; params: string }) => void): void;
}

/** The clients' log option: each statement as an event (`queriesRun`). */
const QUERY_EVENTS = { log: [{ level: "query" as const, emit: "event" as const }] };

/** A client of the tests' models (each provider's has the same models and methods). */
export type TestClient = InstanceType<typeof SqliteClient>;

/** A row of `items`, as Prisma takes and gives it. */
export interface ItemRow {
  id: bigint;
  name: string;
  score: number | null;
  grp: number;
  createdAt: Date;
}

/** An open database and its client. */
export interface PrismaEngine {
  readonly name: string;
  readonly dialect: DialectName;
  readonly prisma: TestClient;
  /** Runs SQL text, its rows. */
  raw(text: string): Promise<Record<string, unknown>[]>;
  /** The database's URL, as its adapter takes it. */
  readonly url: string;
  /** The statements Prisma ran since the last call (what a plan check explains), in order. */
  queriesRun(): { readonly sql: string; readonly parameters: readonly unknown[] }[];
  /** The key as exact text in the dialect's SQL. */
  readonly idText: string;
  /** Empties the tables and writes the rows (and `tags` tags each, 2 for even ids). */
  fill(rows: readonly ItemRow[]): Promise<void>;
  /**
   * Empties `items` and writes the rows by SQL, each `created_at` given as the database's text
   * (to the microsecond, on a table made with `micros`).
   */
  fillText(rows: readonly (Omit<ItemRow, "createdAt"> & { createdAt: string })[]): Promise<void>;
  close(): Promise<void>;
}

/** The DDL of each dialect, `created_at` to the millisecond (Prisma's `DateTime`) or, `micros`, finer. */
const ddl = (dialect: DialectName, micros: boolean) =>
  DDL[dialect].map((statement) => (micros ? statement.replace("(3)", "(6)") : statement));

const DDL: Readonly<Record<DialectName, readonly string[]>> = {
  sqlite: [
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER, grp INTEGER NOT NULL, created_at DATETIME NOT NULL)",
    "CREATE TABLE tags (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES items (id), label TEXT NOT NULL)",
    "CREATE TABLE posts (id INTEGER PRIMARY KEY, status TEXT NOT NULL, pinned BOOLEAN NOT NULL, price DECIMAL NOT NULL)",
  ],
  postgres: [
    "CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL, score integer, grp integer NOT NULL, created_at timestamptz(3) NOT NULL)",
    "CREATE TABLE tags (id integer PRIMARY KEY, item_id bigint NOT NULL REFERENCES items (id), label text NOT NULL)",
    `CREATE TYPE "Status" AS ENUM ('draft', 'review', 'published', 'archived')`,
    `CREATE TABLE posts (id integer PRIMARY KEY, status "Status" NOT NULL, pinned boolean NOT NULL, price decimal(10, 2) NOT NULL)`,
  ],
  mysql: [
    "CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(64) NOT NULL, score INT NULL, grp INT NOT NULL, created_at DATETIME(3) NOT NULL)",
    "CREATE TABLE tags (id INT PRIMARY KEY, item_id BIGINT NOT NULL REFERENCES items (id), label VARCHAR(64) NOT NULL)",
    "CREATE TABLE posts (id INT PRIMARY KEY, status ENUM('draft', 'review', 'published', 'archived') NOT NULL, pinned BOOLEAN NOT NULL, price DECIMAL(10, 2) NOT NULL)",
  ],
};
const ID_TEXT: Readonly<Record<DialectName, string>> = {
  sqlite: "CAST(id AS TEXT)",
  postgres: "id::text",
  mysql: "CAST(id AS CHAR)",
};

async function engine(
  name: string,
  dialect: DialectName,
  prisma: TestClient,
  close: () => void | Promise<void>,
  micros = false,
  url = "",
): Promise<PrismaEngine> {
  let ran: { sql: string; parameters: unknown[] }[] = [];
  (prisma as unknown as QueryEvents).$on("query", (event) => {
    ran.push({ sql: event.query, parameters: JSON.parse(event.params) });
  });
  for (const statement of ddl(dialect, micros)) await prisma.$executeRawUnsafe(statement);
  const mark = (i: number) => (dialect === "postgres" ? `$${i + 1}` : "?");
  return {
    name,
    dialect,
    prisma,
    raw: (text) => prisma.$queryRawUnsafe<Record<string, unknown>[]>(text),
    idText: ID_TEXT[dialect],
    url,
    queriesRun: () => {
      const queries = ran;
      ran = [];
      return queries;
    },
    fill: async (rows) => {
      await prisma.tag.deleteMany();
      await prisma.item.deleteMany();
      if (rows.length === 0) return;
      await prisma.item.createMany({ data: [...rows] });
      const tags = rows.flatMap((row, i) =>
        Array.from({ length: row.id % 2n === 0n ? 2 : 1 }, (_, j) => ({
          id: i * 2 + j,
          itemId: row.id,
          label: `${row.name}-${j}`,
        })),
      );
      await prisma.tag.createMany({ data: tags });
    },
    fillText: async (rows) => {
      await prisma.tag.deleteMany();
      await prisma.item.deleteMany();
      for (const row of rows) {
        const values = [row.id, row.name, row.score, row.grp, row.createdAt];
        const marks = values.map((_, i) => mark(i));
        if (dialect === "postgres") marks[4] = `${marks[4]}::timestamptz`;
        await prisma.$executeRawUnsafe(
          `INSERT INTO items (id, name, score, grp, created_at) VALUES (${marks.join(", ")})`,
          ...values,
        );
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await close();
    },
  };
}

/** SQLite in a temporary file through better-sqlite3. */
export function sqliteEngine(): Promise<PrismaEngine> {
  const dir = mkdtempSync(join(tmpdir(), "pagewise-prisma-"));
  const url = `file:${join(dir, "test.db")}`;
  const adapter = new PrismaBetterSqlite3({ url });
  const prisma = new SqliteClient({ adapter, ...QUERY_EVENTS }) as unknown as TestClient;
  const remove = () => rmSync(dir, { recursive: true, force: true });
  return engine("SQLite", "sqlite", prisma, remove, false, url);
}

/**
 * A fresh database on the PostgreSQL server at `adminUrl`, through pg; `created_at` a
 * `timestamptz(3)`, or with `micros` a `timestamptz(6)`.
 */
export async function postgresEngine(adminUrl: string, micros = false): Promise<PrismaEngine> {
  const adapter = new PrismaPg({ connectionString: await freshDatabase(adminUrl), max: 2 });
  const prisma = new PostgresClient({ adapter, ...QUERY_EVENTS }) as unknown as TestClient;
  return engine("PostgreSQL", "postgres", prisma, () => {}, micros);
}

/**
 * A fresh database on the MariaDB server at `serverUrl`, through the mariadb driver;
 * `created_at` a `DATETIME(3)`, or with `micros` a `DATETIME(6)`.
 */
export async function mariadbEngine(serverUrl: string, micros = false): Promise<PrismaEngine> {
  const url = new URL(await freshMariaDb(serverUrl));
  const adapter = new PrismaMariaDb({
    host: url.hostname,
    port: Number(url.port),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
    connectionLimit: 2,
  });
  const prisma = new MysqlClient({ adapter, ...QUERY_EVENTS }) as unknown as TestClient;
  return engine("MariaDB", "mysql", prisma, () => {}, micros);
}
