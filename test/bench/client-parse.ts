/**
 * Parser benchmark of the client suite: a 4-link `Link` header exactly as pagewise writes it
 * (count 350, page 2 of 4, page_size 100, a status filter kept), parsed by pagewise's
 * `parseLinkHeader`, parse-link-header, http-link-header and li, all in one tinybench run so the
 * ratios are comparable on a shared, noisy machine. Each parser must find the same rel → URL pairs.
 * Batching and reporting follow core.ts.
 * @packageDocumentation
 */
import LinkHeader from "http-link-header";
import li from "li";
import { parseLinkHeader } from "pagewise/client";
import { paginate, paginationHeaders } from "pagewise/page";
import parseLinkHeaderPkg from "parse-link-header";
import { Bench, type FnReturnedObject } from "tinybench";
import { type Figures, figures, goalLine, ops, printTable, times } from "./report.js";

const parsers = ["pagewise", "parse-link-header", "http-link-header", "li"] as const;
type Parser = (typeof parsers)[number];

/** Inner calls per tinybench sample, so the timer's own cost (tens of ns) stays out of the figures. */
const BATCH = 100;
const TIME_MS = 500;
const WARMUP_MS = 200;
const GOALS: readonly (readonly [Parser, number])[] = [
  ["parse-link-header", 10],
  ["http-link-header", 2],
];

/** The header under test: what pagewise writes for page 2 of 4 of a filtered list. */
export function fourLinkHeader(): string {
  const headers = paginationHeaders(paginate({ count: 350, page: 2, pageSize: 100 }), {
    url: "/package/demo/tools/?status=awaiting_sync&page=2&page_size=100",
  });
  const link = headers.Link;
  if (link === undefined) throw new Error("paginationHeaders wrote no Link header");
  return link;
}

/** Every result lands here; read at the end so no call can be optimised away. */
let sink: unknown;
let sinkHits = 0;

// --- batched loops: one per parser, so each inner call site stays monomorphic ----------------

const loops: Readonly<Record<Parser, (header: string) => void>> = {
  pagewise: (header) => {
    for (let i = 0; i < BATCH; i++) sink = parseLinkHeader(header);
  },
  "parse-link-header": (header) => {
    for (let i = 0; i < BATCH; i++) sink = parseLinkHeaderPkg(header);
  },
  "http-link-header": (header) => {
    for (let i = 0; i < BATCH; i++) sink = LinkHeader.parse(header);
  },
  li: (header) => {
    for (let i = 0; i < BATCH; i++) sink = li.parse(header);
  },
};

/** A tinybench task function whose sample is the mean time of one call in a batch. */
function batched(loop: (header: string) => void, header: string): () => FnReturnedObject {
  return () => {
    const start = performance.now();
    loop(header);
    const elapsed = performance.now() - start;
    if (sink !== null && sink !== undefined) sinkHits++;
    return { overriddenDuration: elapsed / BATCH, overriddenIterationCost: elapsed };
  };
}

// --- honesty checks ------------------------------------------------------------------------

/** Each parser's answer as `rel → url`, in header order where the parser keeps one. */
const relUrls: Readonly<Record<Parser, (header: string) => Record<string, string>>> = {
  pagewise: (header) => Object.fromEntries(parseLinkHeader(header).map((l) => [l.rel, l.url])),
  "parse-link-header": (header) => {
    const links = parseLinkHeaderPkg(header) ?? {};
    return Object.fromEntries(
      Object.entries(links).map(([rel, link]) => [rel, link?.url ?? "(none)"]),
    );
  },
  "http-link-header": (header) =>
    Object.fromEntries(LinkHeader.parse(header).refs.map((ref) => [ref.rel, ref.uri])),
  li: (header) => li.parse(header),
};

/** Throws unless the header has 4 links and every parser finds the same rel → URL pairs. */
function checkParsers(header: string): void {
  const expected = relUrls.pagewise(header);
  if (Object.keys(expected).length !== 4) {
    throw new Error(`Expected 4 links, pagewise found ${JSON.stringify(expected)}`);
  }
  for (const parser of parsers) {
    const actual = relUrls[parser](header);
    const keys = Object.keys(expected);
    const same =
      Object.keys(actual).length === keys.length && keys.every((k) => actual[k] === expected[k]);
    if (!same) {
      throw new Error(
        `${parser} parsed the header differently:\n  got      ${JSON.stringify(actual)}\n` +
          `  expected ${JSON.stringify(expected)}`,
      );
    }
  }
}

// --- reporting -----------------------------------------------------------------------------

function printResults(f: Record<Parser, Figures>): void {
  const pw = f.pagewise.hz;
  const rows = parsers.map((parser) => [
    parser,
    ops(f[parser].hz),
    `±${f[parser].rme.toFixed(2)}%`,
    ops(f[parser].median),
    `${((1e9 / f[parser].hz) | 0).toLocaleString("en-US")} ns`,
    String(f[parser].samples),
    times(pw / f[parser].hz),
  ]);
  printTable([
    ["parser", "ops/s", "±rme", "median ops/s", "per call", "samples", "pagewise is"],
    ...rows,
  ]);
}

function printGoals(f: Record<Parser, Figures>): void {
  console.log("\nGoals (issue):");
  const pw = f.pagewise;
  for (const [parser, goal] of GOALS) {
    const other = f[parser];
    const ratio = pw.hz / other.hz;
    const spread = (pw.rme + other.rme) / 100;
    console.log(
      goalLine(`pagewise ≥ ${goal}x ${parser}`, ratio, goal, [
        ratio * (1 - spread),
        ratio * (1 + spread),
      ]),
    );
  }
}

/**
 * Runs the parser benchmark: checks that all parsers agree on the header, benchmarks them in one
 * tinybench run and prints the table and the goals marked MET or MISSED. Never fails on a miss.
 */
export async function runParseBench(): Promise<void> {
  const header = fourLinkHeader();
  checkParsers(header);
  console.log(
    `Parse: a 4-link header (${header.length} chars), tinybench, ${BATCH} calls per sample, ` +
      `${TIME_MS} ms per task after ${WARMUP_MS} ms warm-up, ops/s = mean throughput`,
  );
  console.log(`  ${header}`);
  const bench = new Bench({
    name: "client parse",
    time: TIME_MS,
    warmupTime: WARMUP_MS,
    throws: true,
  });
  for (const parser of parsers) bench.add(parser, batched(loops[parser], header));
  await bench.run();
  const get = (parser: Parser) => figures(bench.getTask(parser));
  const f: Record<Parser, Figures> = {
    pagewise: get("pagewise"),
    "parse-link-header": get("parse-link-header"),
    "http-link-header": get("http-link-header"),
    li: get("li"),
  };
  printResults(f);
  printGoals(f);
  if (sinkHits === 0 || sink === undefined) throw new Error("benchmark sink stayed empty");
}
