/**
 * The ORMs' part of the builders suite (`BUILDERS_PARTS=orms`): on each database, for each
 * measured order, an ORM's page 1 and keyset page at 90% depth written by hand, pagewise's
 * integration over the same ORM (page 1, its cursor list's page 1, its cursor page at 90%), and
 * the ORM's competitors' cursor pages at 90%, each ORM's tasks measured together; then the goal
 * lines, and the competitors' walks of the small table.
 * @packageDocumentation
 */

import { prismaCursorPages } from "pagewise/prisma";
import { typeormCursorPages } from "pagewise/typeorm";
import type { Competitor, WalkResult } from "./builders-competitors.js";
import type { BenchDatabase } from "./builders-databases.js";
import type { HandPages } from "./builders-kysely.js";
import { type PagewisePages, pagewiseWalker } from "./builders-pagewise.js";
import { extensionCursor, prismaCursor, prismaHand, prismaPagewise } from "./builders-prisma.js";
import { prismaOf, SQLITE_TABLES, sqliteCopies } from "./builders-prisma-client.js";
import { DEPTH, MEASURED, type Order, SMALL, WALKED } from "./builders-table.js";
import { nestjsPaginate, typeormHand, typeormOf, typeormPagewise } from "./builders-typeorm.js";
import { ceilingLine, printTable, times } from "./report.js";
import { measure, type Task } from "./rounds.js";

/** The rounds of the pages the goals compare (builders.ts' fast tasks' rounds). */
const FAST_ROUNDS = 200;

/** Each task's median ms, measured as builders.ts measures its tasks. */
type Medians = (tasks: readonly Task[]) => Promise<Map<string, number>>;

/** One ORM on one database: its pages by hand, pagewise's over it, its competitors. */
export interface OrmPages {
  /** The ORM's name (`Prisma`, `TypeORM`). */
  readonly orm: string;
  /** pagewise's integration's name (`pagewise/prisma`). */
  readonly integration: string;
  /** The table whose row at depth the pages follow (SQLite's Prisma copy has its own). */
  readonly table: string;
  /** The table the competitors walk. */
  readonly smallTable: string;
  readonly hand: HandPages;
  readonly pagewise: PagewisePages;
  readonly competitors: readonly Competitor[];
  /** pagewise's own walk of the small table, beside the competitors'. */
  readonly control: Competitor;
  close(): Promise<void>;
}

/** What a competitor's cursor page at depth failed with, by its name and the order. */
const refusals = new Map<string, string>();
const refusalOf = (competitor: Competitor, order: Order) =>
  refusals.get(`${competitor.name} ${order}`);

/** Whether each competitor's page at depth began at the row it follows the cursor with. */
const starts = new Map<string, string>();

/** The key of the first row of a competitor's page, whatever its shape. */
function firstId(result: unknown): unknown {
  const rows = Array.isArray(result)
    ? Array.isArray(result[0])
      ? result[0] // prisma-extension-pagination: [rows, meta]
      : result
    : (result as { data?: unknown[] }).data; // nestjs-paginate: { data, meta, links }
  return (rows?.[0] as { id?: unknown } | undefined)?.id;
}

/**
 * A competitor's cursor page at depth, or `undefined` where it fails (the error recorded); its
 * first row checked against the row at `DEPTH` (`expected`'s key).
 */
async function cursorTask(
  competitor: Competitor,
  order: Order,
  expected: string | null,
): Promise<Task | undefined> {
  const key = `${competitor.name} ${order}`;
  try {
    const task = await competitor.cursorAfter(order, DEPTH - 1);
    const first = String(firstId(await task()));
    refusals.delete(key); // met on another database
    starts.set(
      key,
      first === expected ? "the row after the cursor's" : `row ${first}, not ${expected}`,
    );
    return [`${competitor.name}: cursor at 90%`, task];
  } catch (error) {
    refusals.set(key, String(error).replace(/\s+/g, " ").slice(0, 120));
    return undefined;
  }
}

/**
 * The tasks of one order: the pages the goals compare (page 1 by hand and by pagewise,
 * pagewise's cursor pages), always measured together in `FAST_ROUNDS` rounds; and the others (the
 * keyset by hand, the competitors' pages at depth), each measured as builders.ts measures, a scan
 * in few rounds.
 */
async function orderTasks(
  db: BenchDatabase,
  pages: OrmPages,
  order: Order,
): Promise<[goals: Task[], others: Task[]]> {
  const row = await db.exactRow(pages.table, order, DEPTH - 1);
  const next = await db.exactRow(pages.table, order, DEPTH);
  const { handler } = pages.pagewise;
  const goals: Task[] = [
    [`${pages.orm} by hand: page 1`, () => pages.hand.first(order)],
    [`${pages.integration}: page 1`, () => handler.first(order)],
    [
      `${pages.integration}: cursor page 1`,
      () => (handler.cursorFirst as HandPages["first"])(order),
    ],
    [`${pages.integration}: cursor at 90%`, () => handler.keyset(order, row)],
  ];
  const others: Task[] = [
    [`${pages.orm} by hand: keyset at 90%`, () => pages.hand.keyset(order, row)],
  ];
  for (const competitor of pages.competitors) {
    const task = await cursorTask(competitor, order, next.id);
    if (task !== undefined) others.push(task);
  }
  return [goals, others];
}

/** The goal lines of one ORM and order. */
function printGoals(pages: OrmPages, ms: Map<string, number>, order: Order): void {
  const at = (name: string) => ms.get(name) ?? Number.NaN;
  const { orm, integration } = pages;
  const depth = at(`${integration}: cursor at 90%`);
  console.log(
    ceilingLine(
      `${integration} page 1 vs ${orm} by hand`,
      at(`${integration}: page 1`) / at(`${orm} by hand: page 1`),
      1.1,
    ),
  );
  console.log(
    ceilingLine(
      `${integration} cursor at 90% vs its cursor page 1`,
      depth / at(`${integration}: cursor page 1`),
      1.5,
    ),
  );
  console.log(
    `  ${integration} cursor at 90% vs ${orm}'s keyset by hand: ${times(depth / at(`${orm} by hand: keyset at 90%`))}`,
  );
  for (const competitor of pages.competitors) {
    const why = refusalOf(competitor, order);
    if (why !== undefined)
      console.log(`  ${competitor.name}: no cursor page for ${order} (${why})`);
    else
      console.log(
        `${ceilingLine(
          `${integration} cursor at 90% vs ${competitor.name}'s`,
          depth / at(`${competitor.name}: cursor at 90%`),
          1,
        )}; its page begins at ${starts.get(`${competitor.name} ${order}`)}`,
      );
  }
}

/** Measures one ORM's pages for each measured order. */
async function measureOrm(db: BenchDatabase, pages: OrmPages, medians: Medians): Promise<void> {
  for (const order of MEASURED) {
    const [goals, others] = await orderTasks(db, pages, order);
    // A probe under a loaded machine took a fast page for a scan: the goals' pages never are.
    const ms = new Map([...(await measure(goals, FAST_ROUNDS)), ...(await medians(others))]);
    console.log(`\n${db.label}, ${pages.orm}, order ${order}, page of 30 at 90% depth:`);
    printTable([
      ["task", "median ms"],
      ...[...ms].map(([name, value]) => [name, value.toFixed(3)]),
    ]);
    printGoals(pages, ms, order);
  }
}

/** A walk's row of the walks' table. */
const walkRow = (name: string, order: string, walk: WalkResult, expected = SMALL): string[] => [
  name,
  order,
  String(walk.returned),
  String(expected - walk.distinct),
  String(walk.returned - walk.distinct),
  walk.error?.replace(/\s+/g, " ").slice(0, 70) ?? "",
];

/**
 * The walks under writes: between two pages, the page's last row (the cursor's) is deleted, as
 * a queue worker deletes what it has read; the table restored after each walk. Every row is then
 * answered once by a walk that pages by values.
 */
async function walksUnderWrites(db: BenchDatabase, pages: OrmPages): Promise<string[][]> {
  const table = pages.smallTable;
  const rows: string[][] = [];
  await db.exec([`CREATE TABLE walk_backup AS SELECT * FROM ${table}`]);
  try {
    for (const competitor of [pages.control, ...pages.competitors]) {
      for (const order of WALKED) {
        const between = (id: unknown) => db.exec([`DELETE FROM ${table} WHERE id = ${String(id)}`]);
        const walk = await competitor.walk(order, between);
        rows.push(walkRow(competitor.name, `${order}, cursor row deleted`, walk));
        await db.exec([`DELETE FROM ${table}`, `INSERT INTO ${table} SELECT * FROM walk_backup`]);
      }
    }
  } finally {
    await db.exec(["DROP TABLE walk_backup"]);
  }
  return rows;
}

/** Which rows each competitor answers walking the small table whole, by order, then under writes. */
async function printWalks(db: BenchDatabase, pages: OrmPages): Promise<void> {
  console.log(
    `\n${db.label}, ${pages.orm}: walking ${SMALL.toLocaleString("en-US")} rows whole (pages of 30):`,
  );
  const rows: string[][] = [["paginator", "order", "answered", "missing", "repeated", "error"]];
  for (const competitor of [pages.control, ...pages.competitors])
    for (const order of WALKED)
      rows.push(walkRow(competitor.name, order, await competitor.walk(order)));
  rows.push(...(await walksUnderWrites(db, pages)));
  // Backward from the last row: every row but that one expected.
  for (const competitor of [pages.control, ...pages.competitors]) {
    const { walkBack } = competitor;
    if (walkBack === undefined) continue;
    for (const order of WALKED)
      rows.push(
        walkRow(
          competitor.name,
          `${order}, backward`,
          // A walk failing before its first page (its start refused) answered nothing.
          await walkBack(order).catch((error) => ({
            returned: 0,
            distinct: 0,
            error: String(error),
          })),
          SMALL - 1,
        ),
      );
  }
  printTable(rows);
}

/** Prisma on `db`: its client over the suite's tables (SQLite's copies made first). */
async function prismaPagesOf(db: BenchDatabase): Promise<OrmPages> {
  if (db.handle.dialect === "sqlite") {
    const started = performance.now();
    await db.exec(sqliteCopies());
    console.log(
      `\n${db.label}: copied the tables for Prisma in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const prisma = await prismaOf(db.handle);
  const sqlite = db.handle.dialect === "sqlite";
  const smallTable = sqlite ? SQLITE_TABLES.packages_small : "packages_small";
  return {
    orm: "Prisma",
    integration: "pagewise/prisma",
    table: sqlite ? SQLITE_TABLES.packages : "packages",
    smallTable,
    hand: prismaHand(prisma.benchPackage),
    pagewise: prismaPagewise(prisma.benchPackage),
    competitors: [prismaCursor(prisma), prismaCursor(prisma, false), extensionCursor(prisma)],
    control: pagewiseWalker(
      "pagewise/prisma",
      () => prismaCursorPages(prisma.smallPackage, () => ({})).handle as never,
      (order, position) => db.exactRow(smallTable, order, position),
    ),
    close: () => prisma.$disconnect(),
  };
}

/** TypeORM on `db`: a data source over the suite's tables; nestjs-paginate's own beside it. */
async function typeormPagesOf(db: BenchDatabase): Promise<OrmPages> {
  const dataSource = await typeormOf(db.handle);
  const paginate = await nestjsPaginate(db.handle);
  return {
    orm: "TypeORM",
    integration: "pagewise/typeorm",
    table: "packages",
    smallTable: "packages_small",
    hand: typeormHand(dataSource),
    pagewise: typeormPagewise(dataSource),
    competitors: [paginate],
    control: pagewiseWalker(
      "pagewise/typeorm",
      () =>
        typeormCursorPages(dataSource, () =>
          dataSource.getRepository("packages_small").createQueryBuilder("p"),
        ).handle as never,
      (order, position) => db.exactRow("packages_small", order, position),
    ),
    close: async () => {
      await paginate.close();
      await dataSource.destroy();
    },
  };
}

/** The ORMs' part on one database: timings (`pages`) and walks (`walks`) as named. */
export async function ormSection(
  db: BenchDatabase,
  medians: Medians,
  parts: { readonly pages: boolean; readonly walks: boolean },
): Promise<void> {
  for (const open of [prismaPagesOf, typeormPagesOf]) {
    const pages = await open(db);
    try {
      if (parts.pages) await measureOrm(db, pages, medians);
      if (parts.walks) await printWalks(db, pages);
    } finally {
      await pages.close();
    }
  }
}
