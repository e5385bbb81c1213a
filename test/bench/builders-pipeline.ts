/**
 * The builders suite's `pipeline` part: where pagewise's own microseconds go, the database taken
 * out. Each handler answers 31 fixed rows (a page of 30 and one more) with a `Date` each, as pg
 * and mysql2 read them: pagewise's cursor list served by `fetchHandler`, the hand-written
 * endpoint (`builders-endpoint.ts`) doing the same work, and the floor (`new Request`, then
 * `new Response(body).text()` of the same body); page 1 and the page after a row at depth (an
 * `after` token). Each figure is the CPU time a request (`process.cpuUsage`, user + system) over
 * a batch of requests, the tasks' batches interleaved in an order drawn afresh each round, the
 * median of the rounds; printed as a Markdown table.
 * @packageDocumentation
 */
import { EXACT_KEY, handEndpoint, signToken } from "./builders-endpoint.js";
import { tokenAfter } from "./builders-pagewise.js";
import { answer, checkSame, pagewiseServe, type Serve } from "./builders-request.js";
import { type ExactRow, FETCHED, ORDERS, type Order, PAGE } from "./builders-table.js";
import { median } from "./report.js";
import { shuffled, type Task } from "./rounds.js";

const ORDER: Order = "created_at";
const PATH = "/packages/";
const FIRST = `http://localhost${PATH}?page_size=${PAGE}`;
/** Requests a batch: one CPU figure. */
const BATCH = 400;
const ROUNDS = 31;
/** Each task's warm-up calls, before any is measured. */
const WARM_UP = 3_000;

const start = Date.UTC(2026, 0, 1);
/** The fixed rows as pg reads them: a `bigint` id as text, `created_at` a `Date`. */
const ROWS = Array.from({ length: FETCHED }, (_, i) => ({
  id: String(900_001 + i),
  name: `package-${900_001 + i}`,
  status: i % 3 === 0 ? "archived" : "active",
  created_at: new Date(start + i * 60_000 + 123),
  note: i % 5 === 0 ? null : `note ${i}`,
}));
/** The same rows as the hand-written endpoint reads them: `created_at`'s exact text beside. */
const HAND_ROWS = ROWS.map((row) => ({
  ...row,
  [EXACT_KEY]: `${row.created_at.toISOString().replace("T", " ").slice(0, -1)}456+00`,
}));
/** The row the page at depth follows, as its sort values' exact text. */
const DEPTH_ROW = { id: "900000", created_at: "2025-12-31 23:59:00.123456+00" } as ExactRow;

/**
 * The six tasks (`floor`, `by hand`, `pagewise`, each `: page 1` and `: at depth`), each pair
 * checked answering alike first.
 */
export async function pipelineTasks(): Promise<Task[]> {
  const ours = `${FIRST}&after=${await tokenAfter(ORDER, DEPTH_ROW)}`;
  const theirs = `${FIRST}&after=${signToken(ORDERS[ORDER].map(([column]) => DEPTH_ROW[column]))}`;
  const serve = pagewiseServe(() => (() => ({ items: ROWS })) as never, ORDER);
  const hand = handEndpoint(async () => HAND_ROWS, ORDER, PATH);
  const body = JSON.stringify(ROWS);
  const floor: Serve = () => new Response(body);
  checkSame("pipeline page 1", await answer(serve, FIRST), await answer(hand, FIRST));
  checkSame("pipeline at depth", await answer(serve, ours), await answer(hand, theirs));
  return [
    ["floor: page 1", () => answer(floor, FIRST)],
    ["floor: at depth", () => answer(floor, theirs)],
    ["by hand: page 1", () => answer(hand, FIRST)],
    ["by hand: at depth", () => answer(hand, theirs)],
    ["pagewise: page 1", () => answer(serve, FIRST)],
    ["pagewise: at depth", () => answer(serve, ours)],
  ];
}

/** CPU µs a call of `run`, over a batch. */
async function cpuMicros(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < BATCH; i++) await run();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / BATCH;
}

/** Each task's CPU µs a request: the median of its rounds' batches. */
async function cpuMedians(all: readonly Task[]): Promise<Map<string, number>> {
  for (const [, run] of all) for (let i = 0; i < WARM_UP; i++) await run();
  const samples = new Map<string, number[]>(all.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, run] of shuffled(all)) samples.get(name)?.push(await cpuMicros(run));
  return new Map([...samples].map(([name, micros]) => [name, median(micros)]));
}

/** Measures the part and prints its table, as Markdown. */
export async function pipelineSection(): Promise<void> {
  const micros = await cpuMedians(await pipelineTasks());
  const cell = (name: string) => (micros.get(name) ?? Number.NaN).toFixed(1);
  const row = (label: string, side: string) =>
    `| ${label} | ${cell(`${side}: page 1`)} | ${cell(`${side}: at depth`)} |`;
  console.log(
    `\nWhere pagewise's own microseconds go: CPU µs a request, the database taken out (${FETCHED} fixed rows, order ${ORDER}; medians of ${ROUNDS} rounds of ${BATCH} requests):`,
  );
  console.log("| CPU µs a request, the database taken out | page 1 | at depth |");
  console.log("| --- | --- | --- |");
  console.log(row("`new Request`, then `new Response(body).text()`: the floor", "floor"));
  console.log(row("the hand-written endpoint", "by hand"));
  console.log(row("pagewise (`cursorList` through `fetchHandler`)", "pagewise"));
}
