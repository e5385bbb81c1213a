/**
 * HTTP suite: requests/s of the spec example endpoint
 * (`GET /package/demo/tools/packages/?page=2&page_size=30`, 120 items, X-Api-Key) on Express 5,
 * Fastify 5 and the fetch adapter on @hono/node-server, through the pagewise adapter and through a
 * hand-written handler that sets the same headers, measured with autocannon on 127.0.0.1 in one
 * run so the ratios are comparable. Absolute figures are informative only.
 *
 * Each server runs alone in a child process (so it does not share an event loop with autocannon),
 * is warmed up, measured and closed; per framework the order is hand-written, pagewise, pagewise,
 * hand-written (ABBA) and each variant's figure is the mean of its two runs, so a drift of the
 * machine's speed during the run cancels out of the ratio.
 *
 * Environment: `PAGEWISE_BENCH_HTTP_SERVER=inline` serves in this process instead (for comparison);
 * `PAGEWISE_BENCH_CPU_PROF=<dir>` writes a `--cpu-prof` profile of every server process into `<dir>`.
 * @packageDocumentation
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import {
  API_KEY,
  type Framework,
  frameworks,
  type Running,
  startServer,
  TARGET,
  type Variant,
} from "./http-apps.js";

const CONNECTIONS = 10;
const PIPELINING = 1;
const WARMUP_SECONDS = 1;
const MEASURE_SECONDS = 4;
/** Per framework: A B B A, with A the hand-written handler and B pagewise. */
const ORDER: readonly Variant[] = ["hand-written", "pagewise", "pagewise", "hand-written"];
/** The goal: the adapter costs at most 5% of the hand-written handler's throughput. */
const GOAL = 0.95;

type Mode = "fork" | "inline";

function serverMode(): Mode {
  const mode = process.env.PAGEWISE_BENCH_HTTP_SERVER ?? "fork";
  if (mode !== "fork" && mode !== "inline") {
    throw new Error(`PAGEWISE_BENCH_HTTP_SERVER must be "fork" or "inline", not "${mode}"`);
  }
  return mode;
}

// --- servers -------------------------------------------------------------------------------

const SERVER_SCRIPT = fileURLToPath(new URL("./http-server.ts", import.meta.url));

/** Forks `http-server.ts` under tsx and resolves once it listens. */
function forkServer(framework: Framework, variant: Variant): Promise<Running> {
  const profileDir = process.env.PAGEWISE_BENCH_CPU_PROF;
  const execArgv = [
    "--import",
    "tsx",
    // servers.ts mounts Fastify with the (deprecated) top-level ignoreTrailingSlash option.
    "--disable-warning=FSTDEP022",
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
  ];
  const child = fork(SERVER_SCRIPT, [framework, variant], { execArgv });
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) =>
      reject(new Error(`${framework} ${variant} server exited (${code}) before listening`));
    child.once("exit", failed);
    child.once("error", reject);
    child.once("message", (message) => {
      child.off("exit", failed);
      const origin = (message as { origin?: unknown }).origin;
      if (typeof origin !== "string") return reject(new Error(`Unexpected message ${message}`));
      resolve({ origin, close: () => closeChild(child) });
    });
  });
}

function closeChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`server exited with ${code}`)),
    );
    child.send("close");
  });
}

function start(mode: Mode, framework: Framework, variant: Variant): Promise<Running> {
  return mode === "fork" ? forkServer(framework, variant) : startServer(framework, variant);
}

// --- honesty checks ------------------------------------------------------------------------

interface Snapshot {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | null>>;
  readonly body: string;
  /** Status of the same request without X-Api-Key. */
  readonly keyless: number;
}

const COMPARED_HEADERS = [
  "content-type",
  "link",
  "x-pagination-count",
  "x-pagination-page",
  "x-pagination-pagetotal",
  "x-pagination-pagesize",
] as const;

async function snapshot(origin: string): Promise<Snapshot> {
  const response = await fetch(origin + TARGET, { headers: { "x-api-key": API_KEY } });
  const body = await response.text();
  const headers = Object.fromEntries(COMPARED_HEADERS.map((h) => [h, response.headers.get(h)]));
  const keyless = await fetch(origin + TARGET);
  await keyless.arrayBuffer();
  return { status: response.status, headers, body, keyless: keyless.status };
}

const same = (a: Snapshot, b: Snapshot): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Throws unless, for every framework, the hand-written handler and pagewise answer the target URL
 * with the same status, pagination and Content-Type headers and body (and both refuse a keyless
 * request). Runs every server in this process, one at a time; returns the snapshots.
 */
async function checkOutputs(): Promise<Map<string, Snapshot>> {
  const snapshots = new Map<string, Snapshot>();
  for (const framework of frameworks) {
    const [hand, pagewise] = [
      await snapshotOf(framework, "hand-written"),
      await snapshotOf(framework, "pagewise"),
    ];
    const links = pagewise.headers.link?.split(", ").length ?? 0;
    if (pagewise.status !== 200 || links !== 4 || pagewise.keyless !== 401) {
      throw new Error(
        `${framework}: pagewise did not answer as the spec example:\n${show(pagewise)}`,
      );
    }
    if (!same(hand, pagewise)) {
      throw new Error(
        `${framework}: hand-written and pagewise responses differ:\n  hand-written ${show(hand)}\n  pagewise     ${show(pagewise)}`,
      );
    }
    snapshots.set(framework, pagewise);
  }
  return snapshots;
}

async function snapshotOf(framework: Framework, variant: Variant): Promise<Snapshot> {
  const server = await startServer(framework, variant);
  try {
    return await snapshot(server.origin);
  } finally {
    await server.close();
  }
}

function show(s: Snapshot): string {
  return JSON.stringify({ ...s, body: `${s.body.slice(0, 60)}… (${s.body.length} chars)` });
}

// --- measurement ---------------------------------------------------------------------------

interface Sample {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Failed requests: errors, timeouts and non-2xx responses. */
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

function load(origin: string, duration: number): Promise<Result> {
  return autocannon({
    url: origin + TARGET,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration,
    headers: { "x-api-key": API_KEY },
  });
}

/** Starts one server, checks its answer, warms it up, measures it and closes it. */
async function measure(
  mode: Mode,
  framework: Framework,
  variant: Variant,
  expected: Snapshot | undefined,
): Promise<Sample> {
  const server = await start(mode, framework, variant);
  try {
    const served = await snapshot(server.origin);
    if (expected === undefined || !same(served, expected)) {
      throw new Error(`${framework} ${variant}: the measured server answers differently`);
    }
    await load(server.origin, WARMUP_SECONDS);
    const result = await load(server.origin, MEASURE_SECONDS);
    return {
      rps: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    await server.close();
  }
}

// --- reporting -----------------------------------------------------------------------------

type Runs = Record<Variant, Sample[]>;

const mean = (values: readonly number[]): number =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(values.length, 1);
const rps = (value: number): string => Math.round(value).toLocaleString("en-US");
const ms = (value: number): string => value.toFixed(value < 10 ? 1 : 0);

/** Half the range of the runs, relative to their mean, in %. */
function spread(samples: readonly Sample[]): number {
  const values = samples.map((s) => s.rps);
  return ((Math.max(...values) - Math.min(...values)) / 2 / mean(values)) * 100;
}

interface Summary {
  readonly framework: Framework;
  readonly ratio: number;
  /** The ratio of each A/B pair in run order: (A1, B1) and (A2, B2). */
  readonly pairRatios: readonly number[];
  readonly noise: number;
  readonly failures: number;
}

function summarize(framework: Framework, runs: Runs): Summary {
  const hand = runs["hand-written"];
  const pw = runs.pagewise;
  const pairRatios = hand.map((h, i) => (pw[i]?.rps ?? Number.NaN) / h.rps);
  const failures = [...hand, ...pw].reduce((n, s) => n + s.errors + s.timeouts + s.non2xx, 0);
  return {
    framework,
    ratio: mean(pw.map((s) => s.rps)) / mean(hand.map((s) => s.rps)),
    pairRatios,
    noise: spread(hand) + spread(pw),
    failures,
  };
}

function printFramework(framework: Framework, runs: Runs, summary: Summary): void {
  console.log(`\n${framework}`);
  const rows = (["hand-written", "pagewise"] as const).map((variant) => {
    const samples = runs[variant];
    return [
      variant,
      ...samples.map((s) => rps(s.rps)),
      rps(mean(samples.map((s) => s.rps))),
      `±${spread(samples).toFixed(1)}%`,
      ms(mean(samples.map((s) => s.p50))),
      ms(mean(samples.map((s) => s.p99))),
    ];
  });
  printTable([
    ["variant", "run 1 req/s", "run 2 req/s", "mean req/s", "±spread", "p50 ms", "p99 ms"],
    ...rows,
  ]);
  const pairs = summary.pairRatios.map((r) => r.toFixed(3)).join(", ");
  console.log(
    `  ratio pagewise / hand-written: ${summary.ratio.toFixed(3)} (ABBA pairs: ${pairs})`,
  );
  for (const variant of ["hand-written", "pagewise"] as const) {
    runs[variant].forEach((s, i) => {
      if (s.errors + s.timeouts + s.non2xx > 0) {
        console.log(
          `  ! ${variant} run ${i + 1}: ${s.errors} errors, ${s.timeouts} timeouts, ${s.non2xx} non-2xx`,
        );
      }
    });
  }
}

function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? "").length)));
  for (const row of rows) {
    const cells = row.map((cell, col) => {
      const width = widths?.[col] ?? 0;
      return col === 0 ? cell.padEnd(width) : cell.padStart(width);
    });
    console.log(`  ${cells.join("  ")}`);
  }
}

function printGoals(summaries: readonly Summary[]): void {
  console.log("\nGoals (issue):");
  for (const s of summaries) {
    const verdict = s.ratio >= GOAL ? "MET" : "MISSED";
    const noise = Math.abs(s.ratio / GOAL - 1) * 100 < s.noise ? " (within noise)" : "";
    const failed = s.failures > 0 ? ` (${s.failures} failed requests: see above)` : "";
    console.log(
      `  ${s.framework}: adapter costs ≤ 5% (ratio ≥ ${GOAL}): ${verdict}, ratio ${s.ratio.toFixed(3)}${noise}${failed}`,
    );
  }
}

// --- the suite -----------------------------------------------------------------------------

/**
 * Runs the HTTP suite: checks that pagewise and the hand-written handlers answer identically,
 * then measures each framework in ABBA order ({@link WARMUP_SECONDS} s warmup and
 * {@link MEASURE_SECONDS} s of load per run) and prints a table per framework plus the issue's
 * goal, MET or MISSED. Never fails on a missed goal.
 */
export async function run(): Promise<void> {
  const mode = serverMode();
  const expected = await checkOutputs();
  console.log(
    `autocannon: GET ${TARGET}, ${CONNECTIONS} connections, pipelining ${PIPELINING}, ` +
      `${WARMUP_SECONDS} s warmup + ${MEASURE_SECONDS} s per run; order per framework ` +
      `hand-written, pagewise, pagewise, hand-written; server ${
        mode === "fork" ? "in a child process" : "in this process"
      }; outputs checked identical`,
  );
  const summaries: Summary[] = [];
  for (const framework of frameworks) {
    const runs: Runs = { "hand-written": [], pagewise: [] };
    for (const variant of ORDER) {
      runs[variant].push(await measure(mode, framework, variant, expected.get(framework)));
    }
    const summary = summarize(framework, runs);
    printFramework(framework, runs, summary);
    summaries.push(summary);
  }
  printGoals(summaries);
}
