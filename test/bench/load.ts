/**
 * Load suite (issue 25): the example server (Fastify, the built package) in a process of its own,
 * on each store, under autocannon's connections sending the mix of `load-mix.ts` for a while:
 * requests/s, p50, p99, errors, timeouts, 503s and other 5xx, and the server's RSS at the start,
 * at the end and its growth over the second half (floor to floor: {@link rssFloors}). Goals: no
 * timeout, no 5xx but a 503 with `Retry-After`, RSS over the second half growing by less than 10%.
 *
 * `LOAD_SECONDS` (default 60), `LOAD_CONNECTIONS` (64), `LOAD_PACKAGES` (20,000 seeded) and
 * `LOAD_STORES` (a comma-separated list; default every store) set the run.
 * @packageDocumentation
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startScript } from "../support/server-process.js";
import { cursorNextPath, KEY, mixPaths, mixRequests, type Tally } from "./load-mix.js";
import { LOAD_STORES, type LoadStore, startBackend } from "./load-stores.js";
import { printTable } from "./report.js";

/** How long a request may go unanswered before autocannon counts a timeout, in seconds. */
const TIMEOUT_SECONDS = 10;

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number`);
  return value;
};

/** A process's resident set size, in MB (Linux: /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The samples a floor is the lowest of: 10 s at one a second. */
const FLOOR_WINDOW = 10;

/**
 * RSS at half time and at the end as floors: the lowest sample of the 10 s from half time, and of
 * the last 10 s. Between two collections the heap's sawtooth moves RSS by a quarter (162-225 MB
 * in a minute of the memory store), so two single samples say when each was taken; what a leak
 * raises is the floor.
 */
function rssFloors(samples: readonly number[]): [half: number, end: number] {
  const middle = Math.floor(samples.length / 2);
  const lowest = (from: number) => Math.min(...samples.slice(from, from + FLOOR_WINDOW));
  return [lowest(middle), lowest(Math.max(middle, samples.length - FLOOR_WINDOW))];
}

/** One store's figures. */
interface Row {
  readonly store: LoadStore;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly tally: Tally;
  /** RSS at the start, and its floors at half time and at the end ({@link rssFloors}), MB. */
  readonly rss: readonly [number, number, number];
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** Seeds the example on the store, loads it, and stops it. */
async function measure(
  store: LoadStore,
  env: Readonly<Record<string, string>>,
  seconds: number,
  connections: number,
): Promise<Row> {
  const packages = String(setting("LOAD_PACKAGES", 20_000));
  const server = startScript("example", { ...env, PORT: "0", API_KEY: KEY, SEED: packages });
  try {
    const origin = await server.url;
    const pid = server.child.pid as number;
    const tally: Tally = { statuses: new Map(), unavailableWithoutRetry: 0 };
    const requests = mixRequests(mixPaths(await cursorNextPath(origin)), tally);
    const samples = [rssMb(pid)];
    const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
    const options = { url: origin, requests, connections, duration: seconds };
    const result = await Promise.resolve(autocannon({ ...options, timeout: TIMEOUT_SECONDS }));
    clearInterval(sampler);
    samples.push(rssMb(pid));
    const [half, end] = rssFloors(samples);
    return {
      store,
      rps: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      tally,
      rss: [samples[0] as number, half, end],
    };
  } finally {
    await stopped(server.child);
  }
}

const count = (n: number) => n.toLocaleString("en-US");

function report(rows: readonly Row[]): void {
  printTable([
    [
      "store",
      "req/s",
      "p50 ms",
      "p99 ms",
      "errors",
      "timeouts",
      "503s",
      "other 5xx",
      "RSS MB start → end floor",
      "2nd half (floors)",
    ],
    ...rows.map((row) => {
      const [start, half, end] = row.rss;
      const other = [...row.tally.statuses].filter(([s]) => s >= 500 && s !== 503);
      return [
        row.store,
        count(Math.round(row.rps)),
        String(row.p50),
        String(row.p99),
        count(row.errors),
        count(row.timeouts),
        count(row.tally.statuses.get(503) ?? 0),
        count(other.reduce((sum, [, n]) => sum + n, 0)),
        `${start.toFixed(0)} → ${end.toFixed(0)}`,
        `${(((end - half) / half) * 100).toFixed(1)}%`,
      ];
    }),
  ]);
  console.log("\nGoals (issue 25), per store:");
  for (const row of rows) {
    const [, half, end] = row.rss;
    const bad5xx =
      [...row.tally.statuses].filter(([s]) => s >= 500 && s !== 503).length > 0 ||
      row.tally.unavailableWithoutRetry > 0;
    const met = row.timeouts === 0 && !bad5xx && (end - half) / half < 0.1;
    console.log(
      `  ${row.store}: 0 timeouts, 0 5xx but a 503 with Retry-After, RSS over the second half < +10%  ${met ? "MET" : "MISSED"}`,
    );
  }
}

/** Runs the mix on each store named, one after another, and prints the table. */
export async function run(): Promise<void> {
  const seconds = setting("LOAD_SECONDS", 60);
  const connections = setting("LOAD_CONNECTIONS", 64);
  const named = process.env.LOAD_STORES?.split(",").map((s) => s.trim()) ?? [...LOAD_STORES];
  const unknown = named.filter((s) => !LOAD_STORES.includes(s as LoadStore));
  if (unknown.length > 0) throw new Error(`LOAD_STORES: unknown ${unknown.join(", ")}`);
  console.log(
    `The example (Fastify) seeded with ${count(setting("LOAD_PACKAGES", 20_000))} packages; autocannon, ${connections} connections for ${seconds} s each, a ${TIMEOUT_SECONDS} s timeout; the mix of test/bench/load-mix.ts`,
  );
  const rows: Row[] = [];
  for (const store of named as LoadStore[]) {
    const backend = await startBackend(store);
    if (typeof backend === "string") {
      console.log(`  ${store}: skipped (${backend})`);
      continue;
    }
    try {
      rows.push(await measure(store, backend.env, seconds, connections));
    } finally {
      backend.remove();
    }
  }
  report(rows);
}
