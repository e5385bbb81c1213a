/**
 * Builders suite: pages of 30 from 1,000,000 rows on a PostgreSQL server, a MariaDB server and
 * SQLite (a file), written by hand with Kysely 0.28 and with Drizzle 0.45 (page 1, the OFFSET page
 * at 90% depth, the keyset page there in the shape best for each dialect), beside kysely-paginate
 * and drizzle-cursor on the same tables, for the orders `created_at`, `name` and
 * `status,-created_at`; then which rows those two answer when walking a 2,000-row table whole.
 * Each figure is a median of rounds measured in the same run (rounds.ts); pagewise's own pages
 * are measured when builders-pagewise.ts names them. Prisma 7 and TypeORM 1, pagewise's
 * integrations over them and their competitors are builders-orms.ts' part.
 * @packageDocumentation
 */

import { type Competitor, drizzleCursor, kyselyPaginate } from "./builders-competitors.js";
import { type BenchDatabase, startDatabase } from "./builders-databases.js";
import { drizzlePagesOf } from "./builders-drizzle.js";
import { type HandPages, kyselyOf, kyselyPages } from "./builders-kysely.js";
import { BIG_FILL, loadStatements, REPO_FILL, SMALL_FILL } from "./builders-load.js";
import { ormSection } from "./builders-orms.js";
import { type Builder, PAGEWISE } from "./builders-pagewise.js";
import { pipelineSection } from "./builders-pipeline.js";
import {
  filteredSection,
  pastEndSection,
  printSummary,
  printWholeRequest,
  wholeRequestTasks,
} from "./builders-request-report.js";
import { bestShape } from "./builders-shapes.js";
import {
  DEPTH,
  DIALECT_NAMES,
  type DialectName,
  MEASURED,
  type Order,
  SMALL,
  WALKED,
} from "./builders-table.js";
import { ceilingLine, printTable, times } from "./report.js";
import { measure, type Task } from "./rounds.js";

/** A task slower than this on its first call is a scan: measured in few rounds, apart. */
const SLOW_MS = 20;
const FAST_ROUNDS = 200;
const SLOW_ROUNDS = 3;

/** The parts that need a database. */
const DATABASE_PARTS = ["pages", "filtered", "past-end", "walks", "orms", "orm-walks"];

/**
 * The parts of the suite to run (`BUILDERS_PARTS`, comma-separated; all by default): `pipeline`
 * (the whole request's CPU time, no database: builders-pipeline.ts), then on each database
 * `pages` (each order's pages, pagewise's whole request among them), `filtered`, `past-end`,
 * `walks`, `orms` (Prisma's and TypeORM's pages beside their competitors': builders-orms.ts) and
 * `orm-walks` (those competitors' walks).
 */
const PARTS = new Set(process.env.BUILDERS_PARTS?.split(",") ?? ["pipeline", ...DATABASE_PARTS]);

/** The label's ending of pagewise's pages through the whole pipeline (`handleResource`). */
const PIPELINE = " through the pipeline";

/** Each builder's pages on one database: the hand-written ones, and pagewise's when named. */
function pagesOf(db: BenchDatabase): [label: string, pages: HandPages][] {
  const { handle } = db;
  const dialect = handle.dialect;
  const hand: [string, HandPages][] = [
    ["Kysely by hand", kyselyPages(kyselyOf(handle), dialect)],
    ["Drizzle by hand", drizzlePagesOf(handle)],
  ];
  const pagewise = (["Kysely", "Drizzle"] as const satisfies Builder[]).flatMap(
    (builder): [string, HandPages][] => {
      const { handler, pipeline } = PAGEWISE[builder](handle);
      const label = `pagewise/${builder.toLowerCase()}`;
      return [
        [label, handler],
        [`${label}${PIPELINE}`, pipeline],
      ];
    },
  );
  return [...hand, ...pagewise];
}

/** The tasks of one order: every builder's three pages, each competitor's at the same depth. */
async function orderTasks(
  db: BenchDatabase,
  order: Order,
  pages: readonly [string, HandPages][],
  competitors: readonly Competitor[],
): Promise<Task[]> {
  const row = await db.exactRow("packages", order, DEPTH - 1);
  const shape = bestShape(db.handle.dialect, order);
  const tasks: Task[] = pages.flatMap(([label, page]): Task[] => {
    const cursorFirst = page.cursorFirst?.bind(page);
    return [
      [`${label}: page 1`, () => page.first(order)],
      [`${label}: OFFSET at 90%`, () => page.offset(order, DEPTH)],
      [`${label}: keyset at 90% (${shape})`, () => page.keyset(order, row)],
      ...(cursorFirst === undefined
        ? []
        : [[`${label}: cursor page 1`, () => cursorFirst(order)] satisfies Task]),
    ];
  });
  tasks.push(...(await wholeRequestTasks(db, order, row)));
  for (const competitor of competitors) {
    tasks.push([
      `${competitor.name}: cursor at 90%`,
      await competitor.cursorAfter(order, DEPTH - 1),
    ]);
    const offset = competitor.offsetAt?.(order, DEPTH);
    if (offset !== undefined) tasks.push([`${competitor.name}: offset at 90%`, offset]);
  }
  return tasks;
}

/** Medians of `tasks`: two probe calls each, then the fast ones and the slow ones apart. */
async function medians(tasks: readonly Task[]): Promise<Map<string, number>> {
  const fast: Task[] = [];
  const slow: Task[] = [];
  for (const task of tasks) {
    await task[1](); // a first call reads cold pages: the second says what a task costs
    const start = performance.now();
    await task[1]();
    (performance.now() - start < SLOW_MS ? fast : slow).push(task);
  }
  // A slow task's two probe calls warmed it: its rounds follow at once.
  return new Map([...(await measure(fast, FAST_ROUNDS)), ...(await measure(slow, SLOW_ROUNDS, 0))]);
}

/** The goal lines of one order: each page at depth against the best hand-written keyset. */
function printGoals(ms: Map<string, number>, pages: readonly [string, HandPages][]): void {
  const at = (prefix: string) =>
    [...ms].find(([name]) => name.startsWith(prefix))?.[1] ?? Number.NaN;
  const best = Math.min(at("Kysely by hand: keyset"), at("Drizzle by hand: keyset"));
  for (const [label] of pages) {
    const keyset = at(`${label}: keyset`);
    console.log(
      `  ${label}: keyset at 90% vs its page 1: ${times(keyset / at(`${label}: page 1`))}; OFFSET at 90% vs the keyset: ${times(at(`${label}: OFFSET`) / keyset)}`,
    );
  }
  for (const [name, value] of ms) {
    if (name.includes("cursor at 90%") || name.includes("offset at 90%"))
      console.log(`  ${name} vs the best hand-written keyset: ${times(value / best)}`);
  }
  const pagewise = pages.filter(([label]) => label.startsWith("pagewise/"));
  for (const [label] of pagewise.filter(([label]) => label.endsWith(PIPELINE))) {
    const handler = label.slice(0, -PIPELINE.length);
    const cost = (page: string) =>
      `+${(at(`${label}: ${page}`) - at(`${handler}: ${page}`)).toFixed(3)} ms`;
    console.log(
      `  ${label}: the pipeline's own cost over the handler's: page 1 ${cost("page 1")}, keyset at 90% ${cost("keyset")}`,
    );
  }
  for (const [label] of pagewise.filter(([label]) => !label.endsWith(PIPELINE))) {
    const builder = label.includes("kysely") ? "Kysely" : "Drizzle";
    console.log(
      ceilingLine(
        `${label} page 1 vs ${builder} by hand`,
        at(`${label}: page 1`) / at(`${builder} by hand: page 1`),
        1.05,
      ),
    );
    // The issue's goal: the cursor page at depth against page 1, the cursor list's own first
    // page (the same statement but its keyset predicate); page mode's page 1 beside it.
    console.log(
      ceilingLine(
        `${label} keyset at 90% vs its cursor page 1`,
        at(`${label}: keyset`) / at(`${label}: cursor page 1`),
        1.5,
      ),
    );
    console.log(
      `  ${label} keyset at 90% vs its page mode's page 1: ${times(at(`${label}: keyset`) / at(`${label}: page 1`))}`,
    );
    // The issue's goal: within 1.2x of the best keyset by hand "with the same builder".
    console.log(
      ceilingLine(
        `${label} keyset at 90% vs ${builder} by hand's`,
        at(`${label}: keyset`) / at(`${builder} by hand: keyset`),
        1.2,
      ),
    );
    for (const [name, value] of ms)
      if (name.includes("cursor at 90%"))
        console.log(
          ceilingLine(`${label} keyset at 90% vs ${name}`, at(`${label}: keyset`) / value, 1),
        );
  }
}

/** Which rows each competitor answers walking the small table whole, by order. */
async function printWalks(competitors: readonly Competitor[]): Promise<void> {
  console.log(
    `\nWalking ${SMALL.toLocaleString("en-US")} rows whole (pages of 30, from each page's last row):`,
  );
  const rows: string[][] = [["paginator", "order", "answered", "missing", "repeated", "error"]];
  for (const competitor of competitors) {
    for (const order of WALKED) {
      const walk = await competitor.walk(order);
      rows.push([
        competitor.name,
        order,
        String(walk.returned),
        String(SMALL - walk.distinct),
        String(walk.returned - walk.distinct),
        walk.error?.slice(0, 60) ?? "",
      ]);
    }
  }
  printTable(rows);
}

/** Loads, measures and walks one dialect, then removes its database. */
async function dialectSuite(dialect: DialectName): Promise<void> {
  const db = await startDatabase[dialect]();
  try {
    const started = performance.now();
    // The filtered table only for the part that reads it.
    const fills = PARTS.has("filtered")
      ? [BIG_FILL, SMALL_FILL, REPO_FILL]
      : [BIG_FILL, SMALL_FILL];
    await db.exec(fills.flatMap((fill) => loadStatements[dialect](fill)));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\n${db.label}: loaded ${fills.reduce((rows, fill) => rows + fill.size, 0).toLocaleString("en-US")} rows in ${seconds} s`,
    );
    const competitors = [drizzleCursor(db.handle), await kyselyPaginate(db.handle)];
    const pages = pagesOf(db);
    for (const order of PARTS.has("pages") ? MEASURED : []) {
      const ms = await medians(await orderTasks(db, order, pages, competitors));
      console.log(
        `\n${db.label}, order ${order}, page of 30 at 90% depth (row ${DEPTH.toLocaleString("en-US")}):`,
      );
      printTable([
        ["task", "median ms"],
        ...[...ms].map(([name, value]) => [name, value.toFixed(3)]),
      ]);
      printGoals(ms, pages);
      printWholeRequest(db.label, order, ms);
    }
    if (PARTS.has("filtered")) await filteredSection(db, medians);
    if (PARTS.has("past-end")) await pastEndSection(db, medians);
    if (PARTS.has("walks")) await printWalks(competitors);
    if (PARTS.has("orms") || PARTS.has("orm-walks"))
      await ormSection(db, medians, { pages: PARTS.has("orms"), walks: PARTS.has("orm-walks") });
  } finally {
    await db.close();
  }
}

/** The part without a database, then every dialect in turn. */
export async function run(): Promise<void> {
  if (PARTS.has("pipeline")) await pipelineSection();
  if (!DATABASE_PARTS.some((part) => PARTS.has(part))) return;
  const only = process.env.BUILDERS_DIALECTS?.split(",");
  for (const dialect of DIALECT_NAMES.filter((name) => only?.includes(name) ?? true))
    await dialectSuite(dialect);
  printSummary();
}
