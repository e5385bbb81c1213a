/**
 * The `pagewise` command line: one command a file (`walk`, `check`), dispatched here, with
 * commander's `--help`, `--version` and its errors as one line and exit status 2.
 */
import { Command, CommanderError } from "commander";
import { checkCommand } from "./check-command.js";
import { CliError } from "./cli-error.js";
import { EXIT_STATUS, type ExitStatus } from "./exit-status.js";
import type { CliStreams } from "./run-walk.js";
import { walkCommand } from "./walk-command.js";

/**
 * Runs the command line `args` (without `node` and the script).
 *
 * @param args - the arguments, e.g. `["walk", "http://127.0.0.1:3000/items/"]`
 * @param version - what `--version` prints
 * @param streams - standard output and error
 * @default `streams` is the process's
 * @returns the exit status
 * @example
 * ```ts
 * process.exitCode = await main(process.argv.slice(2), "0.1.0");
 * ```
 */
export async function main(
  args: readonly string[],
  version: string,
  streams: CliStreams = process,
): Promise<ExitStatus> {
  let status: ExitStatus = EXIT_STATUS.complete;
  const program = new Command("pagewise")
    .description(
      "Walk APIs that paginate by the Link and X-Pagination-* convention, and check that they keep it.",
    )
    .version(version)
    .configureOutput({
      writeOut: (text) => streams.stdout.write(text),
      writeErr: (text) => streams.stderr.write(text),
      outputError: (text, write) => write(`pagewise: ${text.replace(/^error: /, "")}`),
    })
    .showSuggestionAfterError()
    .exitOverride();
  program.addCommand(walkCommand((walked) => (status = walked), streams));
  program.addCommand(checkCommand((checked) => (status = checked), streams));
  for (const command of program.commands) {
    command.configureOutput(program.configureOutput()).exitOverride();
  }
  try {
    await program.parseAsync([...args], { from: "user" });
    return status;
  } catch (error) {
    return failure(error, streams);
  }
}

function failure(error: unknown, streams: CliStreams): ExitStatus {
  if (error instanceof CommanderError) {
    // --help and --version end commander with exit code 0; its errors are printed already.
    return error.exitCode === 0 ? EXIT_STATUS.complete : EXIT_STATUS.usage;
  }
  if (error instanceof CliError) {
    streams.stderr.write(`pagewise: ${error.message}\n`);
    return error.status;
  }
  throw error;
}
