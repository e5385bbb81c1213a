/**
 * The package store's schema on SQLite and MySQL/MariaDB, as the builder store's Kysely instance
 * sees it and as each database makes it: the packages with an index per offered order, the
 * repositories seeded, and pagewise's counter table (`counterTable` from `pagewise/sql`) for exact
 * counts per repository and status, kept by triggers. Made once, whichever of several processes
 * starts first.
 */
import { type Generated, type Kysely, sql } from "kysely";
import { type CounterTable, counterTable, DIALECTS } from "pagewise/sql";
import type { Status } from "./package-store.js";

/** The tables as Kysely types them (the counter is read through `counterRead`). */
export interface PackageTables {
  packages: {
    id: Generated<number>;
    owner: string;
    repo: string;
    name: string;
    version: string;
    status: Status;
    /** SQLite: ISO 8601 text, as answered; MySQL: `DATETIME(3)` read as text (`2026-11-23 12:00:00.000`). */
    created_at: Generated<string>;
  };
  seeded: { owner: string; repo: string };
}

/** The dialects the builder store runs on. */
export type BuilderDialect = "sqlite" | "mysql";

/** The indexes, one per order the list offers (docs/example.md), each within a repository. */
const INDEXES: Readonly<Record<string, string>> = {
  packages_by_status: "owner, repo, status, id",
  packages_by_repository: "owner, repo, id",
  packages_by_created_at: "owner, repo, created_at, id",
  packages_by_name: "owner, repo, name, id",
  packages_by_version: "owner, repo, version, id",
  packages_by_status_newest: "owner, repo, status, created_at DESC, id DESC",
};

/**
 * SQLite: text compares by code point (its BINARY collation), as PostgreSQL's `"C"` does; ids
 * never reused (`AUTOINCREMENT`), times ISO 8601 text in UTC with milliseconds.
 */
const SQLITE = [
  `CREATE TABLE IF NOT EXISTS packages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner TEXT NOT NULL,
  repo TEXT NOT NULL,
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)`,
  ...Object.entries(INDEXES).map(
    ([name, columns]) => `CREATE INDEX IF NOT EXISTS ${name} ON packages (${columns})`,
  ),
  "CREATE TABLE IF NOT EXISTS seeded (owner TEXT NOT NULL, repo TEXT NOT NULL, PRIMARY KEY (owner, repo))",
];

/**
 * MariaDB: owner and repository as bytes (`VARBINARY`: up to 1,024 bytes each fit an index key of
 * 3,072); names and versions in `utf8mb4_nopad_bin`, compared by code point with trailing spaces
 * significant (the server's default `utf8mb4_general_ci` would fold case and accents, and find
 * `ÜMLAUT` for `ümlaut`); times `DATETIME(3)` in UTC (each session's `time_zone`).
 */
const MYSQL = [
  `CREATE TABLE IF NOT EXISTS packages (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  owner VARBINARY(1024) NOT NULL,
  repo VARBINARY(1024) NOT NULL,
  name VARCHAR(214) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  version VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  status VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  ${Object.entries(INDEXES)
    .map(([name, columns]) => `INDEX ${name} (${columns})`)
    .join(",\n  ")}
) ENGINE=InnoDB`,
  "CREATE TABLE IF NOT EXISTS seeded (owner VARBINARY(1024) NOT NULL, repo VARBINARY(1024) NOT NULL, PRIMARY KEY (owner, repo)) ENGINE=InnoDB",
];

/**
 * The counter table of packages per owner, repository and status, in the dialect.
 *
 * @param dialect - `sqlite` or `mysql`
 * @example
 * ```ts
 * packageCounter("sqlite").name; // "packages_counts"
 * ```
 */
export function packageCounter(dialect: BuilderDialect): CounterTable {
  return counterTable(
    { table: "packages", groupBy: ["owner", "repo", "status"] },
    DIALECTS[dialect],
  );
}

/**
 * Makes the schema unless it is there, holding the database's lock while it does (SQLite's write
 * lock, MariaDB's named lock `GET_LOCK`): a second process waits, then finds it made.
 *
 * @param db - the store's Kysely instance
 * @param dialect - its dialect
 * @example
 * ```ts
 * await makeSchema(db, "sqlite");
 * ```
 */
export async function makeSchema(
  db: Kysely<PackageTables>,
  dialect: BuilderDialect,
): Promise<void> {
  const [lock, unlock] =
    dialect === "sqlite"
      ? ["BEGIN IMMEDIATE", "COMMIT"]
      : [
          "SELECT GET_LOCK('pagewise_example_schema', 30)",
          "SELECT RELEASE_LOCK('pagewise_example_schema')",
        ];
  await db.connection().execute(async (connection) => {
    const run = (text: string) => sql.raw(text).execute(connection);
    await run(lock);
    try {
      for (const statement of dialect === "sqlite" ? SQLITE : MYSQL) await run(statement);
      const tables = await connection.introspection.getTables();
      const counter = packageCounter(dialect);
      if (!tables.some((table) => table.name === counter.name)) {
        for (const statement of counter.statements) await run(statement);
      }
    } finally {
      await run(unlock);
    }
  });
}
