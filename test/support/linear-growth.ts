/** Test helper: how an input's running time grows with its size, to catch super-linear parsers. */

/**
 * Milliseconds of CPU one call of `run(input)` takes: this process's own time (vitest runs each
 * test file in a process of its own), which a busy machine's other processes do not lengthen as
 * they lengthen the time on the clock.
 */
function callMs(run: (input: string) => unknown, input: string): number {
  // The garbage of the calls before collected first (vitest.config.ts gives --expose-gc), so that
  // no call pays for another's.
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  run(input);
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/**
 * One measurement: the fastest of five calls on each input, the calls on the two inputs taken in
 * turn, so that a busy moment (a GC pause, caches another process emptied) falls on both.
 */
function oneRatio(run: (input: string) => unknown, small: string, large: string): number {
  let fastestSmall = Number.POSITIVE_INFINITY;
  let fastestLarge = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    fastestSmall = Math.min(fastestSmall, callMs(run, small));
    fastestLarge = Math.min(fastestLarge, callMs(run, large));
  }
  return fastestLarge / Math.max(fastestSmall, 0.05);
}

/**
 * CPU time of `run` on a 100 kB input over its time on a 10 kB one (`make(n)` builds an input of
 * about n characters): about 10 for linear work, about 100 for quadratic. Tests expect it under
 * {@link LINEAR_MOST}. Not larger inputs: a parser's garbage for a 1 MB input outgrows V8's young
 * generation, and the collections that follow cost more per byte (measured 25-55 for linear
 * work, on a loaded machine), while 100 kB already exceeds any request line or header a server
 * admits (Node's limit is 16 kB).
 * The lowest of three measurements: noise on a loaded machine only ever raises one, while
 * quadratic work gives about 100 on every one of them.
 */
export function growthRatio(make: (n: number) => string, run: (input: string) => unknown): number {
  const small = make(10_000);
  const large = make(100_000);
  return Math.min(...[0, 1, 2].map(() => oneRatio(run, small, large)));
}

/**
 * The most a linear parser's {@link growthRatio} may read: linear work read 10-31 here (31 once
 * in CI, on a machine shared with other work: `queryRecord`'s pairs without `=`, typically 16-22;
 * a dictionary of 12,500 distinct names 13-15), quadratic work about 100 (87-97 in its own test).
 */
export const LINEAR_MOST = 50;
