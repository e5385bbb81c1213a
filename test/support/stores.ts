/**
 * The stores a test run covers: memory, PGlite and SQLite in `npm test`; a PostgreSQL server in
 * `npm run test:postgres`, whose global setup starts a throwaway cluster and names it in
 * `TEST_POSTGRES_URL`; MariaDB in `npm run test:mariadb`, named in `TEST_MARIADB_URL`. Each
 * PostgreSQL and MariaDB store gets a database of its own.
 */
import { randomUUID } from "node:crypto";
import { createConnection } from "mysql2/promise";
import pg from "pg";
import type { StoreConfig } from "../../examples/package-store/config.js";

export type StoreKind = StoreConfig["kind"];

/** The admin URL of the run's PostgreSQL cluster, when there is one. */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL;
/** The URL of the run's MariaDB server (a user with every privilege), when there is one. */
export const MARIADB_URL = process.env.TEST_MARIADB_URL;

/** The store kinds this run covers. */
export const STORE_KINDS: readonly StoreKind[] = POSTGRES_URL
  ? ["postgres"]
  : MARIADB_URL
    ? ["mysql"]
    : ["memory", "pglite", "sqlite"];

/** A store of the kind, empty: PostgreSQL and MariaDB get a new database. */
export async function freshStore(kind: StoreKind): Promise<StoreConfig> {
  if (kind === "postgres") {
    if (POSTGRES_URL === undefined)
      throw new Error("no PostgreSQL cluster (npm run test:postgres)");
    return { kind, url: await freshDatabase(POSTGRES_URL) };
  }
  if (kind === "mysql") {
    if (MARIADB_URL === undefined) throw new Error("no MariaDB server (npm run test:mariadb)");
    return { kind, url: await freshMariaDb(MARIADB_URL) };
  }
  return { kind };
}

/** A generated database name, never input. */
const databaseName = () => `pagewise_${randomUUID().replaceAll("-", "")}`;

/** Creates a database on the cluster at `adminUrl`; its URL. */
export async function freshDatabase(adminUrl: string): Promise<string> {
  const name = databaseName();
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Creates a database on the MariaDB server at `serverUrl`; its URL. */
export async function freshMariaDb(serverUrl: string): Promise<string> {
  const name = databaseName();
  const connection = await createConnection(serverUrl);
  try {
    await connection.query(`CREATE DATABASE ${name}`);
  } finally {
    await connection.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}
