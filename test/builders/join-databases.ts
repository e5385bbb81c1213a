/**
 * Two tables that share column names, `repositories` and its `packages` (both have `id` and
 * `name`), on each dialect the suites cover, each through Kysely and Drizzle on one connection:
 * SQLite (better-sqlite3) and PGlite in the main suite, a PostgreSQL server (pg) and MariaDB
 * (mysql2) in their own. What `test/support/join-walks.ts` walks: a join, as real apps write one.
 */
import { PGlite } from "@electric-sql/pglite";
import Database from "better-sqlite3";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { int, mysqlTable, varchar } from "drizzle-orm/mysql-core";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { integer, pgTable, text as pgText } from "drizzle-orm/pg-core";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { integer as sqliteInteger, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { type Dialect, Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from "kysely";
import { createPool } from "mysql2";
import pg from "pg";
import type { DialectName } from "../../src/sql/dialect.js";
import { freshPgliteDir } from "../support/pglite-template.js";
import { freshDatabase, freshMariaDb } from "../support/stores.js";
import { pgliteDialect } from "./pglite-dialect.js";

/** The tables as Kysely sees them (`display_name`: the name again, a column of a two-word name). */
export interface JoinSchema {
  repositories: { id: number; name: string; display_name: string | null };
  packages: {
    id: number;
    repository_id: number;
    name: string;
    score: number | null;
    display_name: string | null;
  };
  tags: { package_id: number; tag: string };
}

export const pgRepositories = pgTable("repositories", {
  id: integer("id").primaryKey(),
  name: pgText("name").notNull(),
});
export const pgJoinPackages = pgTable("packages", {
  id: integer("id").primaryKey(),
  repositoryId: integer("repository_id").notNull(),
  name: pgText("name").notNull(),
  score: integer("score"),
});
const sqliteRepositories = sqliteTable("repositories", {
  id: sqliteInteger("id").primaryKey(),
  name: text("name").notNull(),
});
const sqlitePackages = sqliteTable("packages", {
  id: sqliteInteger("id").primaryKey(),
  repositoryId: sqliteInteger("repository_id").notNull(),
  name: text("name").notNull(),
  score: sqliteInteger("score"),
});
/** The tables declared by their keys alone, for a database of `casing: "snake_case"`. */
const snakePg = {
  repositories: pgTable("repositories", { id: integer().primaryKey(), displayName: pgText() }),
  packages: pgTable("packages", {
    id: integer().primaryKey(),
    repositoryId: integer().notNull(),
    name: pgText().notNull(),
    displayName: pgText(),
  }),
};
const snakeSqlite = {
  repositories: sqliteTable("repositories", {
    id: sqliteInteger().primaryKey(),
    displayName: text(),
  }),
  packages: sqliteTable("packages", {
    id: sqliteInteger().primaryKey(),
    repositoryId: sqliteInteger().notNull(),
    name: text().notNull(),
    displayName: text(),
  }),
};
const snakeMysql = {
  repositories: mysqlTable("repositories", {
    id: int().primaryKey(),
    displayName: varchar({ length: 64 }),
  }),
  packages: mysqlTable("packages", {
    id: int().primaryKey(),
    repositoryId: int().notNull(),
    name: varchar({ length: 64 }).notNull(),
    displayName: varchar({ length: 64 }),
  }),
};

/** Each package's tags (a join to many): every package "a", and {@link TWICE_TAGGED} "b" too. */
export const pgTags = pgTable("tags", {
  packageId: integer("package_id").notNull(),
  tag: pgText("tag").notNull(),
});
const sqliteTags = sqliteTable("tags", {
  packageId: sqliteInteger("package_id").notNull(),
  tag: text("tag").notNull(),
});
const mysqlTags = mysqlTable("tags", {
  packageId: int("package_id").notNull(),
  tag: varchar("tag", { length: 16 }).notNull(),
});
/** The package of two tags. */
export const TWICE_TAGGED = 6;

const mysqlRepositories = mysqlTable("repositories", {
  id: int("id").primaryKey(),
  name: varchar("name", { length: 64 }).notNull(),
});
const mysqlPackages = mysqlTable("packages", {
  id: int("id").primaryKey(),
  repositoryId: int("repository_id").notNull(),
  name: varchar("name", { length: 64 }).notNull(),
  score: int("score"),
});

/** Both tables, filled, through both builders. */
export interface JoinDatabase {
  readonly name: string;
  readonly dialect: DialectName;
  readonly kysely: Kysely<JoinSchema>;
  /** The Drizzle database (its own type per dialect; the suites use what all share). */
  // biome-ignore lint/suspicious/noExplicitAny: one suite body runs on every dialect's database
  readonly drizzle: any;
  /** The Drizzle tables (PostgreSQL's types; each dialect's own at run time). */
  readonly packages: typeof pgJoinPackages;
  readonly repositories: typeof pgRepositories;
  readonly tags: typeof pgTags;
  /** The same database through Drizzle made with `casing: "snake_case"`, and its tables of keys alone. */
  readonly snake: {
    // biome-ignore lint/suspicious/noExplicitAny: each dialect's Drizzle database
    readonly drizzle: any;
    readonly packages: (typeof snakePg)["packages"];
    readonly repositories: (typeof snakePg)["repositories"];
  };
  /** The SQL text of every statement `drizzle` ran, in order (the suites empty it). */
  readonly statements: string[];
  /** Runs SQL text; its rows. */
  raw(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Three repositories whose names sort otherwise than their packages'. */
export const REPOSITORIES = [
  { id: 1, name: "zeta" },
  { id: 2, name: "alpha" },
  { id: 3, name: "mike" },
] as const;

const NAMES = ["kilo", "bravo", "kilo", "alpha", "yankee", "bravo", "delta", "echo", "kilo"];
const SCORES = [3, null, 1, 3, null, 2, 1, null, 2];

/** 18 packages: each name twice or more (ties the tie-breaker decides), NULL scores. */
export const PACKAGES: readonly Omit<JoinSchema["packages"], "display_name">[] = Array.from(
  { length: 18 },
  (_, i) => ({
    id: i + 1,
    repository_id: (i % 3) + 1,
    name: NAMES[i % NAMES.length] as string,
    score: SCORES[(i * 5) % SCORES.length] as number | null,
  }),
);

const DDL: Readonly<Record<DialectName, readonly string[]>> = {
  sqlite: [
    "CREATE TABLE repositories (id INTEGER PRIMARY KEY, name TEXT NOT NULL, display_name TEXT)",
    "CREATE TABLE packages (id INTEGER PRIMARY KEY, repository_id INTEGER NOT NULL, name TEXT NOT NULL, score INTEGER, display_name TEXT)",
    "CREATE TABLE tags (package_id INTEGER NOT NULL, tag TEXT NOT NULL)",
  ],
  postgres: [
    "CREATE TABLE repositories (id integer PRIMARY KEY, name text NOT NULL, display_name text)",
    "CREATE TABLE packages (id integer PRIMARY KEY, repository_id integer NOT NULL, name text NOT NULL, score integer, display_name text)",
    "CREATE TABLE tags (package_id integer NOT NULL, tag text NOT NULL)",
  ],
  mysql: [
    "CREATE TABLE repositories (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL, display_name VARCHAR(64) NULL)",
    "CREATE TABLE packages (id INT PRIMARY KEY, repository_id INT NOT NULL, name VARCHAR(64) NOT NULL, score INT NULL, display_name VARCHAR(64) NULL)",
    "CREATE TABLE tags (package_id INT NOT NULL, tag VARCHAR(16) NOT NULL)",
  ],
};
/** The index each dialect reads the joined table's order from; each row's display name its name. */
const AFTER = [
  "CREATE INDEX packages_name ON packages (name, id)",
  "UPDATE packages SET display_name = name",
  "UPDATE repositories SET display_name = name",
  "INSERT INTO tags (package_id, tag) SELECT id, 'a' FROM packages",
  `INSERT INTO tags (package_id, tag) VALUES (${TWICE_TAGGED}, 'b')`,
];

/** A Drizzle logger that keeps each statement's SQL text in `statements`. */
function statementLog() {
  const statements: string[] = [];
  return { statements, logger: { logQuery: (query: string) => void statements.push(query) } };
}

/** Creates and fills the tables through Kysely; the database. */
async function filled(
  name: string,
  dialect: DialectName,
  kyselyDialect: Dialect,
  // biome-ignore lint/suspicious/noExplicitAny: each dialect's Drizzle database
  drizzle: any,
  tables: { packages: unknown; repositories: unknown; tags: unknown },
  snake: { drizzle: unknown; packages: unknown; repositories: unknown },
  statements: string[],
): Promise<JoinDatabase> {
  const kysely = new Kysely<JoinSchema>({ dialect: kyselyDialect });
  const raw = async (text: string) =>
    (await sql.raw<Record<string, unknown>>(text).execute(kysely)).rows;
  for (const statement of DDL[dialect]) await raw(statement);
  await kysely
    .insertInto("repositories")
    .values([...REPOSITORIES])
    .execute();
  await kysely
    .insertInto("packages")
    .values([...PACKAGES])
    .execute();
  for (const statement of AFTER) await raw(statement);
  return {
    name,
    dialect,
    kysely,
    drizzle,
    packages: tables.packages as typeof pgJoinPackages,
    repositories: tables.repositories as typeof pgRepositories,
    tags: tables.tags as typeof pgTags,
    snake: snake as JoinDatabase["snake"],
    statements,
    raw,
    close: () => kysely.destroy(),
  };
}

/** SQLite in memory through better-sqlite3. */
export function sqliteJoins(): Promise<JoinDatabase> {
  const database = new Database(":memory:");
  const { statements, logger } = statementLog();
  return filled(
    "SQLite",
    "sqlite",
    new SqliteDialect({ database }),
    sqliteDrizzle({ client: database, logger }),
    {
      packages: sqlitePackages,
      repositories: sqliteRepositories,
      tags: sqliteTags,
    },
    { ...snakeSqlite, drizzle: sqliteDrizzle({ client: database, casing: "snake_case" }) },
    statements,
  );
}

/** PGlite in this process. */
export async function pgliteJoins(): Promise<JoinDatabase> {
  const client = await PGlite.create({ dataDir: await freshPgliteDir() });
  const { statements, logger } = statementLog();
  return filled(
    "PGlite",
    "postgres",
    pgliteDialect(client),
    pgliteDrizzle({ client, logger }),
    { packages: pgJoinPackages, repositories: pgRepositories, tags: pgTags },
    { ...snakePg, drizzle: pgliteDrizzle({ client, casing: "snake_case" }) },
    statements,
  );
}

/** A fresh database on the PostgreSQL server at `adminUrl`, through pg. */
export async function postgresJoins(adminUrl: string): Promise<JoinDatabase> {
  const pool = new pg.Pool({ connectionString: await freshDatabase(adminUrl), max: 2 });
  const { statements, logger } = statementLog();
  return filled(
    "PostgreSQL",
    "postgres",
    new PostgresDialect({ pool }),
    pgDrizzle({ client: pool, logger }),
    { packages: pgJoinPackages, repositories: pgRepositories, tags: pgTags },
    { ...snakePg, drizzle: pgDrizzle({ client: pool, casing: "snake_case" }) },
    statements,
  );
}

/** A fresh database on the MariaDB server at `serverUrl`, through mysql2. */
export async function mariadbJoins(serverUrl: string): Promise<JoinDatabase> {
  const pool = createPool({ uri: await freshMariaDb(serverUrl), timezone: "Z" });
  const { statements, logger } = statementLog();
  return filled(
    "MariaDB",
    "mysql",
    new MysqlDialect({ pool }),
    mysqlDrizzle({ client: pool, logger }),
    { packages: mysqlPackages, repositories: mysqlRepositories, tags: mysqlTags },
    { ...snakeMysql, drizzle: mysqlDrizzle({ client: pool, casing: "snake_case" }) },
    statements,
  );
}
