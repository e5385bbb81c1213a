/**
 * Timing in rounds, shared by the database suites: each task warmed up, then the tasks taken in
 * turn round after round, in an order shuffled each round, each figure the median of its rounds.
 * @packageDocumentation
 */
import { median } from "./report.js";

/** Each task's warm-up: this many calls, or as many as fit in WARM_UP_MS (at least 3). */
const WARM_UP_CALLS = 2_000;
const WARM_UP_MS = 1_500;

/** A named task: one call is one sample. */
export type Task = [name: string, run: () => Promise<unknown>];

/** `items` in a random order (Fisher-Yates). */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * Each task's median ms over `rounds` rounds, the tasks taken in turn within a round, in an order
 * drawn afresh each round: in a fixed order the first task of every round was the slow one (on
 * SQLite, Kysely's page 1 by hand measured 0.34 ms first in the round and its same statement
 * 0.13-0.15 ms elsewhere in it), whatever it was. Each task is warmed up first: at least
 * `leastWarmUp` calls (default 3), and as many more as fit in 1.5 s; none for 0. Only tasks
 * compared with each other are measured together: a 150 ms scan, or another statement, between
 * two sub-millisecond reads would disturb them.
 */
export async function measure(
  tasks: readonly Task[],
  rounds: number,
  leastWarmUp = 3,
): Promise<Map<string, number>> {
  // Warm-up until V8 has optimised the code on the path (a server's steady state): a few calls
  // leave pagewise's pipeline interpreted, which measured 1.15x against 1.04x warmed on a page.
  // A task of seconds needs none (`leastWarmUp` 0): its JavaScript is a speck of its time.
  for (const [, run] of tasks) {
    const until = performance.now() + (leastWarmUp === 0 ? 0 : WARM_UP_MS);
    for (let i = 0; i < WARM_UP_CALLS && (i < leastWarmUp || performance.now() < until); i++)
      await run();
  }
  const samples = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of shuffled(tasks)) {
      const start = performance.now();
      await run();
      samples.get(name)?.push(performance.now() - start);
    }
  }
  return new Map([...samples].map(([name, ms]) => [name, median(ms)]));
}
