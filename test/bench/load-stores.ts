/**
 * The stores the load suite runs the example on, each with what it needs started first: nothing
 * for memory, PGlite and SQLite (in the server's process); a throwaway PostgreSQL cluster and
 * MariaDB server (Debian's packages) for the server stores, skipped when not installed.
 * @packageDocumentation
 */
import { startMariaDb } from "../support/mariadb-server.js";
import { postgresBin, startCluster } from "../support/postgres-cluster.js";
import { freshDatabase } from "../support/stores.js";

/** The stores, in the order they run. */
export const LOAD_STORES = ["memory", "pglite", "postgres", "sqlite", "mysql"] as const;
export type LoadStore = (typeof LOAD_STORES)[number];

/** A store ready for the example: the environment that names it, and how to remove what it started. */
export interface Backend {
  readonly env: Readonly<Record<string, string>>;
  readonly remove: () => void;
}

const none = () => undefined;

/**
 * Starts what `store` needs.
 *
 * @returns the backend, or why the store is skipped (its server is not installed)
 */
export async function startBackend(store: LoadStore): Promise<Backend | string> {
  if (store === "memory" || store === "pglite" || store === "sqlite") {
    return { env: { STORE: store }, remove: none };
  }
  if (store === "postgres") {
    if (postgresBin() === undefined) return "PostgreSQL is not installed";
    const cluster = await startCluster();
    const url = await freshDatabase(cluster.url);
    return { env: { STORE: "postgres", DATABASE_URL: url }, remove: () => cluster.remove() };
  }
  try {
    const server = await startMariaDb();
    return { env: { STORE: "mysql", DATABASE_URL: server.url }, remove: () => server.remove() };
  } catch (error) {
    return (error as Error).message;
  }
}
