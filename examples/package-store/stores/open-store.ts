/** The store the configuration names, opened and ready (its schema made, its seed loaded). */
import type { StoreConfig } from "../config.js";
import { MemoryStore } from "./memory-store.js";
import type { PackageStore } from "./package-store.js";
import { pgliteClient, postgresClient } from "./sql-client.js";
import { SqlStore } from "./sql-store.js";

/**
 * Opens the configured store. A database that cannot be reached rejects (the caller prints one
 * line and exits 1).
 */
export async function openStore(config: StoreConfig = { kind: "memory" }): Promise<PackageStore> {
  if (config.kind === "memory") return new MemoryStore();
  const db =
    config.kind === "pglite"
      ? await pgliteClient(config.dataDir)
      : await postgresClient(config.url);
  try {
    return await SqlStore.open(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
