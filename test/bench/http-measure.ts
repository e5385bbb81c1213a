/**
 * One framework's HTTP measurement, run in a process of its own (`http.ts` forks this module per
 * framework): a server that runs one framework is what users run, and pagewise's core, shared by
 * the three adapters, would otherwise carry the previous frameworks' request shapes in its
 * inline caches (measured: the fetch adapter 0.83 of hand-written after a Fastify run in the same
 * process, 1.00 in a fresh one), while each hand-written handler has code of its own.
 *
 * In the child, the server and autocannon share one event loop; the runs alternate in
 * {@link ORDER}. The samples go back to the parent over IPC.
 * @packageDocumentation
 */
import autocannon from "autocannon";
import {
  API_KEY,
  type Framework,
  frameworks,
  startServer,
  TARGET,
  type Variant,
} from "./http-apps.js";

export const CONNECTIONS = 10;
export const PIPELINING = 1;
export const WARMUP_SECONDS = 1;
export const MEASURE_SECONDS = 3;
/** In each process: A B B A, with A the hand-written handler and B pagewise. */
export const ORDER: readonly Variant[] = ["hand-written", "pagewise", "pagewise", "hand-written"];

export interface Sample {
  readonly rps: number;
  /** CPU time of this process (server and autocannon) per completed request, µs. */
  readonly cpuMicros: number;
  /** CPU time / wall time during the run: ~1 when the process had a core to itself. */
  readonly cpuShare: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

function load(origin: string, duration: number) {
  return autocannon({
    url: origin + TARGET,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration,
    headers: { "x-api-key": API_KEY },
  });
}

/** Starts one server, warms it up, measures it and closes it. */
async function measure(framework: Framework, variant: Variant): Promise<Sample> {
  const server = await startServer(framework, variant);
  try {
    await load(server.origin, WARMUP_SECONDS);
    const cpuBefore = process.cpuUsage();
    const result = await load(server.origin, MEASURE_SECONDS);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const requests = result.requests.total;
    return {
      rps: requests / result.duration,
      cpuMicros: (cpuSeconds * 1e6) / requests,
      cpuShare: cpuSeconds / result.duration,
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

/** What the child sends back: one sample per run, in {@link ORDER}. */
export type ChildReport = readonly Sample[];

// Run as `node --import tsx test/bench/http-measure.ts <framework>`: measures that framework and
// reports to the parent process, or prints the samples when run by hand (for profiling).
const framework = process.argv[2] as Framework;
if (frameworks.includes(framework)) {
  const samples: Sample[] = [];
  for (const variant of ORDER) samples.push(await measure(framework, variant));
  if (process.send) process.send(samples satisfies ChildReport);
  else console.log(JSON.stringify(samples, null, 2));
}
