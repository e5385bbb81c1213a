/**
 * `walk`'s progress on standard error: a bar where it is a terminal the items are not written to,
 * plain lines elsewhere (a file, a CI log, a terminal that shows the items too, where a bar
 * redrawn in place would draw over them), nothing with `--quiet`. Lines of their own (what the walker reports) go
 * through it too, so they never break the bar.
 */
import { Presets, SingleBar } from "cli-progress";
import { type ProgressFigures, progressText } from "./progress-text.js";

/** Shows a walk's progress. */
export interface Progress {
  /** A page was written: where the walk is now. */
  page(figures: ProgressFigures): void;
  /** Prints a line of its own (a report, a warning), above the bar. */
  say(line: string): void;
  /** Ends the progress: the bar's last state stays on screen; plain output gets its last line. */
  stop(): void;
}

/** Where the progress goes and how. */
export interface ProgressTarget {
  readonly stream: NodeJS.WriteStream | NodeJS.WritableStream;
  /**
   * Whether to draw a bar: the stream is a terminal, and the items go elsewhere (a file, a pipe).
   * Otherwise plain lines.
   */
  readonly isTTY: boolean;
  /** No progress at all (`--quiet`); lines of their own are still printed. */
  readonly quiet: boolean;
}

/** The least time between two plain progress lines, in ms. */
export const PLAIN_LINE_INTERVAL_MS = 1000;

/**
 * The progress for `target`.
 *
 * @param target - standard error and how to write to it
 * @example
 * ```ts
 * const progress = createProgress({ stream: process.stderr, isTTY: true, quiet: false });
 * progress.page({ pages: 1, items: 20, pageTotal: 6, count: 120, elapsedMs: 300 });
 * progress.stop();
 * ```
 */
export function createProgress(target: ProgressTarget): Progress {
  const say = (line: string) => target.stream.write(`${line}\n`);
  if (target.quiet) return { page: () => {}, say, stop: () => {} };
  return target.isTTY ? progressBar(target.stream) : plainLines(say);
}

function progressBar(stream: ProgressTarget["stream"]): Progress {
  let bar: SingleBar | undefined;
  return {
    page(figures) {
      const total = figures.count ?? 0;
      const payload = { text: progressText(figures) };
      if (bar === undefined) {
        const format = figures.count === undefined ? "{text}" : "{bar} {text}";
        bar = new SingleBar(
          { stream, format, barsize: 20, fps: 5, hideCursor: true },
          Presets.shades_classic,
        );
        bar.start(total, figures.items, payload);
      } else bar.update(figures.items, payload);
    },
    say(line) {
      // The line where the bar stood, the bar on the next; its saved cursor (ESC 7, which
      // cli-progress restores when it stops) moved with it, or the shell's next line overwrites it.
      stream.write(`\r\x1b[K${line}\n${bar === undefined ? "" : "\x1b7"}`);
      bar?.render();
    },
    stop: () => bar?.stop(),
  };
}

function plainLines(say: (line: string) => void): Progress {
  let shown = Number.NEGATIVE_INFINITY;
  let last: ProgressFigures | undefined;
  const show = (figures: ProgressFigures) => {
    shown = figures.elapsedMs;
    say(`pagewise: ${progressText(figures)}`);
  };
  return {
    page(figures) {
      last = figures;
      if (figures.elapsedMs - shown >= PLAIN_LINE_INTERVAL_MS) show(figures);
    },
    say,
    stop() {
      if (last !== undefined && last.elapsedMs !== shown) show(last);
    },
  };
}
