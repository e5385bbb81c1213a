/**
 * Core suite: `paginate` + `paginationHeaders` against a hand-written baseline (template strings,
 * no URL safety) and against http-link-header's formatter, per scenario, all in one tinybench run
 * so the ratios are comparable on a shared, noisy machine. Absolute figures are informative only.
 * @packageDocumentation
 */
import LinkHeader from "http-link-header";
import { paginate, paginationHeaders } from "pagewise/page";
import { Bench, type FnReturnedObject } from "tinybench";
import { type Figures, figures, goalLine, ops, printTable, times } from "./report.js";

type Headers = Record<string, string>;

interface Scenario {
  readonly key: string;
  readonly title: string;
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  /** The request URL pagewise reads. */
  readonly url: string;
  /** What the hand-written baseline precomputes: the path and the kept filters (`a=1&`). */
  readonly path: string;
  readonly filters: string;
}

const scenarios: readonly Scenario[] = [
  {
    key: "A",
    title: "spec example (count 3, page 2 of 3, page_size 1)",
    count: 3,
    page: 2,
    pageSize: 1,
    url: "/package/demo/tools/packages/?page=2&page_size=1",
    path: "/package/demo/tools/packages/",
    filters: "",
  },
  {
    key: "B",
    title: "filtered page (count 350, page 2 of 4, status filter kept)",
    count: 350,
    page: 2,
    pageSize: 100,
    url: "/package/demo/tools/?status=awaiting_sync&page=2&page_size=100",
    path: "/package/demo/tools/",
    filters: "status=awaiting_sync&",
  },
];

const kinds = ["pagewise", "hand-written", "http-link-header", "http-link-header + URL"] as const;
type Kind = (typeof kinds)[number];

/** Inner calls per tinybench sample, so the timer's own cost (tens of ns) stays out of the figures. */
const BATCH = 100;
const GOAL_VS_HAND = 1 / 3;
const GOAL_VS_HLH = 3;

/** Every result lands here; read at the end so no call can be optimised away. */
let sink: Headers = {};
let sinkChars = 0;

// --- the three implementations -------------------------------------------------------------

function viaPagewise(s: Scenario): Headers {
  return paginationHeaders(paginate({ count: s.count, page: s.page, pageSize: s.pageSize }), {
    url: s.url,
  });
}

function handWritten(s: Scenario): Headers {
  const { page } = s;
  const pageTotal = Math.ceil(s.count / s.pageSize);
  const url = `${s.path}?${s.filters}page=`;
  const links: string[] = [];
  if (pageTotal > 1) links.push(`<${url}1>; rel="first"`);
  if (page > 1) links.push(`<${url}${page - 1}>; rel="prev"`);
  if (page < pageTotal) links.push(`<${url}${page + 1}>; rel="next"`);
  if (pageTotal > 1) links.push(`<${url}${pageTotal}>; rel="last"`);
  const headers: Headers = links.length > 0 ? { Link: links.join(", ") } : {};
  return counted(headers, s, pageTotal);
}

function viaHttpLinkHeader(s: Scenario): Headers {
  const { page } = s;
  const pageTotal = Math.ceil(s.count / s.pageSize);
  const url = `${s.path}?${s.filters}page=`;
  const link = new LinkHeader();
  if (pageTotal > 1) link.set({ rel: "first", uri: `${url}1` });
  if (page > 1) link.set({ rel: "prev", uri: `${url}${page - 1}` });
  if (page < pageTotal) link.set({ rel: "next", uri: `${url}${page + 1}` });
  if (pageTotal > 1) link.set({ rel: "last", uri: `${url}${pageTotal}` });
  const headers: Headers = link.refs.length > 0 ? { Link: link.toString() } : {};
  return counted(headers, s, pageTotal);
}

/**
 * The same work as pagewise with http-link-header as the formatter: the link URLs are derived from
 * the request URL (WHATWG `URL`, `page` replaced, `page_size` dropped, filters kept), as a
 * developer must when the formatter builds no URLs.
 */
function viaHttpLinkHeaderAndUrl(s: Scenario): Headers {
  const { page } = s;
  const pageTotal = Math.ceil(s.count / s.pageSize);
  const request = new URL(s.url, "http://localhost");
  request.searchParams.delete("page");
  request.searchParams.delete("page_size");
  const target = (n: number): string => {
    const url = new URL(request);
    url.searchParams.append("page", String(n));
    return url.pathname + url.search;
  };
  const link = new LinkHeader();
  if (pageTotal > 1) link.set({ rel: "first", uri: target(1) });
  if (page > 1) link.set({ rel: "prev", uri: target(page - 1) });
  if (page < pageTotal) link.set({ rel: "next", uri: target(page + 1) });
  if (pageTotal > 1) link.set({ rel: "last", uri: target(pageTotal) });
  const headers: Headers = link.refs.length > 0 ? { Link: link.toString() } : {};
  return counted(headers, s, pageTotal);
}

/** The X-Pagination-* headers, shared by the baselines. */
function counted(headers: Headers, s: Scenario, pageTotal: number): Headers {
  headers["X-Pagination-Count"] = String(s.count);
  headers["X-Pagination-Page"] = String(s.page);
  headers["X-Pagination-PageTotal"] = String(pageTotal);
  headers["X-Pagination-PageSize"] = String(s.pageSize);
  return headers;
}

// --- batched loops: one per implementation, so each inner call site stays monomorphic -------

const loops: Readonly<Record<Kind, (s: Scenario) => void>> = {
  pagewise: (s) => {
    for (let i = 0; i < BATCH; i++) sink = viaPagewise(s);
  },
  "hand-written": (s) => {
    for (let i = 0; i < BATCH; i++) sink = handWritten(s);
  },
  "http-link-header": (s) => {
    for (let i = 0; i < BATCH; i++) sink = viaHttpLinkHeader(s);
  },
  "http-link-header + URL": (s) => {
    for (let i = 0; i < BATCH; i++) sink = viaHttpLinkHeaderAndUrl(s);
  },
};

/** A tinybench task function whose sample is the mean time of one call in a batch. */
function batched(loop: (s: Scenario) => void, s: Scenario): () => FnReturnedObject {
  return () => {
    const start = performance.now();
    loop(s);
    const elapsed = performance.now() - start;
    sinkChars += sink.Link?.length ?? 0;
    return { overriddenDuration: elapsed / BATCH, overriddenIterationCost: elapsed };
  };
}

// --- honesty checks ------------------------------------------------------------------------

/** Throws unless both baselines produce what pagewise produces for the scenario. */
function checkOutputs(s: Scenario): void {
  const expected = viaPagewise(s);
  const links = expected.Link?.split(", ").length ?? 0;
  if (links !== 4) throw new Error(`Scenario ${s.key}: pagewise wrote ${links} links, not 4`);
  const hand = handWritten(s);
  if (JSON.stringify(hand) !== JSON.stringify(expected)) {
    throw new Error(`Scenario ${s.key}: hand-written output differs:\n${show(hand, expected)}`);
  }
  for (const via of [viaHttpLinkHeader, viaHttpLinkHeaderAndUrl]) {
    const hlh = via(s);
    if (parsedLinks(hlh) !== parsedLinks(expected)) {
      throw new Error(`Scenario ${s.key}: ${via.name} output differs:\n${show(hlh, expected)}`);
    }
  }
}

/** Headers with the Link value parsed, so `rel=first` and `rel="first"` compare equal. */
function parsedLinks(headers: Headers): string {
  return JSON.stringify({ ...headers, Link: LinkHeader.parse(headers.Link ?? "").refs });
}

function show(actual: Headers, expected: Headers): string {
  return `  got      ${JSON.stringify(actual)}\n  expected ${JSON.stringify(expected)}`;
}

// --- reporting -----------------------------------------------------------------------------

const taskName = (s: Scenario, kind: Kind): string => `${s.key} ${kind}`;

function scenarioFigures(bench: Bench, s: Scenario): Record<Kind, Figures> {
  const get = (kind: Kind) => figures(bench.getTask(taskName(s, kind)));
  return {
    pagewise: get("pagewise"),
    "hand-written": get("hand-written"),
    "http-link-header": get("http-link-header"),
    "http-link-header + URL": get("http-link-header + URL"),
  };
}

function printScenario(s: Scenario, f: Record<Kind, Figures>): void {
  const base = f["hand-written"].hz;
  const rows = kinds.map((kind) => [
    kind,
    ops(f[kind].hz),
    `±${f[kind].rme.toFixed(2)}%`,
    ops(f[kind].median),
    times(f[kind].hz / base),
  ]);
  console.log(`\nScenario ${s.key}: ${s.title}`);
  printTable([["task", "ops/s", "±rme", "median ops/s", "vs hand-written"], ...rows]);
  const vsHlh = f.pagewise.hz / f["http-link-header"].hz;
  const vsHlhUrl = f.pagewise.hz / f["http-link-header + URL"].hz;
  console.log(`  pagewise / http-link-header: ${times(vsHlh)} (formatter only, precomputed URLs)`);
  console.log(`  pagewise / http-link-header + URL: ${times(vsHlhUrl)} (same work as pagewise)`);
}

/** One goal line; "(within noise)" when the two tasks' margins of error could flip the verdict. */
function goalFor(label: string, a: Figures, b: Figures, goal: number): string {
  const ratio = a.hz / b.hz;
  const error = (a.rme + b.rme) / 100;
  return goalLine(label, ratio, goal, [ratio * (1 - error), ratio * (1 + error)]);
}

function printGoals(results: readonly [Scenario, Record<Kind, Figures>][]): void {
  console.log("\nGoals (issue):");
  for (const [s, f] of results) {
    const pw = f.pagewise;
    console.log(
      goalFor(`${s.key} pagewise ≥ 1/3 of hand-written`, pw, f["hand-written"], GOAL_VS_HAND),
    );
    console.log(
      goalFor(`${s.key} pagewise ≥ 3x http-link-header`, pw, f["http-link-header"], GOAL_VS_HLH),
    );
  }
}

// --- the suite -----------------------------------------------------------------------------

function buildBench(): Bench {
  const bench = new Bench({ name: "core", time: 500, warmupTime: 200, throws: true });
  for (const s of scenarios) {
    for (const kind of kinds) bench.add(taskName(s, kind), batched(loops[kind], s));
  }
  return bench;
}

/**
 * Runs the core suite: checks that all implementations agree, benchmarks the two scenarios in one
 * tinybench run (500 ms per task after a 200 ms warmup, {@link BATCH} calls per sample) and prints
 * a table per scenario plus the goals marked MET or MISSED. Never fails on a missed goal.
 */
export async function run(): Promise<void> {
  for (const s of scenarios) checkOutputs(s);
  console.log(`tinybench: ${BATCH} calls per sample, 500 ms per task, ops/s = mean throughput`);
  const bench = buildBench();
  await bench.run();
  const results = scenarios.map(
    (s) => [s, scenarioFigures(bench, s)] as [Scenario, Record<Kind, Figures>],
  );
  for (const [s, f] of results) printScenario(s, f);
  printGoals(results);
  if (sinkChars === 0 || sink.Link === undefined) throw new Error("benchmark sink stayed empty");
}
