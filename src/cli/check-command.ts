/**
 * `pagewise check URL`: the options, their help text and the run they make, a report on standard
 * output (text, or JSON with `--json`) and an exit status that says whether every check held.
 */
import { Command } from "commander";
import { reportJson, reportOk } from "./check/report-json.js";
import { reportText } from "./check/report-text.js";
import { runChecks } from "./check/run-checks.js";
import { EXIT_STATUS, type ExitStatus } from "./exit-status.js";
import { httpUrl, wholeNumber } from "./options.js";
import { addHeaderOptions, type HeaderFlags, requestHeaders } from "./request-headers.js";
import type { CliStreams } from "./run-walk.js";

/** The options as commander reads them. */
interface CheckFlags extends HeaderFlags {
  readonly empty?: string;
  readonly key: string;
  readonly maxPages: number;
  readonly write?: boolean;
  readonly json?: boolean;
}

/**
 * The `check` command: parses its arguments, checks the list and writes the report, handing its
 * exit status to `done`.
 *
 * @param done - told the exit status
 * @param streams - standard output and error
 * @default `streams` is the process's
 * @example
 * ```ts
 * program.addCommand(checkCommand((status) => { process.exitCode = status; }));
 * ```
 */
export function checkCommand(
  done: (status: ExitStatus) => void,
  streams: CliStreams = process,
): Command {
  return addHeaderOptions(new Command("check"))
    .summary("judge whether a list keeps the pagination convention")
    .description(
      "Check a paginated list against the spec's rules and pagewise's documented decisions: a line a check, with the requests sent and what came back. Sends only GET, HEAD and OPTIONS unless --write is given.",
    )
    .argument("<url>", "the list's URL (http:// or https://), with its filters", httpUrl)
    .option("--empty <url>", "a list with no items (e.g. a filter that matches none)", httpUrl)
    .option("--key <field>", "the item member that tells items apart in the walks", "id")
    .option("--max-pages <n>", "the most pages each walk reads", wholeNumber(1), 50)
    .option(
      "--write",
      "also send one POST of malformed JSON (as application/json), which a server following the convention refuses before any handler runs; a server that does not follow it may still act on it, and what it answered is reported",
    )
    .option("--json", "the report as JSON, for CI")
    .action(async (url: string, flags: CheckFlags) => {
      const report = await runChecks(
        url,
        {
          empty: flags.empty,
          key: flags.key,
          maxPages: flags.maxPages,
          write: flags.write === true,
          apiKeyHeader: flags.apiKeyHeader,
          apiKeyGiven: flags.apiKey !== undefined,
        },
        requestHeaders(flags),
      );
      streams.stdout.write(flags.json ? reportJson(report) : reportText(report));
      done(reportOk(report) ? EXIT_STATUS.complete : EXIT_STATUS.checkFailed);
    });
}
