/**
 * The Prisma 7 clients of the builders suite, one per dialect, over the suite's own tables:
 * `BenchPackage` (the 1,000,000 rows, measured) and `SmallPackage` (the 2,000 rows, walked), each
 * field named as its column. Generated as the tests generate theirs
 * (test/builders/prisma/generate-clients.ts: `prisma generate` with the stand-in schema engine,
 * which it never runs), into node_modules/.cache/pagewise-bench-prisma/ (out of git, biome and
 * tsc), once per schema and Prisma version; then opened over the driver adapter of the suite's
 * database. On SQLite the models map to copies of the tables holding `created_at` as Prisma
 * writes it (`2024-01-01T00:00:00.123+00:00`, milliseconds): Prisma binds a `Date` as that text
 * and SQLite compares text, so the suite's own text (`2024-01-01 00:00:00.123456`) would sort
 * apart from every bound.
 * @packageDocumentation
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaPg } from "@prisma/adapter-pg";
import { connectionOf } from "./builders-connection.js";
import type { Handle } from "./builders-databases.js";
import type { DialectName } from "./builders-table.js";

const require = createRequire(import.meta.url);
const OUT = new URL("../../node_modules/.cache/pagewise-bench-prisma/", import.meta.url);
const STAND_IN = fileURLToPath(
  new URL("../builders/prisma/schema-engine-stand-in.sh", import.meta.url),
);

/** Prisma's provider by dialect. */
const PROVIDERS: Readonly<Record<DialectName, string>> = {
  postgres: "postgresql",
  mysql: "mysql",
  sqlite: "sqlite",
};

/** The SQLite copies of the tables, `created_at` as Prisma writes it. */
export const SQLITE_TABLES = {
  packages: "prisma_packages",
  packages_small: "prisma_packages_small",
} as const;

/** A model on `table`, its fields named as the columns. */
const model = (name: string, table: string) => `
model ${name} {
  id         BigInt   @id
  name       String
  status     String
  created_at DateTime
  note       String?

  @@map("${table}")
}
`;

function schemaOf(dialect: DialectName): string {
  const tables = dialect === "sqlite" ? SQLITE_TABLES : undefined;
  return `generator client {
  provider = "prisma-client"
  output   = "./${dialect}"
}

datasource db {
  provider = "${PROVIDERS[dialect]}"
}
${model("BenchPackage", tables?.packages ?? "packages")}${model("SmallPackage", tables?.packages_small ?? "packages_small")}`;
}

/** Generates the client of `dialect` when missing or stale; its `client.ts`. */
function generated(dialect: DialectName): URL {
  const version = JSON.parse(readFileSync(require.resolve("prisma/package.json"), "utf8")).version;
  const file = fileURLToPath(new URL(`${dialect}.prisma`, OUT));
  const schema = `// prisma ${version}\n${schemaOf(dialect)}`;
  const client = new URL(`${dialect}/client.ts`, OUT);
  if (existsSync(file) && readFileSync(file, "utf8") === schema && existsSync(client))
    return client;
  mkdirSync(OUT, { recursive: true });
  writeFileSync(file, schema);
  execFileSync(
    process.execPath,
    [require.resolve("prisma/build/index.js"), "generate", "--schema", file],
    {
      stdio: "pipe",
      env: {
        ...process.env,
        PRISMA_SCHEMA_ENGINE_BINARY: STAND_IN,
        CHECKPOINT_DISABLE: "1",
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
      },
    },
  );
  return client;
}

/** A model's delegate as the suite calls it (each generated client's own types are not known to tsc here). */
export interface BenchDelegate {
  findMany(args: object): Promise<Record<string, unknown>[]>;
  count(args?: object): Promise<number>;
  create(args: object): Promise<unknown>;
  delete(args: object): Promise<unknown>;
}

/** A client of the suite's models. */
export interface BenchPrisma {
  readonly benchPackage: BenchDelegate;
  readonly smallPackage: BenchDelegate;
  $extends(extension: unknown): BenchPrisma & Record<string, unknown>;
  $disconnect(): Promise<void>;
}

/** The adapter of `handle`'s database, connected as the suite's own driver is. */
function adapterOf(handle: Handle) {
  const connection = connectionOf(handle);
  switch (connection.dialect) {
    case "postgres":
      return new PrismaPg({ connectionString: connection.url, max: 2 });
    case "mysql": {
      const { dialect: _, ...parts } = connection;
      return new PrismaMariaDb({ ...parts, connectionLimit: 2 });
    }
    case "sqlite":
      return new PrismaBetterSqlite3({ url: `file:${connection.file}` });
  }
}

/** Opens a Prisma client on `handle`'s database, generating it first when missing. */
export async function prismaOf(handle: Handle): Promise<BenchPrisma> {
  const module: { PrismaClient: new (options: object) => BenchPrisma } = await import(
    generated(handle.dialect).href
  );
  return new module.PrismaClient({ adapter: adapterOf(handle) });
}

/** The SQLite statements copying the suite's tables with `created_at` as Prisma writes it. */
export function sqliteCopies(): string[] {
  return Object.entries(SQLITE_TABLES).flatMap(([from, to]) => [
    `CREATE TABLE ${to} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, note TEXT)`,
    `INSERT INTO ${to} SELECT id, name, status, substr(created_at, 1, 10) || 'T' || substr(created_at, 12, 12) || '+00:00', note FROM ${from}`,
    `CREATE INDEX ${to}_created_at ON ${to} (created_at, id)`,
    `CREATE INDEX ${to}_name ON ${to} (name, id)`,
    `CREATE INDEX ${to}_status ON ${to} (status, created_at DESC, id DESC)`,
    `CREATE INDEX ${to}_note ON ${to} (note, id)`,
    `ANALYZE ${to}`,
  ]);
}
