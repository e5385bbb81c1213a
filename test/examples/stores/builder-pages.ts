/**
 * The page queries of the example's builder store, in every order the example offers
 * (`describeBuilderPlans`): a repository of 20,000 packages between two others, a page-mode page
 * at 90% depth and a cursor page at 90% depth both ways, each page's query as pagewise/kysely
 * wrote it (Kysely's `log`) handed to a database's own plan check.
 */
import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, it } from "vitest";
import type { BuilderStore } from "../../../examples/package-store/stores/builder-store.js";
import {
  demoPackages,
  PACKAGE_SORT,
  type PackageOrder,
} from "../../../examples/package-store/stores/package-store.js";
import { cursorQuery } from "../../../src/cursor/cursor-query.js";
import type { CursorValue } from "../../../src/cursor/cursor-token.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { readSort } from "../../../src/sort/sort-param.js";

/** The orders the example offers: one field each way, a mixed order, a first field of few values. */
export const BUILDER_ORDERS = [
  "created_at",
  "-created_at",
  "name",
  "-name",
  "version",
  "status",
  "status,-created_at",
] as const;

/** Packages in the repository paged; a page's size; the offset of a page at 90% depth. */
const REPOSITORY = 20_000;
const PAGE = 30;
const DEPTH = 18_000;

/** A store whose Kysely instance logs each statement into `queries`. */
export interface LoggedStore {
  readonly store: BuilderStore;
  /** Every statement run, in order (Kysely's `log`); emptied before each page. */
  readonly queries: CompiledQuery[];
  /** Refreshes the planner's statistics (`ANALYZE`). */
  analyze(): Promise<void>;
  /** Closes what `open` opened. */
  close(): Promise<void>;
}

/** A page's query and the rows of `packages` a page's reads may take: up to the page's last. */
export interface PageQuery {
  readonly query: CompiledQuery;
  readonly mostRead: number;
}

const sorted = (sort: string) =>
  readSort(sortSettings(PACKAGE_SORT), sort) as NonNullable<PackageOrder>;

/** The last statement that pages (`limit`). */
const lastPage = (queries: readonly CompiledQuery[]) =>
  queries.filter((q) => / limit /i.test(q.sql)).at(-1) as CompiledQuery;

/** A case: its name, as `slow` lists it, and the page it reads. */
type PageCase = readonly [name: string, sort: string, side: "after" | "before" | undefined];

/** A page at depth in each order, then a cursor page at depth in each order both ways. */
const CASES: readonly PageCase[] = [
  ...BUILDER_ORDERS.map((sort): PageCase => [`a page by ${sort}`, sort, undefined]),
  ...BUILDER_ORDERS.flatMap((sort) =>
    (["after", "before"] as const).map(
      (side): PageCase => [`a cursor page by ${sort}, ${side} the cursor`, sort, side],
    ),
  ),
];

/** Reads the case's page; its query, logged. */
async function pageQuery({ store, queries }: LoggedStore, [, sort, side]: PageCase) {
  const order = sorted(sort);
  if (side === undefined) {
    queries.length = 0;
    await store.list("demo", "tools", undefined, DEPTH, PAGE, order);
    return { query: lastPage(queries), mostRead: DEPTH + PAGE };
  }
  const [at] = (await store.list("demo", "tools", undefined, DEPTH, 1, order)).rows;
  const values = order.terms.map(
    (term) => (at as unknown as Record<string, CursorValue>)[term.column] as CursorValue,
  );
  queries.length = 0;
  await store.keyset(
    "demo",
    "tools",
    undefined,
    cursorQuery(order.terms, side, values, PAGE),
    order,
  );
  // The page and the one row beyond it that says whether there is another.
  return { query: lastPage(queries), mostRead: PAGE + 1 };
}

/**
 * Seeds the store `open` gives and checks each page's query (at 90% depth) with
 * `expectIndexRange`.
 *
 * @param open - the store on an empty database, its statements logged
 * @param expectIndexRange - the database's check of one page's query
 * @param slow - the cases (`a cursor page by version, after the cursor`) this database is known
 *   to read more of, each stated where the suite runs; checked to fail, so a planner that mends
 *   it shows
 * @example
 * ```ts
 * describe("the sqlite builder store's query plans", () => {
 *   describeBuilderPlans(openSqlite, expectSearch);
 * });
 * ```
 */
export function describeBuilderPlans(
  open: () => Promise<LoggedStore>,
  expectIndexRange: (page: PageQuery) => Promise<void>,
  slow: readonly string[] = [],
) {
  let logged: LoggedStore;
  beforeAll(async () => {
    logged = await open();
    await logged.store.create("other", "repo", demoPackages(2_000));
    await logged.store.seed("demo", "tools", demoPackages(REPOSITORY));
    await logged.store.create("zzz", "repo", demoPackages(2_000));
    await logged.analyze();
  }, 60_000);
  afterAll(() => logged.close());

  const check = async (...page: PageCase) => expectIndexRange(await pageQuery(logged, page));
  it.each(CASES.filter(([name]) => !slow.includes(name)))("%s at 90 per cent depth", check);
  it.fails.each(CASES.filter(([name]) => slow.includes(name)))(
    "%s at 90 per cent depth: known to read more than the page",
    check,
  );
}
