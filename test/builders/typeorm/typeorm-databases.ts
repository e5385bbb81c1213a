/**
 * The databases the TypeORM suites run on, each a TypeORM data source over two entities made
 * without decorators (`EntitySchema`: no reflect-metadata): `Package` (a key, text of mixed case
 * and non-ASCII, a nullable integer, an integer of few values, a timestamp with microseconds, a
 * uuid, a bigint beyond 2^53) and its `Version`s (one to many, each with a tag). SQLite through
 * better-sqlite3 in the main suite; a PostgreSQL server (pg) and MariaDB (mysql2) in their own.
 * TypeORM has no PGlite driver: no PGlite rows. `close()` closes what `open` opened.
 */
import { DataSource, EntitySchema } from "typeorm";
import type { DialectName } from "../../../src/sql/dialect.js";
import { freshDatabase, freshMariaDb } from "../../support/stores.js";

/** A package as its entity holds it. */
export interface Package {
  id: string | number;
  name: string;
  score: number | null;
  grp: number;
  createdAt: Date;
  uid: string;
  downloads: string | number;
  versions?: Version[];
}

/** A version of a package. */
export interface Version {
  id: number;
  tag: string;
  packageId: string | number;
  package?: Package;
}

/** A package's row as written: the timestamp and the bigints as text, every digit kept. */
export interface PackageRow {
  /** A number, or a bigint beyond 2^53. */
  readonly id: number | bigint;
  readonly name: string;
  readonly score: number | null;
  readonly grp: number;
  /** Microseconds after a fixed instant. */
  readonly micros: number;
  readonly downloads: bigint;
}

/** A version's row as written. */
export interface VersionRow {
  readonly id: number;
  readonly packageId: number | bigint;
  readonly tag: string;
}

/** An open database. */
export interface TypeormDatabase {
  readonly name: string;
  readonly dialect: DialectName;
  readonly dataSource: DataSource;
  /** Runs SQL text, its rows. */
  raw(text: string, parameters?: unknown[]): Promise<Record<string, unknown>[]>;
  /** The SQL statements TypeORM ran since the last call, with their parameters. */
  statements(): { sql: string; params: unknown[] }[];
  /** Empties both tables and writes the rows. */
  fill(packages: readonly PackageRow[], versions?: readonly VersionRow[]): Promise<void>;
  close(): Promise<void>;
}

/** A package's uuid, by its key: distinct, in the keys' order, written in lower case. */
export const uidOf = (id: number | bigint) =>
  `00000000-0000-4000-8000-${(BigInt(id) % 2n ** 48n).toString(16).padStart(12, "0")}`;

/** A timestamp `micros` microseconds after a fixed instant, as the database takes it. */
export function timestampOf(micros: number): string {
  const seconds = String(Math.floor(micros / 1e6)).padStart(2, "0");
  return `2026-11-23 10:00:${seconds}.${String(micros % 1e6).padStart(6, "0")}`;
}

function entities(dialect: DialectName) {
  const Packages = new EntitySchema<Package>({
    name: "Package",
    tableName: "packages",
    columns: {
      id: { type: "bigint", primary: true },
      name: { type: dialect === "mysql" ? "varchar" : String, length: 64 },
      score: { type: "int", nullable: true },
      grp: { type: "int" },
      createdAt: {
        name: "created_at",
        type: dialect === "postgres" ? "timestamptz" : "datetime",
        precision: 6,
      },
      uid: dialect === "postgres" ? { type: "uuid" } : { type: "varchar", length: 36 },
      downloads: { type: "bigint" },
    },
    relations: { versions: { type: "one-to-many", target: "Version", inverseSide: "package" } },
  });
  const Versions = new EntitySchema<Version>({
    name: "Version",
    tableName: "versions",
    columns: {
      id: { type: "int", primary: true },
      tag: { type: "varchar", length: 32 },
      packageId: { name: "package_id", type: "bigint" },
    },
    relations: {
      package: { type: "many-to-one", target: "Package", joinColumn: { name: "package_id" } },
    },
  });
  return [Packages, Versions];
}

/** The placeholders of `count` values in the dialect, numbered from `from` on PostgreSQL. */
function placeholders(dialect: DialectName, count: number, from: number): string {
  return Array.from({ length: count }, (_, i) =>
    dialect === "postgres" ? `$${from + i}` : "?",
  ).join(", ");
}

async function open(name: string, dialect: DialectName, options: object): Promise<TypeormDatabase> {
  let ran: { sql: string; params: unknown[] }[] = [];
  const logger = {
    logQuery: (sql: string, params?: unknown[]) => void ran.push({ sql, params: params ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const dataSource = new DataSource({
    ...(options as { type: "postgres" }),
    entities: entities(dialect),
    synchronize: true,
    logging: true,
    logger,
  });
  await dataSource.initialize();
  const raw = (text: string, parameters: unknown[] = []) =>
    dataSource.query(text, parameters) as Promise<Record<string, unknown>[]>;
  const insert = async (table: string, columns: string[], rows: unknown[][]) => {
    for (let at = 0; at < rows.length; at += 100) {
      const chunk = rows.slice(at, at + 100);
      const values = chunk.map(
        (_, i) => `(${placeholders(dialect, columns.length, i * columns.length + 1)})`,
      );
      await raw(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values.join(", ")}`,
        chunk.flat(),
      );
    }
  };
  return {
    name,
    dialect,
    dataSource,
    raw,
    statements: () => {
      const done = ran;
      ran = [];
      return done;
    },
    fill: async (packages, versions = []) => {
      await raw("DELETE FROM versions");
      await raw("DELETE FROM packages");
      const zone = dialect === "postgres" ? "+00" : "";
      await insert(
        "packages",
        ["id", "name", "score", "grp", "created_at", "uid", "downloads"],
        packages.map((p) => [
          String(p.id),
          p.name,
          p.score,
          p.grp,
          timestampOf(p.micros) + zone,
          uidOf(p.id),
          String(p.downloads),
        ]),
      );
      await insert(
        "versions",
        ["id", "package_id", "tag"],
        versions.map((v) => [v.id, String(v.packageId), v.tag]),
      );
    },
    close: () => dataSource.destroy(),
  };
}

/** SQLite in memory through better-sqlite3 (TypeORM reads its integers as numbers). */
export function sqliteDatabase(): Promise<TypeormDatabase> {
  return open("SQLite", "sqlite", { type: "better-sqlite3", database: ":memory:" });
}

/** A fresh database on the PostgreSQL server at `adminUrl`, through pg. */
export async function postgresDatabase(adminUrl: string): Promise<TypeormDatabase> {
  return open("PostgreSQL", "postgres", { type: "postgres", url: await freshDatabase(adminUrl) });
}

/** A fresh database on the MariaDB server at `serverUrl`, through mysql2 (big numbers as text). */
export async function mariadbDatabase(serverUrl: string): Promise<TypeormDatabase> {
  const url = await freshMariaDb(serverUrl);
  return open("MariaDB", "mysql", { type: "mariadb", url, timezone: "Z" });
}
