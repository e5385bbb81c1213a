/** Test helper: how an input's running time grows with its size, to catch super-linear parsers. */

/** Characters in the long input {@link growthRatio} times. */
const LARGE_INPUT = 100_000;

/** Pieces the baseline cuts {@link LARGE_INPUT} into: quadratic work reads about this many. */
const PIECES = 50;

/** Measurements of each side, the fastest kept: noise on a busy machine only ever lengthens one. */
const TRIALS = 8;

/** The least baseline a ratio divides by (ms): a parser that quick has nothing to grow. */
const LEAST_MS = 0.05;

/**
 * Milliseconds of CPU `work()` takes: this process's own time (vitest runs each test file in a
 * process of its own), which a busy machine's other processes do not lengthen as they lengthen the
 * time on the clock.
 */
function cpuMs(work: () => void): number {
  // The garbage of the calls before collected first (vitest.config.ts gives --expose-gc), so that
  // no measurement pays for another's.
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/**
 * CPU time of one call of `run` on a {@link LARGE_INPUT}-character input over the time of its
 * baseline: {@link PIECES} calls on inputs a {@link PIECES}th as long, as many characters in all.
 * About 1 for linear work, about {@link PIECES} for quadratic; tests expect it under
 * {@link LINEAR_MOST}.
 *
 * The two sides read as many characters, take about as long and are timed in turn, each after a
 * call that compiles it: whatever slows the machine at that moment (a busy neighbour, a CPU
 * ramping its clock up on an idle machine, caches emptied) slows both alike, where a ratio of a
 * long call to one short call once read quadratic work under its bound. Of
 * {@link TRIALS} measurements of each side the fastest is kept. Not longer inputs: a parser's
 * garbage for 1 MB outgrows V8's young generation and costs more per byte, while 100 kB already
 * exceeds any request line or header a server admits (Node's limit is 16 kB).
 *
 * @param make - builds a hostile input of about `n` characters
 * @param run - the parser under test, called on one input
 * @returns the long call's CPU time over its baseline's
 * @example
 * ```ts
 * expect(growthRatio((n) => "a&".repeat(n / 2), queryRecord)).toBeLessThan(LINEAR_MOST);
 * ```
 */
export function growthRatio(make: (n: number) => string, run: (input: string) => unknown): number {
  const large = make(LARGE_INPUT);
  const piece = make(LARGE_INPUT / PIECES);
  const whole = () => run(large);
  const pieces = () => {
    for (let i = 0; i < PIECES; i++) run(piece);
  };
  whole();
  pieces();
  let fastestWhole = Number.POSITIVE_INFINITY;
  let fastestPieces = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIALS; i++) {
    fastestPieces = Math.min(fastestPieces, cpuMs(pieces));
    fastestWhole = Math.min(fastestWhole, cpuMs(whole));
  }
  return fastestWhole / Math.max(fastestPieces, LEAST_MS);
}

/**
 * The most a linear parser's {@link growthRatio} may read: between what linear parsers and a
 * super-linear split read, measured beside two busy loops and without (docs/development.md,
 * "Linear-time checks").
 *
 * @default 7
 * @example
 * ```ts
 * expect(growthRatio((n) => "<".repeat(n), parseLinkHeader)).toBeLessThan(LINEAR_MOST);
 * ```
 */
export const LINEAR_MOST = 7;
