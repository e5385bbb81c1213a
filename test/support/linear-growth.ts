/** Test helper: how an input's running time grows with its size, to catch super-linear parsers. */

/** How many calls on the small input one measurement of it takes: as much input as the large. */
const SMALL_CALLS = 10;

/**
 * Milliseconds of CPU a call of `run(input)` takes, over `calls` calls: this process's own time
 * (vitest runs each test file in a process of its own), which a busy machine's other processes
 * do not lengthen as they lengthen the time on the clock.
 */
function callMs(run: (input: string) => unknown, input: string, calls = 1): number {
  // The garbage of the calls before collected first (vitest.config.ts gives --expose-gc), so that
  // no call pays for another's.
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) run(input);
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000 / calls;
}

/**
 * One measurement: the fastest of five on each input, the two inputs taken in turn, so that a
 * busy moment (a GC pause, caches another process emptied) falls on both. The small input is
 * measured over ten calls, as much work as one on the large: a single call of a fraction of a
 * millisecond is near the steps of the CPU clock and within a collection's noise, and once put a
 * linear parser at 31 in CI.
 */
function oneRatio(run: (input: string) => unknown, small: string, large: string): number {
  let fastestSmall = Number.POSITIVE_INFINITY;
  let fastestLarge = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    fastestSmall = Math.min(fastestSmall, callMs(run, small, SMALL_CALLS));
    fastestLarge = Math.min(fastestLarge, callMs(run, large));
  }
  return fastestLarge / Math.max(fastestSmall, 0.005);
}

/**
 * CPU time of `run` on a 100 kB input over its time on a 10 kB one (`make(n)` builds an input of
 * about n characters): about 10 for linear work, about 100 for quadratic. Tests expect it under
 * 30. Not larger: a parser's garbage for a 1 MB input outgrows V8's young generation, and the
 * collections that follow cost more per byte (measured 25-55 for linear work, on a loaded
 * machine), while 100 kB already exceeds any request line or header a server admits (Node's
 * limit is 16 kB).
 * The lowest of three measurements: noise on a loaded machine only ever raises one, while
 * quadratic work gives about 100 on every one of them.
 */
export function growthRatio(make: (n: number) => string, run: (input: string) => unknown): number {
  const small = make(10_000);
  const large = make(100_000);
  return Math.min(...[0, 1, 2].map(() => oneRatio(run, small, large)));
}
