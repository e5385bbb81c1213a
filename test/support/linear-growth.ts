/** Test helper: how an input's running time grows with its size, to catch super-linear parsers. */

/** Milliseconds one call of `run(input)` takes. */
function callMs(run: (input: string) => unknown, input: string): number {
  const start = performance.now();
  run(input);
  return performance.now() - start;
}

/**
 * One measurement: the fastest of five calls on each input, the calls on the two inputs taken in
 * turn, so that a busy moment of a shared machine (another process, a GC pause) falls on both.
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
 * Time of `run` on a 1 MB input over its time on a 100 kB one (`make(n)` builds an input of about
 * n characters): about 10 for linear work, about 100 for quadratic. Tests expect it under 30.
 * The lowest of three measurements: noise on a loaded machine only ever raises one, while
 * quadratic work gives about 100 on every one of them.
 */
export function growthRatio(make: (n: number) => string, run: (input: string) => unknown): number {
  const small = make(100_000);
  const large = make(1_000_000);
  return Math.min(...[0, 1, 2].map(() => oneRatio(run, small, large)));
}
