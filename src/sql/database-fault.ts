/**
 * A database's fault as the API answers it: the 503 problem, whichever driver raised it (`pg`,
 * PGlite, mysql2, better-sqlite3), also wrapped by a query builder (Drizzle's `DrizzleQueryError`
 * holds the driver's error as its `cause`) or an ORM (Prisma's error holds its driver adapter's
 * as `meta.driverAdapterError`, named by a `kind` and the database's `originalCode`). Any other
 * error is a bug, a 500.
 */
import { type PagewiseError, serviceUnavailable } from "../errors.js";

/**
 * Codes of a database that could not be reached, or could not take the statement now: nothing was
 * done. `pg` and Node (refused, no such host, unreachable), PostgreSQL (starting up, too many
 * connections, cannot connect), MariaDB/MySQL (too many connections; the mariadb driver's pool
 * timeout, 45028), SQLite (the file locked by another process past the busy timeout), Prisma (cannot
 * reach the server, P1001, or in time, P1002; no connection from its pool in time, P2024; a
 * transaction not started in time, P2028; its driver adapters' `DatabaseNotReachable` and
 * `TooManyConnections`).
 */
const UNREACHABLE =
  /^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|57P03|53300|08001|08004|ER_CON_COUNT_ERROR|45028|SQLITE_BUSY|P1001|P1002|P2024|P2028|DatabaseNotReachable|TooManyConnections)$/;

/**
 * Codes of a connection lost or a statement cut off: a write may or may not have been made
 * (Prisma's: the server closed the connection, P1017, an operation timed out, P1008, and its
 * driver adapters' `ConnectionClosed` and `SocketTimeout`).
 */
const LOST =
  /^(08|53|57)|^(ECONNRESET|EPIPE|ETIMEDOUT|PROTOCOL_CONNECTION_LOST|PROTOCOL_SEQUENCE_TIMEOUT|ER_STATEMENT_TIMEOUT|P1008|P1017|ConnectionClosed|SocketTimeout)$/;

/**
 * How deep a chain of `cause`s is read: a query builder's wrapper, the driver's error, its cause
 * (Prisma's error, its driver adapter's, the database's).
 */
const CAUSES_READ = 4;

/**
 * The 503 problem for a database fault, or `undefined` for any other error (a bug: a 500).
 * Failing to reach the database (refused, no such host, too many connections, starting up, a
 * locked SQLite file) is safe to retry: `Retry-After: 1`. A connection lost or a statement cut off
 * by a timeout leaves a write's outcome unknown: no `Retry-After`, and the detail says so.
 *
 * @param error - what a driver threw
 * @example
 * ```ts
 * databaseFault({ code: "ECONNREFUSED" })?.status; // 503
 * databaseFault(new TypeError("a bug")); // undefined
 * ```
 */
export function databaseFault(error: unknown): PagewiseError | undefined {
  let reading = error;
  for (let depth = 0; depth < CAUSES_READ; depth++) {
    if (typeof reading !== "object" || reading === null) return undefined;
    const fault = faultOf(reading);
    if (fault !== undefined) return fault;
    reading = causeOf(reading);
  }
  return undefined;
}

/**
 * Rethrows a database's fault as its 503 problem ({@link databaseFault}), any other error as it is:
 * the `catch` of a query an integration runs.
 *
 * @param error - what the query threw
 * @throws the 503 problem, or `error` itself
 * @example
 * ```ts
 * const rows = await query.execute().catch(rethrowFault);
 * ```
 */
export function rethrowFault(error: unknown): never {
  throw databaseFault(error) ?? error;
}

/** What an error was caused by: its `cause`, or a Prisma error's driver adapter error. */
function causeOf(error: object): unknown {
  const { cause, meta } = error as { cause?: unknown; meta?: { driverAdapterError?: unknown } };
  return cause ?? meta?.driverAdapterError;
}

/** What an error names its fault by: its `code`, a Prisma adapter's `kind` and `originalCode`. */
const NAMES = ["code", "kind", "originalCode"] as const;

/** The fault one error (not its cause) tells, if any. */
function faultOf(error: object): PagewiseError | undefined {
  const { message } = error as { message?: unknown };
  const text = typeof message === "string" ? message : "";
  const named = NAMES.map((name) => (error as Record<string, unknown>)[name]).filter(
    (value): value is string => typeof value === "string",
  );
  const said = (codes: RegExp) => named.some((name) => codes.test(name));
  if (said(UNREACHABLE) || /timeout exceeded when trying to connect/i.test(text)) {
    return serviceUnavailable("The database is not reachable.", 1);
  }
  if (said(LOST) || /Connection terminated|Query read timeout|connection error/i.test(text)) {
    return serviceUnavailable(
      "The database stopped answering; a change may or may not have been made.",
    );
  }
  return undefined;
}
