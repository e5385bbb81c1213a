/** The store the configuration names, opened and ready (its schema made, its seed loaded). */
import type { StoreConfig } from "../config.js";
import { BuilderStore } from "./builder-store.js";
import { MemoryStore } from "./memory-store.js";
import { mysqlClient } from "./mysql-client.js";
import type { PackageStore } from "./package-store.js";
import { pgliteClient, postgresClient } from "./sql-client.js";
import { SqlStore } from "./sql-store.js";
import { sqliteClient } from "./sqlite-client.js";

/** The store `open` makes on a database; the database closed when that fails. */
async function opened(
  open: () => Promise<PackageStore>,
  close: () => Promise<void>,
): Promise<PackageStore> {
  try {
    return await open();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * Opens the configured store: memory, the raw-SQL store on PostgreSQL (PGlite or a server), or the
 * builder store (`pagewise/kysely`) on SQLite or MySQL/MariaDB. A database that cannot be reached
 * rejects (the caller prints one line and exits 1).
 */
export async function openStore(config: StoreConfig = { kind: "memory" }): Promise<PackageStore> {
  if (config.kind === "memory") return new MemoryStore();
  if (config.kind === "sqlite" || config.kind === "mysql") {
    const client =
      config.kind === "sqlite" ? await sqliteClient(config.file) : await mysqlClient(config.url);
    return opened(
      () => BuilderStore.open(client),
      () => client.db.destroy(),
    );
  }
  const db =
    config.kind === "pglite"
      ? await pgliteClient(config.dataDir, config.queue)
      : await postgresClient(config.url);
  return opened(
    () => SqlStore.open(db),
    () => db.close(),
  );
}
