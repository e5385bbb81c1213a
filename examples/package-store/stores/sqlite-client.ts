/**
 * SQLite through better-sqlite3, in this process: a file (`SQLITE_FILE`, WAL journal, waiting up
 * to 5 s for another process's write lock), or a database in memory.
 */
import { Kysely, SqliteDialect } from "kysely";
import type { BuilderClient } from "./builder-client.js";
import type { PackageTables } from "./builder-schema.js";
import { guardedDialect } from "./guarded-dialect.js";

/** How long a statement waits for another process's write lock before SQLITE_BUSY (a 503). */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens SQLite: in `file` (made if missing), or in memory without one.
 *
 * @param file - the database file, e.g. `packages.db`
 * @example
 * ```ts
 * const client = await sqliteClient("packages.db");
 * ```
 */
export async function sqliteClient(file?: string): Promise<BuilderClient> {
  const { default: Database } = await import("better-sqlite3");
  const database = new Database(file ?? ":memory:", { timeout: SQLITE_BUSY_TIMEOUT_MS });
  if (file !== undefined) database.pragma("journal_mode = WAL");
  const db = new Kysely<PackageTables>({
    dialect: guardedDialect(new SqliteDialect({ database })),
  });
  // Stored as answered: `strftime('%Y-%m-%dT%H:%M:%fZ')`.
  return { kind: "sqlite", dialect: "sqlite", db, isoTime: (stored) => stored };
}
