import { PaginationError } from "../client/pagination-error.js";
import { BOUND_FLAGS } from "./bound-flags.js";
import { CliError } from "./cli-error.js";
import { EXIT_STATUS, type ExitStatus } from "./exit-status.js";
import { RequestFailed } from "./request-failed.js";

/**
 * The one line and the exit status an error ends a walk with: never a stack trace. A server's
 * error status names the problem's title and detail (RFC 9457) when it sent one; a network error
 * its cause; a bound of the walker's, the flag that raises it.
 *
 * @param error - what the walk threw
 * @returns the line (without `pagewise:`) and the status
 * @example
 * ```ts
 * errorLine(new PaginationError("http_error", "GET http://x/ answered 401", "http://x/", 401,
 *   { title: "Unauthorized" }));
 * // { line: "GET http://x/ answered 401: Unauthorized", status: 1 }
 * ```
 */
export function errorLine(error: unknown): { line: string; status: ExitStatus } {
  if (error instanceof CliError) return { line: error.message, status: error.status };
  if (error instanceof PaginationError && error.bound !== undefined) {
    const { reason, option } = error.bound;
    return { line: `${reason}; ${BOUND_FLAGS[option]} raises it`, status: EXIT_STATUS.failed };
  }
  if (error instanceof PaginationError) {
    return { line: flagWords(error.message) + problemText(error.body), status: EXIT_STATUS.failed };
  }
  if (error instanceof RequestFailed) return { line: error.message, status: EXIT_STATUS.failed };
  const text = error instanceof Error ? error.message : String(error);
  return { line: `unexpected error: ${text}`, status: EXIT_STATUS.failed };
}

/** The client's options a message names, as the command line names them. */
const OPTION_FLAGS: ReadonlyMap<string, string> = new Map([["trustedOrigins", "--trust-origin"]]);

/** `message` with each client option it names put as its flag (`trustedOrigins` as `--trust-origin`). */
function flagWords(message: string): string {
  return message.replace(/\b\w+\b/g, (word) => OPTION_FLAGS.get(word) ?? word);
}

/** `: title (detail)` of a problem body, or nothing for another body. */
function problemText(body: unknown): string {
  const { title, detail } = (typeof body === "object" && body !== null ? body : {}) as {
    title?: unknown;
    detail?: unknown;
  };
  if (typeof title !== "string") return "";
  return typeof detail === "string" && detail !== "" ? `: ${title} (${detail})` : `: ${title}`;
}
