/**
 * The exit statuses of the `pagewise` command, each once: a script reads from the status alone
 * whether the walk was complete, or whether the list checked keeps the convention.
 *
 * @example
 * ```ts
 * process.exitCode = EXIT_STATUS.interrupted; // 130, as a shell reports Ctrl-C
 * ```
 */
export const EXIT_STATUS = {
  /** The walk reached the list's end, every item written; `check`: every check held. */
  complete: 0,
  /** The walk stopped on an error (a request, the server's answer); what was written is kept. */
  failed: 1,
  /** `check`: at least one check failed (the list breaks a rule); the report names which. */
  checkFailed: 1,
  /** The command line was wrong (an unknown option, a bad URL): nothing was requested. */
  usage: 2,
  /** The output could not be written (a full disk, a file that cannot be opened). */
  outputFailed: 3,
  /** `check`: the list could not be checked: no answer, or its first page answered an error. */
  notChecked: 4,
  /** Ctrl-C (SIGINT) stopped the walk after the page in flight: 128 + 2, as shells report it. */
  interrupted: 130,
  /** The output's reader went away (`| head`): 128 + 13, as a process killed by SIGPIPE. */
  outputClosed: 141,
} as const;

/** One of {@link EXIT_STATUS}'s values. */
export type ExitStatus = (typeof EXIT_STATUS)[keyof typeof EXIT_STATUS];
