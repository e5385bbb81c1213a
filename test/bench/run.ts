/**
 * Benchmark entry point: `npm run bench [-- suite…]` runs the named suites (default: all) one
 * after another, each printing its own report. Benchmarks report; they never fail the process on
 * a missed goal. Only an unknown suite name or a broken suite sets a non-zero exit code. Every
 * suite measures the built package in dist/ (`npm run bench` builds it first), as users run it.
 * @packageDocumentation
 */
import os from "node:os";

/** A bench suite module: `run` measures and prints its own report. */
interface BenchSuite {
  readonly run: () => Promise<void>;
}

/** Suites by name, in the order they run by default; loaded lazily so each runs on a quiet heap. */
const suites: Readonly<Record<string, () => Promise<BenchSuite>>> = {
  core: () => import("./core.js"),
  http: () => import("./http.js"),
  client: () => import("./client.js"),
  store: () => import("./store.js"),
  sql: () => import("./sql.js"),
  builders: () => import("./builders.js"),
  load: () => import("./load.js"),
};

async function main(args: readonly string[]): Promise<void> {
  if (!import.meta.resolve("pagewise").includes("/dist/")) {
    console.error(
      "The benchmarks measure the built package: run them with `npm run bench`, which builds it and points tsx at test/bench/tsconfig.json.",
    );
    process.exitCode = 2;
    return;
  }
  const names = args.length > 0 ? args : Object.keys(suites);
  const unknown = names.filter((name) => !Object.hasOwn(suites, name));
  if (unknown.length > 0) {
    console.error(`Unknown bench suite(s): ${unknown.join(", ")}`);
    console.error(`Available: ${Object.keys(suites).join(", ")}`);
    process.exitCode = 2;
    return;
  }
  printPreamble(args);
  for (const name of names) await runSuite(name);
}

function printPreamble(args: readonly string[]): void {
  const viaNpm = process.env.npm_lifecycle_event === "bench";
  const command = viaNpm
    ? `npm run bench${args.length > 0 ? " --" : ""}`
    : "TSX_TSCONFIG_PATH=test/bench/tsconfig.json tsx test/bench/run.ts";
  const cpus = os.cpus();
  console.log(`$ ${[command, ...args].join(" ")}`);
  console.log(`Node ${process.version} (${process.platform}/${process.arch})`);
  console.log(`CPU: ${cpus[0]?.model ?? "unknown"} x${cpus.length}, load ${loadAverage()}`);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" ");
}

async function runSuite(name: string): Promise<void> {
  const load = suites[name];
  if (load === undefined) return;
  console.log(`\n=== ${name} ===`);
  try {
    await (await load()).run();
  } catch (error) {
    console.error(`Suite ${name} failed:`, error);
    process.exitCode = 1;
  }
}

await main(process.argv.slice(2));
