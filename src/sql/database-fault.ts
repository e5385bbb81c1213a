/**
 * A database's fault as the API answers it: the 503 problem, whichever driver raised it (`pg`,
 * PGlite, mysql2, better-sqlite3), also wrapped by a query builder (Drizzle's `DrizzleQueryError`
 * holds the driver's error as its `cause`). Any other error is a bug, a 500.
 */
import { type PagewiseError, serviceUnavailable } from "../errors.js";

/**
 * Codes of a database that could not be reached, or could not take the statement now: nothing was
 * done. `pg` and Node (refused, no such host, unreachable), PostgreSQL (starting up, too many
 * connections, cannot connect), MariaDB/MySQL (too many connections) and SQLite (the file locked by
 * another process past the busy timeout).
 */
const UNREACHABLE =
  /^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|57P03|53300|08001|08004|ER_CON_COUNT_ERROR|SQLITE_BUSY)$/;

/** Codes of a connection lost or a statement cut off: a write may or may not have been made. */
const LOST =
  /^(08|53|57)|^(ECONNRESET|EPIPE|ETIMEDOUT|PROTOCOL_CONNECTION_LOST|PROTOCOL_SEQUENCE_TIMEOUT|ER_STATEMENT_TIMEOUT)$/;

/** How deep a chain of `cause`s is read: a query builder's wrapper, the driver's error, its cause. */
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
    reading = (reading as { cause?: unknown }).cause;
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

/** The fault one error (not its cause) tells, if any. */
function faultOf(error: object): PagewiseError | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : "";
  const kind = typeof code === "string" ? code : "";
  if (UNREACHABLE.test(kind) || /timeout exceeded when trying to connect/i.test(text)) {
    return serviceUnavailable("The database is not reachable.", 1);
  }
  if (LOST.test(kind) || /Connection terminated|Query read timeout|connection error/i.test(text)) {
    return serviceUnavailable(
      "The database stopped answering; a change may or may not have been made.",
    );
  }
  return undefined;
}
