/**
 * The builders suite's whole-request sections and their summary: pagewise's whole request
 * against the hand-written endpoint (per order, in the rounds of the order's other tasks), the
 * filtered table, and the page past the end; each section's figures kept for the Markdown tables
 * printed at the end of the run (the tables of docs/performance.md).
 * @packageDocumentation
 */
import type { BenchDatabase } from "./builders-databases.js";
import { PAST_END, pastEndTasks, requestTasks } from "./builders-request.js";
import { FILTERED, FILTERED_DEPTH, MEASURED, REPOSITORY } from "./builders-table.js";
import { ceilingLine, printTable, times } from "./report.js";
import type { Task } from "./rounds.js";

/** Measures tasks together, each figure a median ms (builders.ts's `medians`). */
export type Medians = (tasks: readonly Task[]) => Promise<Map<string, number>>;

/** The label prefix of the whole-request tasks among an order's tasks. */
export const REQUEST = "whole request, ";
const BUILDERS = ["Kysely", "Drizzle"] as const;
const PAGES = ["page 1", "at 90%"] as const;

/** The Markdown rows gathered over the run, by section. */
const summary = { whole: [] as string[][], filtered: [] as string[][], pastEnd: [] as string[][] };

const ms = (value: number) => (value < 10 ? value.toFixed(3) : value.toPrecision(3));
const pair = (k: string, d: string) => `${k} / ${d}`;

/** `ms`'s figure of `name`, NaN when it is not there. */
const at = (figures: Map<string, number>, name: string) => figures.get(name) ?? Number.NaN;

/** The whole-request tasks of `order` on the big table, named with `REQUEST` first. */
export async function wholeRequestTasks(
  db: BenchDatabase,
  order: (typeof MEASURED)[number],
  row: Parameters<typeof requestTasks>[3],
): Promise<Task[]> {
  const tasks = await requestTasks(db.handle, order, "packages", row);
  return tasks.map(([name, run]) => [`${REQUEST}${name}`, run]);
}

/** The goal lines of the whole request in one order's figures, and its summary row. */
export function printWholeRequest(
  label: string,
  order: string,
  figures: Map<string, number>,
): void {
  const ratio = (builder: string, page: string) =>
    at(figures, `${REQUEST}${builder} pagewise: ${page}`) /
    at(figures, `${REQUEST}${builder} by hand: ${page}`);
  for (const builder of BUILDERS)
    for (const page of PAGES)
      console.log(
        ceilingLine(
          `whole request, ${builder}, ${page}: pagewise vs the hand-written endpoint`,
          ratio(builder, page),
          1.2,
        ),
      );
  const cell = (page: string, side: string) =>
    pair(
      ms(at(figures, `${REQUEST}Kysely ${side}: ${page}`)),
      ms(at(figures, `${REQUEST}Drizzle ${side}: ${page}`)),
    );
  summary.whole.push([
    `${label}, \`${order}\``,
    ...PAGES.map((page) => pair(times(ratio("Kysely", page)), times(ratio("Drizzle", page)))),
    ...PAGES.flatMap((page) => [cell(page, "pagewise"), cell(page, "by hand")]),
  ]);
}

/** The filtered table's pages, order by order: pagewise's and by hand, page 1 and at 90%. */
export async function filteredSection(db: BenchDatabase, medians: Medians): Promise<void> {
  const where = `owner = '${REPOSITORY.owner}' AND repo = '${REPOSITORY.repo}'`;
  for (const order of MEASURED) {
    const row = await db.exactRow("repo_packages", order, FILTERED_DEPTH - 1, where);
    const figures = await medians(await requestTasks(db.handle, order, "repo_packages", row));
    console.log(
      `\n${db.label}, filtered (${where}, ${(FILTERED * 0.8).toLocaleString("en-US")} of ${FILTERED.toLocaleString("en-US")} rows), order ${order}, whole request:`,
    );
    printTable([["task", "median ms"], ...[...figures].map(([name, v]) => [name, ms(v)])]);
    const depth = (builder: string) =>
      at(figures, `${builder} pagewise: at 90%`) / at(figures, `${builder} pagewise: page 1`);
    const hand = (builder: string) =>
      at(figures, `${builder} pagewise: at 90%`) / at(figures, `${builder} by hand: at 90%`);
    for (const builder of BUILDERS)
      console.log(ceilingLine(`filtered, ${builder}: at 90% vs page 1`, depth(builder), 1.5));
    const cell = (side: string, page: string) =>
      pair(ms(at(figures, `Kysely ${side}: ${page}`)), ms(at(figures, `Drizzle ${side}: ${page}`)));
    summary.filtered.push([
      `${db.label}, \`${order}\``,
      cell("pagewise", "page 1"),
      cell("pagewise", "at 90%"),
      pair(times(depth("Kysely")), times(depth("Drizzle"))),
      cell("by hand", "at 90%"),
      pair(times(hand("Kysely")), times(hand("Drizzle"))),
    ]);
  }
}

/** The page far past the end and page 1 of a counted list, exact and capped. */
export async function pastEndSection(db: BenchDatabase, medians: Medians): Promise<void> {
  const [tasks, answers] = await pastEndTasks(db.handle);
  const figures = await medians(tasks);
  console.log(`\n${db.label}, a counted page list (sort=created_at), ${PAST_END}, whole request:`);
  printTable([
    ["task", "median ms", "answer"],
    ...[...figures].map(([name, v]) => [name, ms(v), answers.get(name) ?? ""]),
  ]);
  const cell = (count: string, page: string) =>
    pair(
      ms(at(figures, `Kysely, ${count} count: ${page}`)),
      ms(at(figures, `Drizzle, ${count} count: ${page}`)),
    );
  const status = (count: string) => answers.get(`Kysely, ${count} count: past the end`) ?? "";
  summary.pastEnd.push([
    db.label,
    cell("exact", "page 1"),
    cell("exact", "past the end"),
    cell("cap 10,000", "page 1"),
    cell("cap 10,000", "past the end"),
    `${status("exact")}; ${status("cap 10,000")}`,
  ]);
}

const markdown = (head: readonly string[], rows: readonly string[][]) => {
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map(() => " --- |").join("")}`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
};

/** The run's summary tables, as Markdown (K / D: Kysely / Drizzle, ms medians). */
export function printSummary(): void {
  if (summary.whole.length > 0) {
    console.log("\nWhole request, pagewise against the hand-written endpoint (K / D):");
    markdown(
      [
        "database, order",
        "page 1 pagewise / by hand",
        "at 90%",
        "page 1 ms pagewise",
        "by hand",
        "at 90% ms pagewise",
        "by hand",
      ],
      summary.whole,
    );
  }
  if (summary.filtered.length > 0) {
    console.log("\nFiltered table, whole request (K / D):");
    markdown(
      [
        "database, order",
        "page 1 ms",
        "at 90% ms",
        "at 90% / page 1",
        "by hand at 90% ms",
        "pagewise / by hand at 90%",
      ],
      summary.filtered,
    );
  }
  if (summary.pastEnd.length > 0) {
    console.log(`\nA page past the end (${PAST_END}), whole request (K / D):`);
    markdown(
      [
        "database",
        "exact: page 1 ms",
        "past the end ms",
        "cap: page 1 ms",
        "past the end ms",
        "answer (Kysely)",
      ],
      summary.pastEnd,
    );
  }
}
