/**
 * The other paginators measured beside pagewise on the builders suite's tables:
 * drizzle-cursor 0.4.1 with Drizzle (a root devDependency), and kysely-paginate 0.2.0, which runs
 * only on Kysely 0.24 and so has an install of its own in test/bench/kysely-paginate (installed
 * by the suite when missing: `npm ci --prefix test/bench/kysely-paginate`).
 * @packageDocumentation
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { generateCursor } from "drizzle-cursor";
import { asc, desc, type SQL } from "drizzle-orm";
import type { Handle } from "./builders-databases.js";
import { drizzleSelectOf } from "./builders-drizzle.js";
import { ORDERS, type Order, PAGE, SMALL } from "./builders-table.js";

/** What a walk of the small table answered: rows, the distinct ones, and the error it met. */
export interface WalkResult {
  readonly returned: number;
  readonly distinct: number;
  readonly error?: string;
}

/** A paginator as the suite measures it, on one dialect. */
export interface Competitor {
  readonly name: string;
  /** A task reading its cursor page after the row at `position` of `order` in the big table. */
  cursorAfter(order: Order, position: number): Promise<() => Promise<unknown>>;
  /** Its own offset page at `offset` of `order`, when it has offset pages. */
  readonly offsetAt?: (order: Order, offset: number) => () => Promise<unknown>;
  /**
   * Walks the small table whole in `order`, page after page, from each page's last row; when
   * given, `between` runs between two pages with the last row's key (writes to the table).
   */
  walk(order: Order, between?: Between): Promise<WalkResult>;
  /**
   * Walks the small table backward in `order`, from before its last row to the first, page
   * before page (all but the last row expected), where the paginator pages backward.
   */
  readonly walkBack?: (order: Order) => Promise<WalkResult>;
}

/** What a walk runs between two pages, given the last row's key: writes to the walked table. */
export type Between = (lastId: unknown) => Promise<void>;

/**
 * Walks pages until `next` gives none; counts what came back. Stops with an error at a page of
 * rows all answered before (a walk that would go round for ever), or after 3x the table. When
 * given, `between` runs before each page after the first, with the last key answered.
 */
export async function walkAll<T>(
  first: () => Promise<[ids: readonly unknown[], next: T | undefined]>,
  after: (cursor: T) => Promise<[ids: readonly unknown[], next: T | undefined]>,
  between?: Between,
): Promise<WalkResult> {
  const ids: unknown[] = [];
  try {
    let [page, next] = await first();
    ids.push(...page);
    while (next !== undefined && ids.length < 3 * SMALL) {
      const seen = new Set(ids.map(String));
      await between?.(ids.at(-1));
      [page, next] = await after(next);
      ids.push(...page);
      if (page.length > 0 && page.every((id) => seen.has(String(id))))
        throw new Error("stuck: the next page repeats rows already answered");
    }
  } catch (error) {
    const distinct = new Set(ids.map(String)).size;
    return { returned: ids.length, distinct, error: String(error) };
  }
  return { returned: ids.length, distinct: new Set(ids.map(String)).size };
}

/**
 * A column as drizzle-cursor's types name it: they import drizzle-orm's CommonJS declarations,
 * ours its ESM ones, two names for the same classes at run time.
 */
type DrizzleCursorColumn = Parameters<typeof generateCursor>[0]["primaryCursor"]["schema"];

/** drizzle-cursor with Drizzle's defaults (a timestamp read as a `Date`), on `handle`. */
export function drizzleCursor(handle: Handle): Competitor {
  const [select, tables] = drizzleSelectOf(handle);
  const cursorOf = (table: keyof typeof tables, order: Order) => {
    const columns = tables[table];
    const terms = ORDERS[order].map(([column, direction]) => ({
      key: column,
      schema: columns[column] as unknown as DrizzleCursorColumn,
      order: direction === "asc" ? ("ASC" as const) : ("DESC" as const),
    }));
    const primaryCursor = terms.at(-1);
    if (primaryCursor === undefined) throw new Error(`empty order ${order}`);
    const cursor = generateCursor({ primaryCursor, cursors: terms.slice(0, -1) });
    return {
      orderBy: cursor.orderBy as unknown as SQL[],
      where: (row: Record<string, unknown> | undefined) =>
        cursor.where(row) as unknown as SQL | undefined,
    };
  };
  /** A page of `table` by `cursor`, made once for a list as its users make it. */
  const page = (
    table: keyof typeof tables,
    cursor: ReturnType<typeof cursorOf>,
    where: SQL | undefined,
  ) => select(table, where, cursor.orderBy, { limit: PAGE, offset: 0 });
  return {
    name: "drizzle-cursor 0.4.1",
    cursorAfter: async (order, position) => {
      const order_ = ORDERS[order].map(([column, direction]) =>
        direction === "asc" ? asc(tables.packages[column]) : desc(tables.packages[column]),
      );
      const [row] = await select("packages", undefined, order_, { limit: 1, offset: position });
      const cursor = cursorOf("packages", order);
      // Its predicate built at each page from the cursor's row, as pagewise's handler builds its
      // own from the cursor's values (each given them decoded: a token is the pipeline's part).
      return () => page("packages", cursor, cursor.where(row));
    },
    walk: (order) => {
      const cursor = cursorOf("packages_small", order);
      const next = (
        rows: Record<string, unknown>[],
      ): [unknown[], Record<string, unknown> | undefined] => [
        rows.map((row) => row.id),
        rows.length === PAGE ? rows.at(-1) : undefined,
      ];
      return walkAll(
        async () => next(await page("packages_small", cursor, undefined)),
        async (last) => next(await page("packages_small", cursor, cursor.where(last))),
      );
    },
  };
}

const KYSELY_PAGINATE = new URL("./kysely-paginate/", import.meta.url);

/** kysely-paginate on Kysely 0.24 from its own folder, installed there first when missing. */
export async function kyselyPaginate(handle: Handle): Promise<Competitor> {
  if (!existsSync(new URL("node_modules/kysely-paginate", KYSELY_PAGINATE))) {
    console.log(
      "Installing kysely-paginate and Kysely 0.24: npm ci --prefix test/bench/kysely-paginate",
    );
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", KYSELY_PAGINATE.pathname], {
      stdio: "inherit",
    });
  }
  // A path tsc does not follow: the folder's Kysely 0.24 is not the root's, and its own
  // tsconfig checks it (npx tsc -p test/bench/kysely-paginate).
  const module: { competitor: (handle: Handle) => Competitor } = await import(
    new URL("competitor.ts", KYSELY_PAGINATE).href
  );
  return module.competitor(handle);
}
