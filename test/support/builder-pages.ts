/**
 * The page queries of the example's builder store, in every order the example offers
 * (`describeBuilderPlans`): a repository of 20,000 packages between two others, a page-mode page
 * at 90% depth and a cursor page at 90% depth both ways, each page's query as pagewise/kysely
 * wrote it (Kysely's `log`) handed to a database's own plan check.
 */
import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, it } from "vitest";
import type { BuilderStore } from "../../examples/package-store/stores/builder-store.js";
import {
  demoPackages,
  PACKAGE_SORT,
  type PackageOrder,
} from "../../examples/package-store/stores/package-store.js";
import type { CursorValue } from "../../src/pagination/cursor-token.js";
import { sortSettings } from "../../src/pagination/sort-option.js";
import { readSort } from "../../src/pagination/sort-param.js";
import { cursorQuery } from "../../src/resource/cursor-method.js";

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

/** The cursor page cases: each order, after and before the cursor. */
const CURSOR_CASES = BUILDER_ORDERS.flatMap(
  (sort) =>
    [
      [sort, "after"],
      [sort, "before"],
    ] as const,
);

/**
 * Seeds the store `open` gives and checks each page's query with `expectIndexRange`.
 *
 * @param open - the store on an empty database, its statements logged
 * @param expectIndexRange - the database's check of one page's query
 * @example
 * ```ts
 * describe("the sqlite builder store's query plans", () => {
 *   describeBuilderPlans(openSqlite, async ({ query }) => expectSearch(query));
 * });
 * ```
 */
export function describeBuilderPlans(
  open: () => Promise<LoggedStore>,
  expectIndexRange: (page: PageQuery) => Promise<void>,
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

  it.each(BUILDER_ORDERS)("a page at 90 per cent depth by %s", async (sort) => {
    logged.queries.length = 0;
    await logged.store.list("demo", "tools", undefined, DEPTH, PAGE, sorted(sort));
    await expectIndexRange({ query: lastPage(logged.queries), mostRead: DEPTH + PAGE });
  });

  it.each(CURSOR_CASES)(
    "a cursor page at 90 per cent depth by %s, %s the cursor",
    async (sort, side) => {
      const order = sorted(sort);
      const [at] = (await logged.store.list("demo", "tools", undefined, DEPTH, 1, order)).rows;
      const values = order.terms.map(
        (term) => (at as unknown as Record<string, CursorValue>)[term.column] as CursorValue,
      );
      logged.queries.length = 0;
      const cursor = cursorQuery(order.terms, side, values, PAGE);
      await logged.store.keyset("demo", "tools", undefined, cursor, order);
      // The page and the one row beyond it that says whether there is another.
      await expectIndexRange({ query: lastPage(logged.queries), mostRead: PAGE + 1 });
    },
  );
}
