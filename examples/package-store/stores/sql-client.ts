/**
 * The little of a SQL database the SQL store uses, over PGlite (embedded PostgreSQL) or `pg` (a
 * PostgreSQL server): parameterised queries, and a multi-statement script for the schema.
 */
import { databaseFault } from "./database-fault.js";

/** A database as the SQL store sees it. */
export interface SqlClient {
  readonly kind: "pglite" | "postgres";
  /** Runs one statement with bound parameters (`$1`, `$2`, …); its rows. */
  query<R>(text: string, values: readonly unknown[]): Promise<R[]>;
  /** Runs a script of statements without parameters, as one transaction. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** A `pg` pool's settings: every wait bounded, so a database that goes away is a 503, never a hang. */
export const POSTGRES_TIMEOUTS = {
  /** A connection attempt. */
  connectionTimeoutMillis: 2_000,
  /** A statement, on the server (`statement_timeout`). */
  statement_timeout: 5_000,
  /** A query, on the client: the answer of a server that stopped answering. */
  query_timeout: 6_000,
} as const;

/**
 * A PostgreSQL server through a `pg` pool. A fault of the connection (refused, reset, timed out,
 * the server shutting down) rejects with the 503 problem; a pool's idle connection that breaks is
 * dropped and replaced, never a crash.
 *
 * @param connectionString - `DATABASE_URL`, e.g. `postgres://user@127.0.0.1:5432/packages`
 */
export async function postgresClient(connectionString: string): Promise<SqlClient> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString, max: 10, ...POSTGRES_TIMEOUTS });
  // An idle client's error (the server restarting) is emitted on the pool: without a listener
  // Node would end the process. The pool drops that client and opens a new one when needed.
  pool.on("error", () => undefined);
  const guarded = async <R>(run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } catch (error) {
      throw databaseFault(error) ?? error;
    }
  };
  return {
    kind: "postgres",
    query: <R>(text: string, values: readonly unknown[]) =>
      guarded(async () => (await pool.query(text, values as unknown[])).rows as R[]),
    exec: (text) => guarded(async () => void (await pool.query(text))),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL in WebAssembly, in this process (`@electric-sql/pglite`), with pg_trgm: in memory,
 * or in `dataDir` to persist.
 */
export async function pgliteClient(dataDir?: string): Promise<SqlClient> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  return {
    kind: "pglite",
    query: async <R>(text: string, values: readonly unknown[]) =>
      (await db.query<R>(text, values as unknown[])).rows,
    exec: async (text) => void (await db.exec(text)),
    close: () => db.close(),
  };
}
