import type { ExitStatus } from "./exit-status.js";

/**
 * An error the command reports as one line on standard error, with the exit status it ends with.
 *
 * @example
 * ```ts
 * throw new CliError("the URL must start with http:// or https://", EXIT_STATUS.usage);
 * ```
 */
export class CliError extends Error {
  /** The process's exit status. */
  readonly status: ExitStatus;

  /**
   * @param message - the line, without the `pagewise:` prefix
   * @param status - the exit status
   */
  constructor(message: string, status: ExitStatus) {
    super(message);
    this.name = "CliError";
    this.status = status;
  }
}
