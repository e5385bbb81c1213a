/**
 * Client suite: pagewise/client against the alternatives a caller would otherwise use.
 *
 * 1. Walk (client-walk.ts): 100 pages from a local server with 20 ms of latency per answer, by the
 *    walker following `next` links, by the walker in concurrent mode, by got's `paginate.all` and
 *    by a hand-written fetch loop; goal: concurrent mode ≥ 5x sequential with the same items.
 * 2. Parse (client-parse.ts): a 4-link header through pagewise's `parseLinkHeader`,
 *    parse-link-header, http-link-header and li in one tinybench run; goals: pagewise ≥ 10x
 *    parse-link-header and ≥ 2x http-link-header.
 *
 * Absolute figures are informative only; a missed goal is reported, never a failure.
 * @packageDocumentation
 */
import { runParseBench } from "./client-parse.js";
import { runWalkBench } from "./client-walk.js";

/** Runs the walk benchmark, then (with its server closed) the parser benchmark. */
export async function run(): Promise<void> {
  await runWalkBench();
  console.log("");
  await runParseBench();
}
