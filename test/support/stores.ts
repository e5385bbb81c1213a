/**
 * The stores a test run covers: the in-memory store and PGlite in `npm test`; a PostgreSQL server
 * in `npm run test:postgres`, whose global setup starts a throwaway cluster and names it in
 * `TEST_POSTGRES_URL`. Each PostgreSQL store gets a database of its own.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { StoreConfig } from "../../examples/package-store/config.js";

export type StoreKind = StoreConfig["kind"];

/** The admin URL of the run's PostgreSQL cluster, when there is one. */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL;

/** The store kinds this run covers. */
export const STORE_KINDS: readonly StoreKind[] = POSTGRES_URL ? ["postgres"] : ["memory", "pglite"];

/** A store of the kind, empty: PostgreSQL gets a new database. */
export async function freshStore(kind: StoreKind): Promise<StoreConfig> {
  if (kind !== "postgres") return { kind };
  if (POSTGRES_URL === undefined) throw new Error("no PostgreSQL cluster (npm run test:postgres)");
  return { kind, url: await freshDatabase(POSTGRES_URL) };
}

/** Creates a database on the cluster at `adminUrl`; its URL. */
export async function freshDatabase(adminUrl: string): Promise<string> {
  const name = `pagewise_${randomUUID().replaceAll("-", "")}`;
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`); // a generated identifier, never input
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
