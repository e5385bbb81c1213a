/**
 * The little of a SQL database the SQL store uses, over PGlite (embedded PostgreSQL) or `pg` (a
 * PostgreSQL server): parameterised queries, and a multi-statement script for the schema. A query
 * takes the signal of the request it serves: PGlite's queue never starts it for a client that has
 * left, and a PostgreSQL server's running statement is cancelled.
 */

import { databaseFault } from "pagewise/sql";
import type { PoolClient } from "pg";
import { pgliteThread } from "./pglite-thread.js";
import { DEFAULT_QUEUE_BOUNDS, type QueueBounds, statementQueue } from "./statement-queue.js";

/** A database as the SQL store sees it. */
export interface SqlClient {
  readonly kind: "pglite" | "postgres";
  /**
   * Runs one statement with bound parameters (`$1`, `$2`, …); its rows. Once `signal` is aborted
   * (the client left, or the deadline passed), it rejects with the signal's reason: a statement
   * not started is not started, a running one is cancelled where the database can.
   */
  query<R>(text: string, values: readonly unknown[], signal?: AbortSignal): Promise<R[]>;
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
  // Cancels go on connections of their own: the pool's may all be busy with what they cancel.
  const cancels = new pg.Pool({ connectionString, max: 2, ...POSTGRES_TIMEOUTS });
  // An idle client's error (the server restarting) is emitted on the pool: without a listener
  // Node would end the process. The pool drops that client and opens a new one when needed.
  pool.on("error", () => undefined);
  cancels.on("error", () => undefined);
  const cancel = (client: PoolClient) =>
    cancels.query("SELECT pg_cancel_backend($1)", [backendPid(client)]).catch(() => undefined);
  return {
    kind: "postgres",
    query: <R>(text: string, values: readonly unknown[], signal?: AbortSignal) =>
      guarded(async () => {
        if (signal === undefined) return (await pool.query(text, values as unknown[])).rows as R[];
        signal.throwIfAborted();
        const client = await pool.connect();
        return cancellable(client, signal, cancel, async () => {
          return (await client.query(text, values as unknown[])).rows as R[];
        });
      }),
    exec: (text) => guarded(async () => void (await pool.query(text))),
    close: async () => {
      await Promise.all([pool.end(), cancels.end()]);
    },
  };
}

/**
 * Runs a statement; a database's fault (`databaseFault`: unreachable, a connection lost, PGlite's
 * thread ended) rejects as the 503 problem, any other error as it was.
 */
async function guarded<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    throw databaseFault(error) ?? error;
  }
}

/** The server process of a pool's connection, which `pg_cancel_backend` names (pg's typings omit it). */
function backendPid(client: PoolClient): number {
  return (client as PoolClient & { processID: number }).processID;
}

/**
 * Runs a statement on a connection taken for it, cancelled when the signal aborts: the client
 * left while it ran. The connection goes back to the pool only after the cancel has landed, so a
 * cancel never reaches the next statement run on it; a statement cut off by the cancel rejects
 * with the signal's reason. The server's `statement_timeout` stays the last guard.
 */
async function cancellable<R>(
  client: PoolClient,
  signal: AbortSignal,
  cancel: (client: PoolClient) => Promise<unknown>,
  run: () => Promise<R>,
): Promise<R> {
  let cancelled: Promise<unknown> | undefined;
  const onAbort = () => {
    cancelled = cancel(client);
  };
  let failed: unknown;
  try {
    signal.throwIfAborted(); // left while a connection was found: nothing started
    signal.addEventListener("abort", onAbort, { once: true });
    return await run();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    failed = error;
    throw error;
  } finally {
    signal.removeEventListener("abort", onAbort);
    await cancelled;
    // As pg's pool.query does: a connection whose statement failed is not reused.
    client.release(failed instanceof Error ? failed : undefined);
  }
}

/**
 * PostgreSQL in WebAssembly (`@electric-sql/pglite`) with pg_trgm, on a thread of its own
 * ({@link pgliteThread}): in memory, or in `dataDir` to persist. It runs one statement at a time:
 * its statements wait in a {@link statementQueue}, within `bounds` (past them, the 503 problem at
 * once), and one whose client has left is never started.
 */
export async function pgliteClient(
  dataDir?: string,
  bounds: QueueBounds = DEFAULT_QUEUE_BOUNDS,
): Promise<SqlClient> {
  const thread = await pgliteThread(dataDir);
  const queued = statementQueue(bounds);
  let closed: Promise<void> | undefined;
  return {
    kind: "pglite",
    query: <R>(text: string, values: readonly unknown[], signal?: AbortSignal) =>
      guarded(() => queued(async () => (await thread.run("query", text, values)) as R[], signal)),
    exec: (text) => guarded(() => queued(async () => void (await thread.run("exec", text)))),
    // Once: the thread ends even when PGlite's close fails.
    close: () => {
      closed ??= thread.run("close").then(
        () => thread.terminate(),
        async (error: unknown) => {
          await thread.terminate();
          throw error;
        },
      );
      return closed;
    },
  };
}
