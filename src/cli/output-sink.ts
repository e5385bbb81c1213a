/**
 * Where `walk` writes: standard output or a file, with the stream's backpressure kept and its
 * errors turned into the command's (a closed pipe, a full disk) instead of an uncaught exception.
 */

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { CliError } from "./cli-error.js";
import { EXIT_STATUS } from "./exit-status.js";

/** A place to write text to, in order. */
export interface OutputSink {
  /** Writes `text`; resolves once the stream takes more; rejects with a {@link CliError}. */
  write(text: string): Promise<void>;
  /** Ends the output: a file is closed and flushed, standard output drained. */
  close(): Promise<void>;
  /** Rejects with the stream's failure, once it fails: to stop a walk while it waits on a page. */
  readonly failed: Promise<never>;
  /** The stream's failure so far, if any. */
  failure(): CliError | undefined;
}

/**
 * Opens the output: the file `path` (created or truncated, or with `append` appended to), or
 * `stdout` without one.
 *
 * @param path - the file, or undefined for standard output
 * @param stdout - standard output
 * @param append - whether to append to the file rather than truncate it
 * @default `stdout` is `process.stdout`; `append` is false
 * @returns the sink, once the file is open
 * @throws {CliError} `outputFailed` when the file cannot be opened
 * @example
 * ```ts
 * const sink = await openOutput("packages.ndjson");
 * await sink.write('{"id":1}\n');
 * await sink.close();
 * ```
 */
export async function openOutput(
  path: string | undefined,
  stdout: Writable = process.stdout,
  append = false,
): Promise<OutputSink> {
  if (path === undefined) return sinkOf(stdout, "standard output", false);
  const file = createWriteStream(path, { flags: append ? "a" : "w" });
  try {
    await once(file, "open");
  } catch (error) {
    throw writeError(error, path);
  }
  return sinkOf(file, path, true);
}

function sinkOf(stream: Writable, name: string, own: boolean): OutputSink {
  let failure: CliError | undefined;
  let fail: (error: CliError) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {}); // read by whoever waits on it; never unhandled
  stream.on("error", (error) => {
    failure ??= writeError(error, name);
    fail(failure);
  });
  const settle = <T>(work: Promise<T>) =>
    Promise.race([work, failed]).then((value) => {
      if (failure) throw failure;
      return value;
    });
  return {
    failed,
    failure: () => failure,
    async write(text) {
      if (failure) throw failure;
      if (!stream.write(text)) await settle(once(stream, "drain"));
      if (failure) throw failure;
    },
    async close() {
      if (failure) throw failure;
      const done = own
        ? once(stream, "finish")
        : new Promise((resolve) => stream.write("", resolve));
      if (own) stream.end();
      await settle(done);
    },
  };
}

/**
 * The command's error for a write that failed: a closed pipe ends quietly (`outputClosed`), any
 * other (a full disk, a missing folder) is one line (`outputFailed`).
 *
 * @param error - the stream's error
 * @param name - the file's path, or `standard output`
 * @example
 * ```ts
 * writeError(Object.assign(new Error("x"), { code: "ENOSPC" }), "out.csv").message;
 * // "cannot write out.csv: no space left on the device (ENOSPC)"
 * ```
 */
export function writeError(error: unknown, name: string): CliError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EPIPE") return new CliError("", EXIT_STATUS.outputClosed);
  const reason = code === "ENOSPC" ? "no space left on the device (ENOSPC)" : describe(error);
  return new CliError(`cannot write ${name}: ${reason}`, EXIT_STATUS.outputFailed);
}

function describe(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message.replace(/^\w+: /, "") : String(error);
  return typeof code === "string" && !text.includes(code) ? `${text} (${code})` : text;
}
