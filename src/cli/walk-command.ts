/**
 * `pagewise walk URL`: the options, their help text (commander generates `--help` from these
 * definitions alone) and the run they make.
 */
import { Command, Option } from "commander";
import { bytesText } from "../client/bound-text.js";
import {
  DEFAULT_MAX_PAGE_BYTES,
  DEFAULT_MAX_RETRY_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  MAX_TIMER_MS,
} from "../client/walk-bounds.js";
import type { WalkOptions } from "../client/walk-options.js";
import { BOUND_FLAGS } from "./bound-flags.js";
import { CliError } from "./cli-error.js";
import { EXIT_STATUS, type ExitStatus } from "./exit-status.js";
import { assertFrom, walkOrigins } from "./from-option.js";
import { httpUrl, wholeNumber } from "./options.js";
import { OUTPUT_FORMATS, type OutputFormat } from "./output-format.js";
import { addHeaderOptions, type HeaderFlags, requestHeaders } from "./request-headers.js";
import { retryingFetch } from "./retrying-fetch.js";
import { type CliStreams, runWalk, type WalkRun } from "./run-walk.js";
import { seconds } from "./seconds-option.js";
import { addTrustedOrigin } from "./trust-origin-option.js";

/** The options as commander reads them. */
interface WalkFlags extends HeaderFlags {
  readonly pageSize?: number;
  readonly concurrency: number;
  readonly sort?: string;
  readonly retries: number;
  /** `--timeout`, `--max-wait` (read in ms), `--max-page-bytes` and `--max-pages`. */
  readonly timeout?: number;
  readonly maxWait?: number;
  readonly maxPageBytes?: number;
  readonly maxPages?: number;
  readonly format: OutputFormat;
  readonly output?: string;
  readonly from?: string;
  readonly trustOrigin?: string[];
  readonly quiet?: boolean;
}

/**
 * The `walk` command: parses its arguments and runs the walk, handing its exit status to `done`.
 *
 * @param done - told the walk's exit status
 * @param streams - standard output and error
 * @default `streams` is the process's
 * @example
 * ```ts
 * program.addCommand(walkCommand((status) => { process.exitCode = status; }));
 * ```
 */
export function walkCommand(
  done: (status: ExitStatus) => void,
  streams: CliStreams = process,
): Command {
  return defineWalkOptions(new Command("walk"))
    .summary("write every item of a paginated list, in order")
    .description(
      "Walk a paginated list (Link and X-Pagination-* headers, as pagewise serves them) and write every item once, in the list's order. Filters are the URL's own query parameters.",
    )
    .argument("<url>", "the list's URL (http:// or https://), with its filters", httpUrl)
    .action(async (url: string, flags: WalkFlags) =>
      done(await runWalk(walkRun(url, flags), streams)),
    );
}

/**
 * Adds `walk`'s options to `command`: their one definition, which `--help` shows.
 *
 * @param command - the command to add them to
 * @returns the command
 * @example
 * ```ts
 * defineWalkOptions(new Command("walk")).parse(["-H", "Accept: application/json"], { from: "user" });
 * ```
 */
export function defineWalkOptions(command: Command): Command {
  return addHeaderOptions(command)
    .option("--page-size <n>", "items per page (page_size), kept on every page", wholeNumber(1))
    .option("--sort <fields>", "the order, as the server reads it: -created_at,name")
    .option("--concurrency <n>", "pages in flight at once (a counted list)", wholeNumber(1), 1)
    .option(
      "--retries <n>",
      "times a page is asked again after a dropped connection, or a 429, 500, 502, 503 or 504",
      wholeNumber(0),
      3,
    )
    .option(
      `${BOUND_FLAGS.timeoutMs} <seconds>`,
      `how long a page may take, its body read whole (default ${DEFAULT_TIMEOUT_MS / 1000})`,
      seconds(MAX_TIMER_MS),
    )
    .option(
      `${BOUND_FLAGS.maxPageBytes} <n>`,
      `the most bytes of a page's body read (default ${DEFAULT_MAX_PAGE_BYTES}, ${bytesText(DEFAULT_MAX_PAGE_BYTES)})`,
      wholeNumber(1),
    )
    .option(
      `${BOUND_FLAGS.maxRetryDelayMs} <seconds>`,
      `the longest wait a 429 or 503 may ask for before a retry; a longer one stops the walk (default ${DEFAULT_MAX_RETRY_DELAY_MS / 1000})`,
      seconds(MAX_TIMER_MS),
    )
    .option(
      `${BOUND_FLAGS.maxPages} <n>`,
      "the most pages written; a list that goes on stops the walk there (default: no bound)",
      wholeNumber(1),
    )
    .addOption(
      new Option("-f, --format <format>", "the output's format")
        .choices(OUTPUT_FORMATS)
        .default("ndjson"),
    )
    .option("-o, --output <file>", "write to this file instead of standard output")
    .option(
      "--from <url>",
      "go on from this page of the list: the URL a stopped walk printed",
      httpUrl,
    )
    .option(
      "--trust-origin <origin>",
      "an origin besides the list's that next links and redirects may lead to, sent the same headers (repeatable)",
      addTrustedOrigin,
    )
    .option("-q, --quiet", "no progress on standard error (errors and reports still)");
}

/**
 * The run `walk`'s arguments ask for.
 *
 * @param url - the list's URL
 * @param flags - the options as commander read them
 * @throws {CliError} `usage` for a `--from` that is not a page of the list (another origin or
 *   path) nor on a `--trust-origin`, or whose page size `--page-size` contradicts (see
 *   {@link assertFrom}), or with `-o` in a format other than ndjson (its file is appended to)
 * @example
 * ```ts
 * walkRun("http://127.0.0.1:3000/items/", { apiKeyHeader: "X-Api-Key",
 *   concurrency: 1, retries: 3, format: "ndjson" });
 * ```
 */
export function walkRun(url: string, flags: WalkFlags): WalkRun {
  const trusted = flags.trustOrigin ?? [];
  assertFrom(url, flags.from, trusted, flags.pageSize);
  // The same command with --from goes on where it stopped: its file is appended to, never
  // truncated, which only lines of JSON survive (a second array or CSV header would not).
  const append = flags.from !== undefined && flags.output !== undefined;
  if (append && flags.format !== "ndjson") {
    throw new CliError(
      `--from with -o appends to ${flags.output}, which only --format ndjson can do; write to another file, or walk as ndjson`,
      EXIT_STATUS.usage,
    );
  }
  const start = flags.from ?? url;
  return {
    start,
    options: {
      headers: requestHeaders(flags),
      trustedOrigins: walkOrigins(url, start, trusted),
      concurrency: flags.concurrency,
      retries: flags.retries,
      fetch: retryingFetch(flags.retries, flags.maxPageBytes),
      ...boundOptions(flags),
      ...(flags.pageSize === undefined ? {} : { pageSize: flags.pageSize }),
      ...(flags.sort === undefined ? {} : { sort: flags.sort }),
    },
    format: flags.format,
    output: flags.output,
    append,
    resumed: flags.from !== undefined,
    quiet: flags.quiet === true,
  };
}

/** The walker's bounds the flags set; the walker's defaults for the others. */
function boundOptions(flags: WalkFlags): WalkOptions {
  return {
    ...(flags.timeout === undefined ? {} : { timeoutMs: flags.timeout }),
    ...(flags.maxWait === undefined ? {} : { maxRetryDelayMs: flags.maxWait }),
    ...(flags.maxPageBytes === undefined ? {} : { maxPageBytes: flags.maxPageBytes }),
    ...(flags.maxPages === undefined ? {} : { maxPages: flags.maxPages }),
  };
}
