/**
 * `walk` itself: the walker's pages written out item by item, with progress, reports, Ctrl-C and
 * every way of ending turned into an exit status and at most a few lines on standard error.
 */
import type { Writable } from "node:stream";
import type { RetryWait } from "../client/fetch-with-retry.js";
import type { FetchedPage, WalkOptions } from "../client/walk-options.js";
import { walkPages } from "../client/walk-pages.js";
import { DEFAULT_PAGE_SIZE_PARAM, DEFAULT_SORT_PARAM } from "../options.js";
import { readDigits } from "../params/whole-number.js";
import { CliError } from "./cli-error.js";
import { errorLine } from "./error-line.js";
import { EXIT_STATUS, type ExitStatus } from "./exit-status.js";
import { type GoOn, goOnAfter, keepingPageSize } from "./go-on.js";
import { INTERRUPTED, onInterrupt, stopSoon } from "./interrupt.js";
import { itemWriter, type OutputFormat } from "./output-format.js";
import { type OutputSink, openOutput } from "./output-sink.js";
import { createProgress, type Progress } from "./progress.js";
import type { ProgressFigures } from "./progress-text.js";
import { resumeUrl } from "./resume-url.js";
import { waitLine, waitText } from "./wait-line.js";
import { goOnLine, listChangeLine, newKeyLine, pageSizeLine } from "./walk-reports.js";
import { servedPageSize, walkSpan } from "./walk-span.js";

/** A walk as the command line asks for it. */
export interface WalkRun {
  /** The first page's URL (`--from`'s, else the list's). */
  readonly start: string;
  /** The walker's options, but for `signal` and `onListChange`, which the run sets. */
  readonly options: WalkOptions;
  readonly format: OutputFormat;
  /** The file to write (`-o`), or undefined for standard output. */
  readonly output: string | undefined;
  /** Whether the file is appended to (a walk going on `--from` where one stopped), not truncated. */
  readonly append: boolean;
  /** Whether the walk goes on `--from` a page (its progress counts from there). */
  readonly resumed?: boolean;
  readonly quiet: boolean;
}

/** The streams a command writes to. */
export interface CliStreams {
  readonly stdout: Writable & { readonly isTTY?: boolean };
  readonly stderr: Writable & { readonly isTTY?: boolean };
}

/** What the walk has written so far. */
interface Written {
  pages: number;
  items: number;
  last: FetchedPage<unknown> | undefined;
  stopAsked: boolean;
  /** When the walk's last wait before a retry ends (ms since the epoch; 0 before any). */
  waitUntil: number;
}

/**
 * Runs a walk to its end, an error, a failed output or Ctrl-C (the first stops after the page in
 * flight, the second at once), and says how to go on where it stopped early.
 *
 * @param run - the walk
 * @param streams - standard output and error
 * @default `streams` is the process's
 * @returns the exit status (see {@link EXIT_STATUS})
 * @example
 * ```ts
 * process.exitCode = await runWalk({ start: url, options: { apiKey }, format: "ndjson",
 *   output: undefined, append: false, quiet: false });
 * ```
 */
export async function runWalk(run: WalkRun, streams: CliStreams = process): Promise<ExitStatus> {
  // A bar redrawn in place would draw over items written to the same terminal: plain lines then.
  const itemsOnTerminal = run.output === undefined && streams.stdout.isTTY === true;
  const isTTY = streams.stderr.isTTY === true && !itemsOnTerminal;
  const progress = createProgress({ stream: streams.stderr, isTTY, quiet: run.quiet });
  let sink: OutputSink;
  try {
    sink = await openOutput(run.output, streams.stdout, run.append);
  } catch (error) {
    return report(progress, error);
  }
  const written: Written = { pages: 0, items: 0, last: undefined, stopAsked: false, waitUntil: 0 };
  const abort = new AbortController();
  const stopListening = onInterrupt(
    () => {
      written.stopAsked = true;
      progress.say(stopSoon(abort, written.waitUntil));
    },
    () => {
      progress.stop();
      process.exit(EXIT_STATUS.interrupted);
    },
  );
  try {
    const error = await copyPages(run, sink, progress, written, abort);
    progress.stop();
    return ending(run, progress, written, sink.failure() ?? error);
  } finally {
    stopListening();
  }
}

/** Writes the walk's pages until it ends or stops; the error that ended it, if one did. */
async function copyPages(
  run: WalkRun,
  sink: OutputSink,
  progress: Progress,
  written: Written,
  abort: AbortController,
): Promise<unknown> {
  sink.failed.catch(() => abort.abort());
  const writer = itemWriter(run.format, (key) => progress.say(newKeyLine(key)));
  const began = performance.now();
  const span = walkSpan(run.resumed === true);
  let stopped: unknown;
  let figures: ProgressFigures | undefined;
  const onWait = (wait: RetryWait) => {
    written.waitUntil = wait.until.getTime();
    progress.say(waitLine(wait));
    const elapsedMs = performance.now() - began;
    if (figures !== undefined) progress.page({ ...figures, elapsedMs, waiting: waitText(wait) });
  };
  try {
    for await (const page of startWalk(run, abort.signal, progress, onWait)) {
      await sink.write(page.items.map((item) => writer.item(item)).join(""));
      written.pages += 1;
      written.items += page.items.length;
      written.last = page;
      if (written.pages === 1) notePageSize(run, page, progress);
      figures = { ...written, ...span(page), elapsedMs: performance.now() - began };
      progress.page(figures);
      if (written.stopAsked) break;
    }
  } catch (error) {
    // Ctrl-C ended the walk: no error, the pages written stand.
    if (abort.signal.reason !== INTERRUPTED) stopped = error;
  }
  return (await closeOutput(sink, writer.end())) ?? stopped;
}

/** The walker's pages, its option checks turned into a usage error. */
function startWalk(
  run: WalkRun,
  signal: AbortSignal,
  progress: Progress,
  onWait: (wait: RetryWait) => void,
) {
  try {
    return walkPages(run.start, {
      ...run.options,
      signal,
      onListChange: (change) => progress.say(listChangeLine(change)),
      onWait,
    });
  } catch (error) {
    throw new CliError((error as Error).message, EXIT_STATUS.usage);
  }
}

/** Ends the output (a JSON array's `]`) and closes it; the error if that failed. */
async function closeOutput(sink: OutputSink, end: string): Promise<unknown> {
  try {
    if (end !== "") await sink.write(end);
    await sink.close();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Says once when the first page was served at another size than the walk asked for. */
function notePageSize(run: WalkRun, page: FetchedPage<unknown>, progress: Progress): void {
  const param = new URL(run.start).searchParams.get(DEFAULT_PAGE_SIZE_PARAM);
  const asked = run.options.pageSize ?? readDigits(param);
  const served = servedPageSize(page);
  if (asked !== undefined && served !== undefined && asked !== served) {
    progress.say(pageSizeLine(asked, served));
  }
}

/** The exit status of a walk that ended, and its lines: the error, and how to go on. */
function ending(run: WalkRun, progress: Progress, written: Written, error: unknown): ExitStatus {
  const next =
    written.last && resumeUrl(written.last, [DEFAULT_PAGE_SIZE_PARAM, DEFAULT_SORT_PARAM]);
  const sized = (goOn: GoOn) => keepingPageSize(goOn, run.options.pageSize);
  if (error !== undefined) {
    const status = report(progress, error);
    const goOn = status === EXIT_STATUS.failed ? goOnAfter(error, next, run.start) : undefined;
    if (goOn) progress.say(goOnLine("stopped", written.pages, written.items, sized(goOn)));
    return status;
  }
  // Stopped before the first page came, there is nothing to go on from: the same command again.
  if (written.stopAsked && (next !== undefined || written.last === undefined)) {
    if (next !== undefined) {
      const goOn = sized({ options: ["--from", next] });
      progress.say(goOnLine("interrupted", written.pages, written.items, goOn));
    }
    return EXIT_STATUS.interrupted;
  }
  return EXIT_STATUS.complete;
}

/** Prints an error's one line (none for a closed pipe); its exit status. */
function report(progress: Progress, error: unknown): ExitStatus {
  const { line, status } = errorLine(error);
  if (line !== "") progress.say(`pagewise: ${line}`);
  return status;
}
