/**
 * A database's fault as the API answers it: the 503 problem, whichever driver raised it (`pg`,
 * PGlite, mysql2, better-sqlite3). Any other error is a bug, a 500.
 */
import { type PagewiseError, serviceUnavailable } from "pagewise";

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
  if (typeof error !== "object" || error === null) return undefined;
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
