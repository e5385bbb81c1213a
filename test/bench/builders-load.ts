/**
 * The statements that create and fill the builders suite's tables on each dialect, the database
 * generating its own rows in one statement (PostgreSQL generate_series, MariaDB's sequence
 * engine, SQLite a recursive CTE), the indexes built after the rows, then ANALYZE.
 *
 * Every dialect gets the same rows: `name` a bijection of the id (so its order is not the id's),
 * byte-ordered; `status` one of five; `created_at` from 2024-01-01 in steps of `stepUs`
 * microseconds, `(id * 7919) % modulus` steps (pseudo-random, every value with microseconds); `note`
 * NULL for one row in ten, else one of 101 values (ties). The filtered table (`repo_packages`)
 * adds `owner` and `repo`: eight rows in ten in `acme/tools`, one in `acme/docs`, one in
 * `zeta/tools`, indexed as the example's store indexes its packages (each order after the
 * repository, and `(owner, repo, id)`).
 * @packageDocumentation
 */
import { BIG, type DialectName, FILTERED } from "./builders-table.js";

/** How a table's rows are generated. */
export interface Fill {
  readonly table: "packages" | "packages_small" | "repo_packages";
  readonly size: number;
  /** `created_at` = 2024-01-01 + ((id * 7919) % modulus) * stepUs microseconds. */
  readonly modulus: number;
  readonly stepUs: number;
}

/**
 * `BIG` rows (1,000,000 by default) over about 347 days; 2,000 rows within 10 ms, about 200 in
 * each millisecond.
 */
export const BIG_FILL: Fill = {
  table: "packages",
  size: BIG,
  modulus: 999_983,
  stepUs: 30_001,
};
export const SMALL_FILL: Fill = { table: "packages_small", size: 2_000, modulus: 2_003, stepUs: 5 };
/** `FILTERED` rows (a fifth of `BIG`) over the same days, in three repositories. */
export const REPO_FILL: Fill = {
  table: "repo_packages",
  size: FILTERED,
  modulus: 999_983,
  stepUs: 30_001,
};

/** The repository's columns' values (`acme/tools` eight rows in ten), after the id. */
const OWNER = (g: string) => `CASE WHEN ${g} % 10 = 9 THEN 'zeta' ELSE 'acme' END`;
const REPO = (g: string) => `CASE WHEN ${g} % 10 = 8 THEN 'docs' ELSE 'tools' END`;
/** The repository's columns of `fill`'s table, as declared and as generated from `g`. */
const repoColumns = (fill: Fill, type: string) =>
  fill.table === "repo_packages" ? `owner ${type} NOT NULL, repo ${type} NOT NULL, ` : "";
const repoValues = (fill: Fill, g: string) =>
  fill.table === "repo_packages" ? `${OWNER(g)}, ${REPO(g)}, ` : "";

const STATUS = (g: string) =>
  `CASE ${g} % 5 WHEN 0 THEN 'awaiting_sync' WHEN 1 THEN 'sync_in_progress' WHEN 2 THEN 'completed' WHEN 3 THEN 'failed' ELSE 'quarantined' END`;
const NOTE = (g: string, concat: (a: string, b: string) => string) =>
  `CASE WHEN ${g} % 10 = 0 THEN NULL ELSE ${concat("'n'", `(${g} * 37) % 101`)} END`;
const MICROS = (g: string, fill: Fill) => `((${g} * 7919) % ${fill.modulus}) * ${fill.stepUs}`;

/**
 * The indexes each measured order reads (the tie-breaker last, in the direction of the term
 * before it); on the filtered table, each after the repository.
 */
const indexes = (table: string) => {
  const repo = table === "repo_packages" ? "owner, repo, " : "";
  return [
    `CREATE INDEX ${table}_created_at ON ${table} (${repo}created_at, id)`,
    `CREATE INDEX ${table}_name ON ${table} (${repo}name, id)`,
    `CREATE INDEX ${table}_status ON ${table} (${repo}status, created_at DESC, id DESC)`,
    repo === ""
      ? `CREATE INDEX ${table}_note ON ${table} (note, id)`
      : `CREATE INDEX ${table}_repository ON ${table} (owner, repo, id)`,
  ];
};

function postgres(fill: Fill): string[] {
  const { table, size } = fill;
  return [
    `CREATE TABLE ${table} (id bigint PRIMARY KEY, ${repoColumns(fill, "text")}name text COLLATE "C" NOT NULL, status text NOT NULL, created_at timestamptz(6) NOT NULL, note text)`,
    `INSERT INTO ${table} SELECT g, ${repoValues(fill, "g")}'pkg-' || lpad(to_hex((g * 2654435761) % 4294967296), 8, '0'), ${STATUS("g")},
      timestamptz '2024-01-01 00:00:00+00' + ${MICROS("g", fill)} * interval '1 microsecond', ${NOTE("g", (a, b) => `${a} || ${b}`)}
      FROM generate_series(1::bigint, ${size}) AS g`,
    ...indexes(table),
    `ANALYZE ${table}`,
  ];
}

function mysql(fill: Fill): string[] {
  const { table, size } = fill;
  return [
    `CREATE TABLE ${table} (id BIGINT PRIMARY KEY, ${repoColumns(fill, "VARCHAR(20)")}name VARCHAR(64) COLLATE utf8mb4_bin NOT NULL, status VARCHAR(20) NOT NULL, created_at DATETIME(6) NOT NULL, note VARCHAR(64) NULL) ENGINE=InnoDB`,
    `INSERT INTO ${table} SELECT seq, ${repoValues(fill, "seq")}CONCAT('pkg-', LPAD(LOWER(HEX((seq * 2654435761) % 4294967296)), 8, '0')), ${STATUS("seq")},
      TIMESTAMP '2024-01-01 00:00:00' + INTERVAL ${MICROS("seq", fill)} MICROSECOND, ${NOTE("seq", (a, b) => `CONCAT(${a}, ${b})`)}
      FROM seq_1_to_${size}`,
    ...indexes(table),
    `ANALYZE TABLE ${table}`,
  ];
}

function sqlite(fill: Fill): string[] {
  const { table, size } = fill;
  return [
    `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, ${repoColumns(fill, "TEXT")}name TEXT COLLATE BINARY NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, note TEXT)`,
    `WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ${size}),
      t(g, us) AS (SELECT g, ${MICROS("g", fill)} FROM s)
      INSERT INTO ${table} SELECT g, ${repoValues(fill, "g")}printf('pkg-%08x', (g * 2654435761) % 4294967296), ${STATUS("g")},
      strftime('%Y-%m-%d %H:%M:%S', 1704067200 + us / 1000000, 'unixepoch') || printf('.%06d', us % 1000000), ${NOTE("g", (a, b) => `${a} || ${b}`)}
      FROM t`,
    ...indexes(table),
    `ANALYZE`,
  ];
}

/** The statements that create, fill, index and analyze `fill`'s table on `dialect`. */
export const loadStatements: Readonly<Record<DialectName, (fill: Fill) => string[]>> = {
  postgres,
  mysql,
  sqlite,
};
