/** Test helper: how an input's running time grows with its size, to catch super-linear parsers. */

/**
 * The fastest of five calls of `run(input)`, in ms: on a shared, loaded machine the other calls
 * measure the machine (another process, a GC pause), the fastest the parser.
 */
function fastestMs(run: (input: string) => unknown, input: string): number {
  const runs = [0, 1, 2, 3, 4].map(() => {
    const start = performance.now();
    run(input);
    return performance.now() - start;
  });
  return Math.min(...runs);
}

/**
 * Time of `run` on a 1 MB input over its time on a 100 kB one (`make(n)` builds an input of about
 * n characters): about 10 for linear work, about 100 for quadratic. Tests expect it under 30.
 */
export function growthRatio(make: (n: number) => string, run: (input: string) => unknown): number {
  const small = fastestMs(run, make(100_000));
  const large = fastestMs(run, make(1_000_000));
  return large / Math.max(small, 0.05);
}
