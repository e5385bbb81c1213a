/**
 * The plan of a deep cursor page of `drizzleCursorPages` on one database, run on every dialect:
 * the statement Drizzle ran (its logger's), explained by the database, reads the table only by an
 * index range from the cursor (SQLite `EXPLAIN QUERY PLAN`: `SEARCH`; PostgreSQL `EXPLAIN`: an
 * index scan with an index condition, the rows before the cursor never read (its planner may
 * still prefer another index's range and filter the rows after the cursor: on a few thousand
 * rows, `owner = $1 AND (created_at, id) < …` reads the (created_at, id) range); MariaDB `ANALYZE FORMAT=JSON`: access type `range`, or a `ref` that reads only what it keeps), never
 * a scan or a filter of the rows before it, for one field, mixed directions, a first field with
 * few values and a nullable field (NULLs where the dialect puts them, or set contrary to it); on
 * MariaDB, no filesort either.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { drizzleDialect } from "../../../src/builders/drizzle/dialect.js";
import { drizzleCursorPages } from "../../../src/builders/drizzle/index.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { parseSort } from "../../../src/sort/sort-param.js";
import { keysetPlan } from "../../../src/sql/keyset-plan.js";
import { analyzed, countedRead } from "../../support/mariadb-reads.js";
import { cursorPageOf } from "./cursor-page.js";
import { WALK_SORT, WALK_SORT_NULLS_LAST } from "./cursor-walks.js";
import type { DrizzleDatabaseUnderTest, PackageRow } from "./drizzle-databases.js";

const ROWS = 5000;
/** The page read: after the row at 90% of the list. */
const DEPTH = 4500;
/** The rows a page reads: 20 and the one that tells whether a next page exists. */
const PAGE = 21;
const PLAN_ROWS: readonly PackageRow[] = Array.from({ length: ROWS }, (_, i) => ({
  id: 2n ** 53n + BigInt(i),
  name: `${i % 2 ? "n" : "N"}ame ${String((i * 7919) % ROWS).padStart(4, "0")}`,
  owner: ["ada", "bob", "cy"][i % 3] as string,
  createdAt: `2026-01-01 10:${String(Math.floor(i / 1000)).padStart(2, "0")}:00.${String((i * 37) % 1_000_000).padStart(6, "0")}`,
  score: i % 7 === 0 ? null : i % 50,
}));

/** How each dialect reads the table in a statement: one description per read of `packages`. */
const READS: Readonly<
  Record<
    string,
    (t: DrizzleDatabaseUnderTest, sql: string, params: readonly unknown[]) => Promise<string[]>
  >
> = {
  sqlite: async (t, sql, params) =>
    (await t.raw(`explain query plan ${sql}`, params))
      .map((r) => String(r.detail))
      .filter((detail) => /\bpackages\b/.test(detail))
      .map((detail) => (/^SEARCH packages USING /.test(detail) ? "range" : detail)),
  pglite: (t, sql, params) => postgresReads(t, sql, params),
  postgres: (t, sql, params) => postgresReads(t, sql, params),
  mariadb: async (t, sql, params) => {
    // After the `SET STATEMENT … FOR` a page runs under.
    const [row] = await t.raw(analyzed(sql), params);
    const reads: string[] = [];
    visit(JSON.parse(String(Object.values(row ?? {})[0])), (node) => {
      if (node.table_name === "packages")
        reads.push(countedRead(node) ? "range" : JSON.stringify(node));
      // A read of every row beyond the cursor, sorted afterwards, is no page's range (a union's
      // outer sort of its branches' few rows is another table's).
      const sorted = (node.filesort as { table?: { table_name?: unknown } } | undefined)?.table;
      if (sorted?.table_name === "packages") reads.push("filesort");
    });
    return reads;
  },
};

async function postgresReads(t: DrizzleDatabaseUnderTest, sql: string, params: readonly unknown[]) {
  const [row] = await t.raw(`explain (format json) ${sql}`, params);
  const reads: string[] = [];
  visit(Object.values(row ?? {})[0], (node) => {
    if (node["Relation Name"] !== "packages") return;
    reads.push(rangeRead(node) ? "range" : JSON.stringify(node));
  });
  return reads;
}

/**
 * Whether a PostgreSQL read of `packages` is an index range: an index scan with an index
 * condition, or (the planner's pick for a range it expects to hold a few rows, as a lead short of
 * a page does) a bitmap of one such range expected to hold no more than a page.
 */
function rangeRead(node: Record<string, unknown>): boolean {
  const type = String(node["Node Type"]);
  if (/^Index (Only )?Scan$/.test(type)) return node["Index Cond"] !== undefined;
  const [bitmap] = (node.Plans ?? []) as Record<string, unknown>[];
  return (
    type === "Bitmap Heap Scan" &&
    bitmap?.["Node Type"] === "Bitmap Index Scan" &&
    bitmap["Index Cond"] !== undefined &&
    Number(node["Plan Rows"]) <= PAGE
  );
}

function visit(value: unknown, each: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) for (const item of value) visit(item, each);
  else if (typeof value === "object" && value !== null) {
    each(value as Record<string, unknown>);
    for (const child of Object.values(value)) visit(child, each);
  }
}

/**
 * The orders checked: name, `sort`, whether `score`'s NULLs are set last, the cursor's row, and
 * whether a union's lead (the branch nearest the cursor: the rows sharing its prefix) comes back
 * short of the page, so the whole union runs after it: after row 1661 ada has 5 rows left.
 */
const ORDERS = [
  ["one field", "-created_at", false, DEPTH, false],
  ["mixed directions", "name,-id", false, DEPTH, false],
  ["a first field with few values", "owner,-created_at", false, DEPTH, false],
  [
    "a first field with few values, the lead short of a page",
    "owner,-created_at",
    false,
    1661,
    true,
  ],
  ["a nullable field", "score", false, DEPTH, false],
  ["a nullable field descending, the cursor among the NULLs", "-score", false, DEPTH, false],
  ["NULLs set last ascending, the cursor among them", "score", true, DEPTH, false],
  ["NULLs set last ascending, the cursor among the values", "score", true, ROWS / 2, false],
  ["NULLs set first descending, the cursor among the values", "-score", true, DEPTH, false],
] as const;

/**
 * @param open - opens the database
 * @param slow - the names of the orders whose deep page this dialect is known not to read as an
 *   index range, each stated where the suite runs; checked to fail, so a planner that mends it
 *   shows
 */
export function describePlans(
  open: () => Promise<DrizzleDatabaseUnderTest>,
  slow: readonly string[] = [],
): void {
  let t: DrizzleDatabaseUnderTest;
  beforeAll(async () => {
    t = await open();
    await t.fill(PLAN_ROWS);
  }, 120_000);
  afterAll(() => t?.close());

  const reads = async (sort: string, nullsLast: boolean, depth: number, leadShort: boolean) => {
    const settings = nullsLast ? WALK_SORT_NULLS_LAST : WALK_SORT;
    const order = parseSort(sort, sortSettings(settings as never));
    if (typeof order === "string") throw new TypeError(order);
    const handler = drizzleCursorPages(t.db, () => t.db.select().from(t.packages));
    const items = cursorPageOf(handler, order);
    const first = await items({ side: undefined, values: undefined, limit: depth + 1 });
    const values = first.values.at(-1);
    t.log.length = 0;
    const page = await items({ side: "after", values: values as never, limit: PAGE });
    expect(page.items).toHaveLength(PAGE);
    // One statement; or the lead, then (when it comes back short) the whole union: each a range.
    const at = { backward: false, nulls: (values ?? []).map((v) => v === null) };
    const { lead } = keysetPlan(order.terms, at, drizzleDialect(t.db, undefined));
    // The page's statements (not MariaDB's read of its page setting, once per database).
    const pages = t.log.filter(({ query }) => / limit /i.test(query));
    expect(pages).toHaveLength(lead !== undefined && leadShort ? 2 : 1);
    for (const { query, params } of pages) {
      const found = await READS[t.name]?.(t, query, params);
      expect(found?.length).toBeGreaterThan(0);
      expect(found).toStrictEqual(found?.map(() => "range"));
    }
  };
  const slowly = ([name]: (typeof ORDERS)[number]) => slow.includes(name);
  it.each(ORDERS.filter((o) => !slowly(o)))(
    "%s (sort=%s): a deep page reads an index range from its cursor",
    (_name, sort, nullsLast, depth, short) => reads(sort, nullsLast, depth, short),
  );
  it.fails.each(ORDERS.filter(slowly))(
    "%s (sort=%s): known to read more than an index range",
    (_name, sort, nullsLast, depth, short) => reads(sort, nullsLast, depth, short),
  );
}
