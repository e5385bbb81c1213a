/**
 * The ORMs' part of the builders suite (`BUILDERS_PARTS=orms`): on each database, for each
 * measured order, an ORM's page 1 and keyset page at 90% depth written by hand, pagewise's
 * integration over the same ORM (page 1, its cursor list's page 1, its cursor page at 90%), and
 * the ORM's competitors' cursor pages at 90%, each ORM's tasks measured together; then the goal
 * lines, and the competitors' walks of the small table.
 * @packageDocumentation
 */
import type { Competitor } from "./builders-competitors.js";
import type { BenchDatabase } from "./builders-databases.js";
import type { HandPages } from "./builders-kysely.js";
import type { PagewisePages } from "./builders-pagewise.js";
import { extensionCursor, prismaCursor, prismaHand, prismaPagewise } from "./builders-prisma.js";
import { prismaOf, SQLITE_TABLES, sqliteCopies } from "./builders-prisma-client.js";
import { DEPTH, MEASURED, type Order, SMALL, WALKED } from "./builders-table.js";
import { nestjsPaginate, typeormHand, typeormOf, typeormPagewise } from "./builders-typeorm.js";
import { ceilingLine, printTable, times } from "./report.js";
import type { Task } from "./rounds.js";

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
  readonly hand: HandPages;
  readonly pagewise: PagewisePages;
  readonly competitors: readonly Competitor[];
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

/** The tasks of one order. */
async function orderTasks(db: BenchDatabase, pages: OrmPages, order: Order): Promise<Task[]> {
  const row = await db.exactRow(pages.table, order, DEPTH - 1);
  const next = await db.exactRow(pages.table, order, DEPTH);
  const { handler } = pages.pagewise;
  const tasks: Task[] = [
    [`${pages.orm} by hand: page 1`, () => pages.hand.first(order)],
    [`${pages.orm} by hand: keyset at 90%`, () => pages.hand.keyset(order, row)],
    [`${pages.integration}: page 1`, () => handler.first(order)],
    [
      `${pages.integration}: cursor page 1`,
      () => (handler.cursorFirst as HandPages["first"])(order),
    ],
    [`${pages.integration}: cursor at 90%`, () => handler.keyset(order, row)],
  ];
  for (const competitor of pages.competitors) {
    const task = await cursorTask(competitor, order, next.id);
    if (task !== undefined) tasks.push(task);
  }
  return tasks;
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
        ceilingLine(
          `${integration} cursor at 90% vs ${competitor.name}'s`,
          depth / at(`${competitor.name}: cursor at 90%`),
          1,
        ) + `; its page begins at ${starts.get(`${competitor.name} ${order}`)}`,
      );
  }
}

/** Measures one ORM's pages for each measured order. */
async function measureOrm(db: BenchDatabase, pages: OrmPages, medians: Medians): Promise<void> {
  for (const order of MEASURED) {
    const ms = await medians(await orderTasks(db, pages, order));
    console.log(`\n${db.label}, ${pages.orm}, order ${order}, page of 30 at 90% depth:`);
    printTable([
      ["task", "median ms"],
      ...[...ms].map(([name, value]) => [name, value.toFixed(3)]),
    ]);
    printGoals(pages, ms, order);
  }
}

/** Which rows each competitor answers walking the small table whole, by order. */
async function printWalks(db: BenchDatabase, pages: OrmPages): Promise<void> {
  console.log(
    `\n${db.label}, ${pages.orm}: walking ${SMALL.toLocaleString("en-US")} rows whole (pages of 30):`,
  );
  const rows: string[][] = [["paginator", "order", "answered", "missing", "repeated", "error"]];
  for (const competitor of pages.competitors) {
    for (const order of WALKED) {
      const walk = await competitor.walk(order);
      rows.push([
        competitor.name,
        order,
        String(walk.returned),
        String(SMALL - walk.distinct),
        String(walk.returned - walk.distinct),
        walk.error?.replace(/\s+/g, " ").slice(0, 70) ?? "",
      ]);
    }
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
  return {
    orm: "Prisma",
    integration: "pagewise/prisma",
    table: db.handle.dialect === "sqlite" ? SQLITE_TABLES.packages : "packages",
    hand: prismaHand(prisma.benchPackage),
    pagewise: prismaPagewise(prisma.benchPackage),
    competitors: [prismaCursor(prisma), prismaCursor(prisma, false), extensionCursor(prisma)],
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
    hand: typeormHand(dataSource),
    pagewise: typeormPagewise(dataSource),
    competitors: [paginate],
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
