/**
 * Walk benchmark of the client suite: the time to fetch every item of a 100-page list (3,000
 * items, 30 a page) from a local server that holds each answer back 20 ms, by pagewise's walker
 * following `rel="next"`, by the walker in concurrent mode (4, 8 and 16 pages in flight), by got's
 * `paginate.all` (its default Link following) and by a hand-written fetch loop. Every contender
 * must return the same items in the same order, in exactly one request per page. Beside them, the
 * walker on the same items served without a count, where it checks each page edge (one more
 * request of one row per page, in flight with the page) and with `checkEdges: 'never'`.
 *
 * The server writes links with the default `linkParams` (`?page=N`, no `page_size`): got and the
 * fetch loop get the requested 30 items a page only because 30 is also the server's default; the
 * walker keeps `page_size` on every page itself (its `pageSize` option).
 *
 * The walk is latency-bound, so wall time is measured directly (no tinybench): after a warm-up walk
 * of a 5-page list each, {@link REPS} rounds run every contender once, the starting contender
 * rotating per round so a drift of the machine's speed is shared out; the figure is the median.
 * @packageDocumentation
 */
import got from "got";
import { type WalkOptions, walkItems } from "pagewise/client";
import {
  ITEM_COUNT,
  type Item,
  type LatencyServer,
  startLatencyServer,
  WARMUP_COUNT,
} from "./client-server.js";
import { goalLine, median, printTable, times } from "./report.js";

const LATENCY_MS = 20;
const PAGE_SIZE = 30;
const PAGES = ITEM_COUNT / PAGE_SIZE;
const REPS = 3;
/** The goal: concurrent mode at least this many times faster than following `next`. */
const GOAL_CONCURRENT = 5;
/** The concurrency the goal is judged at. */
const GOAL_CONCURRENCY = 8;

interface Contender {
  readonly name: string;
  /** Pages in flight at once; the latency floor is `(1 + ceil((PAGES - 1) / inFlight)) × latency`. */
  readonly inFlight: number;
  /** The list walked: `/items/` (counted) unless this says `/countless/`. */
  readonly list?: "/items/" | "/countless/";
  readonly walk: (start: string) => Promise<Item[]>;
}

/** `rel="next"` as a quick hand-written client finds it. */
const NEXT_LINK = /<([^>]+)>;\s*rel="next"/;

async function viaWalker(
  start: string,
  concurrency: number,
  options: WalkOptions = {},
): Promise<Item[]> {
  const items: Item[] = [];
  for await (const item of walkItems<Item>(start, {
    pageSize: PAGE_SIZE,
    concurrency,
    ...options,
  })) {
    items.push(item);
  }
  return items;
}

function viaGot(start: string): Promise<Item[]> {
  return got.paginate.all<Item>(start, { responseType: "json" });
}

async function viaFetchLoop(start: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let url: string | undefined = start; url !== undefined; ) {
    const response: Response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    for (const item of (await response.json()) as Item[]) items.push(item);
    const next = NEXT_LINK.exec(response.headers.get("link") ?? "")?.[1];
    url = next === undefined ? undefined : new URL(next, url).href;
  }
  return items;
}

const HAND = "hand-written fetch loop";
const NEXT_MODE = "walkItems next-link";
const concurrentName = (n: number): string => `walkItems concurrency ${n}`;
const EDGE_CHECKED = "walkItems countless, edge checks";

const contenders: readonly Contender[] = [
  { name: NEXT_MODE, inFlight: 1, walk: (start) => viaWalker(start, 1) },
  ...[4, GOAL_CONCURRENCY, 16].map((n) => ({
    name: concurrentName(n),
    inFlight: n,
    walk: (start: string) => viaWalker(start, n),
  })),
  {
    name: EDGE_CHECKED,
    inFlight: 1,
    list: "/countless/",
    walk: (start) => viaWalker(start, 1),
  },
  {
    name: "walkItems countless, checkEdges never",
    inFlight: 1,
    list: "/countless/",
    walk: (start) => viaWalker(start, 1, { checkEdges: "never" }),
  },
  { name: "got paginate.all", inFlight: 1, walk: viaGot },
  { name: HAND, inFlight: 1, walk: viaFetchLoop },
];

// --- honesty checks ------------------------------------------------------------------------

/** Throws unless `items` are exactly the server's first `count` items, in order. */
function checkItems(name: string, items: readonly Item[], count: number): void {
  if (items.length !== count) {
    throw new Error(`${name} returned ${items.length} items, not ${count}`);
  }
  const wrong = items.findIndex((item, i) => item?.id !== i + 1 || item.name !== `item-${i + 1}`);
  if (wrong >= 0) {
    throw new Error(`${name} returned item ${wrong} as ${JSON.stringify(items[wrong])}`);
  }
}

// --- measuring -----------------------------------------------------------------------------

interface Timing {
  readonly ms: number[];
  requests: number;
}

/** The few pages walked to warm up before each list. */
const WARMUP_OF = { "/items/": "/warmup/", "/countless/": "/warmup-countless/" } as const;

/**
 * Walks once and checks the walk: the items, and one request a page (one more for each page
 * after the first on an edge-checked walk: the row before it).
 */
async function timeOnce(
  server: LatencyServer,
  contender: Contender,
  warmup: boolean,
): Promise<{ ms: number; requests: number }> {
  const list = contender.list ?? "/items/";
  const path = warmup ? WARMUP_OF[list] : list;
  const start = `${server.origin}${path}?page_size=${PAGE_SIZE}`;
  const count = warmup ? WARMUP_COUNT : ITEM_COUNT;
  const before = server.requests();
  const t0 = performance.now();
  const items = await contender.walk(start);
  const ms = performance.now() - t0;
  checkItems(contender.name, items, count);
  const requests = server.requests() - before;
  const pages = Math.ceil(count / PAGE_SIZE);
  const expected = contender.name === EDGE_CHECKED ? 2 * pages - 1 : pages;
  if (requests !== expected) {
    throw new Error(`${contender.name} sent ${requests} requests for ${pages} pages`);
  }
  return { ms, requests };
}

async function measure(server: LatencyServer): Promise<Map<string, Timing>> {
  for (const contender of contenders) await timeOnce(server, contender, true);
  const timings = new Map<string, Timing>(contenders.map((c) => [c.name, { ms: [], requests: 0 }]));
  for (let rep = 0; rep < REPS; rep++) {
    for (let i = 0; i < contenders.length; i++) {
      const contender = contenders[(i + rep) % contenders.length] as Contender;
      const { ms, requests } = await timeOnce(server, contender, false);
      const timing = timings.get(contender.name) as Timing;
      timing.ms.push(ms);
      timing.requests = requests;
    }
  }
  return timings;
}

// --- reporting -----------------------------------------------------------------------------

const floorMs = (inFlight: number): number => (1 + Math.ceil((PAGES - 1) / inFlight)) * LATENCY_MS;

function timingOf(timings: Map<string, Timing>, name: string): Timing {
  const timing = timings.get(name);
  if (timing === undefined || timing.ms.length === 0) throw new Error(`No timing for ${name}`);
  return timing;
}

function printResults(timings: Map<string, Timing>): void {
  const hand = median(timingOf(timings, HAND).ms);
  const rows = contenders.map((c) => {
    const { ms, requests } = timingOf(timings, c.name);
    const mid = median(ms);
    return [
      c.name,
      mid.toFixed(0),
      `${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}`,
      (PAGES / (mid / 1000)).toFixed(1),
      String(requests),
      floorMs(c.inFlight).toFixed(0),
      times(hand / mid),
    ];
  });
  printTable([
    ["contender", "median ms", "range ms", "pages/s", "requests", "floor ms", "vs hand loop"],
    ...rows,
  ]);
  console.log(
    `  (vs hand loop = hand loop's median / contender's median, > 1 is faster; floor = pages in ` +
      `sequence × ${LATENCY_MS} ms)`,
  );
}

function printGoal(timings: Map<string, Timing>): void {
  const sequential = timingOf(timings, NEXT_MODE).ms;
  const concurrent = timingOf(timings, concurrentName(GOAL_CONCURRENCY)).ms;
  const ratio = median(sequential) / median(concurrent);
  const range: [number, number] = [
    Math.min(...sequential) / Math.max(...concurrent),
    Math.max(...sequential) / Math.min(...concurrent),
  ];
  console.log("\nGoal (issue):");
  console.log(
    goalLine(
      `concurrent (${GOAL_CONCURRENCY}) ≥ 5x sequential (same items)`,
      ratio,
      GOAL_CONCURRENT,
      range,
    ),
  );
}

/**
 * Runs the walk benchmark: starts the latency server, checks and times every contender, prints
 * the table and the goal marked MET or MISSED, and closes the server. Never fails on a missed goal.
 */
export async function runWalkBench(): Promise<void> {
  console.log(
    `Walk: ${ITEM_COUNT.toLocaleString("en-US")} items, ${PAGES} pages of ${PAGE_SIZE}, ` +
      `${LATENCY_MS} ms latency per answer (node:http on 127.0.0.1); ` +
      `median of ${REPS} rounds, contender order rotating; every contender checked for the same ` +
      `items in order and one request per page`,
  );
  const server = await startLatencyServer(LATENCY_MS);
  try {
    const timings = await measure(server);
    printResults(timings);
    printGoal(timings);
  } finally {
    await server.close();
  }
}
