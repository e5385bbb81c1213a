/**
 * The SQL store's list queries use the indexes after a bulk load and ANALYZE: no sequential scan
 * of `packages`, and the page read in id order from an index straight into the LIMIT (the only
 * sort left is of the page's own rows, after the join with the count). A cursor page is a range
 * scan from the cursor's id (whichever index the planner picks, the cursor bounds it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  demoPackages,
  PACKAGE_SORT,
  type PackageOrder,
} from "../../../examples/package-store/stores/package-store.js";
import {
  pgliteClient,
  postgresClient,
  type SqlClient,
} from "../../../examples/package-store/stores/sql-client.js";
import {
  keysetLeadText,
  keysetText,
  LIST_ALL,
  LIST_STATUS,
  likePattern,
  listText,
  SEARCH_ALL,
  SEARCH_STATUS,
  SqlStore,
} from "../../../examples/package-store/stores/sql-store.js";
import { cursorQuery } from "../../../src/cursor/cursor-query.js";
import { sortColumns } from "../../../src/cursor/index.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { readSort } from "../../../src/sort/sort-param.js";
import { freshStore, STORE_KINDS } from "../../support/stores.js";

const SQL_KINDS = STORE_KINDS.filter((kind) => kind === "pglite" || kind === "postgres");
const SORT = sortSettings(PACKAGE_SORT);
/** The example's list in the order a client's `sort` names. */
const sorted = (sort: string) => readSort(SORT, sort) as PackageOrder;

describe.each(SQL_KINDS)("the %s store's query plans", (kind) => {
  let db: SqlClient;
  beforeAll(async () => {
    const config = await freshStore(kind);
    db = config.kind === "postgres" ? await postgresClient(config.url) : await pgliteClient();
    const store = await SqlStore.open(db);
    await store.create("demo", "tools", demoPackages(20_000));
    for (let repo = 0; repo < 20; repo++)
      await store.create("other", `r${repo}`, demoPackages(500));
    await db.exec("ANALYZE packages; ANALYZE package_counts;");
  }, 60_000);
  afterAll(() => db.close());

  const plan = async (sql: string, values: unknown[]) =>
    (await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, values))
      .map((row) => row["QUERY PLAN"])
      .join("\n");

  // biome-ignore format: one case a line
  it.each<[string, string, unknown[], RegExp]>([
    ["a large repository, deep page", LIST_ALL, ["demo", "tools", 30, 15_000], /packages_by_repository|packages_pkey/],
    ["a repository and a status", LIST_STATUS, ["demo", "tools", 30, 0, "failed"], /packages_by_status/],
    ["a small repository", LIST_ALL, ["other", "r3", 30, 0], /packages_by_repository/],
  ])("%s: the page read from an index in id order, no scan or sort of the table", async (_name, sql, values, index) => {
    const text = await plan(sql, values);
    // Under the LIMIT, at most a one-time filter (no rows when the offset is past the count)
    // and then the index scan: nothing sorts or scans the table first.
    const scan =
      /Limit[^\n]*\n(?:\s+InitPlan[^\n]*\n\s+->[^\n]*\n)?(?:\s+->\s+Result[^\n]*\n\s+One-Time Filter[^\n]*\n)?\s+->\s+Index Scan using (\w+) on packages/.exec(
        text,
      );
    expect(scan?.[1], text).toMatch(index);
    expect(text).not.toMatch(/Seq Scan on packages\b/);
  });

  // biome-ignore format: one case a line
  it.each<[string, boolean, unknown[], RegExp]>([
    ["", false, ["demo", "tools", 30, 0], /packages_by_created_at/],
    ["-created_at", false, ["demo", "tools", 30, 0], /packages_by_created_at/],
    ["name", false, ["demo", "tools", 30, 0], /packages_by_name/],
    ["-name", false, ["demo", "tools", 30, 300], /packages_by_name/],
    ["version", false, ["demo", "tools", 30, 0], /packages_by_version/],
    ["-version", false, ["demo", "tools", 30, 0], /packages_by_version/],
    ["status", false, ["demo", "tools", 30, 0], /packages_by_status/],
    ["-status", false, ["demo", "tools", 30, 0], /packages_by_status/],
    ["status,-created_at", false, ["demo", "tools", 30, 0], /packages_by_status_newest/],
    ["-status,created_at", false, ["demo", "tools", 30, 0], /packages_by_status_newest/],
    ["-created_at", true, ["demo", "tools", 30, 0, "failed"], /packages_by_status_newest/],
    ["", true, ["demo", "tools", 30, 0, "failed"], /packages_by_status_newest/],
  ])("sort=%j (status filter: %s): page 1 read from an index in that order, no sort of the table", async (sort, byStatus, values, index) => {
    const text = await plan(listText(byStatus, sorted(sort)), values);
    const scan =
      /Limit[^\n]*\n(?:\s+InitPlan[^\n]*\n\s+->[^\n]*\n)?(?:\s+->\s+Result[^\n]*\n\s+One-Time Filter[^\n]*\n)?\s+->\s+Index Scan(?: Backward)? using (\w+) on packages/.exec(
        text,
      );
    expect(scan?.[1], text).toMatch(index);
    expect(text).not.toMatch(/Seq Scan on packages\b/);
  });

  // biome-ignore format: one case a line
  it.each<[string, string, unknown[], RegExp]>([
    ["a search", SEARCH_ALL, ["demo", "tools", likePattern("PKG-1234"), 31, 0], /Bitmap Index Scan on packages_name_search/],
    ["a search of a status", SEARCH_STATUS, ["demo", "tools", likePattern("g-1234"), 31, 0, "failed"], /Index Scan on (packages_name_search|packages_by_status)/],
  ])("%s: a selective text read from an index (the trigram index on the folded name, or the status's)", async (_name, sql, values, index) => {
    const text = await plan(sql, values);
    expect(text).toMatch(index);
    expect(text).not.toMatch(/Seq Scan on packages\b/);
  });

  it("analyses a seeded repository: its pages read from an index, not sorted", async () => {
    const config = await freshStore(kind);
    const seeded =
      config.kind === "postgres" ? await postgresClient(config.url) : await pgliteClient();
    try {
      await (await SqlStore.open(seeded)).seed("demo", "seeded", demoPackages(200_000));
      const text = (
        await seeded.query<{ "QUERY PLAN": string }>(`EXPLAIN ${LIST_ALL}`, [
          "demo",
          "seeded",
          30,
          9_000,
        ])
      )
        .map((row) => row["QUERY PLAN"])
        .join("\n");
      // The one sort left is of the page's 30 rows, after the join with the count.
      expect(
        [text.match(/Sort Key/g)?.length, /Index Scan using \w+ on packages/.test(text)],
        text,
      ).toStrictEqual([1, true]);
    } finally {
      await seeded.close();
    }
  }, 60_000);

  const byId = sortColumns([{ name: "id" }]);
  const pageAfter = (id: number) => cursorQuery(byId, "after", [id], 30);
  const pageBefore = (id: number) => cursorQuery(byId, "before", [id], 30);
  // biome-ignore format: one case a line
  it.each<[string, string, unknown[], RegExp, RegExp]>([
    ["a deep cursor page (90%)", keysetText(false, pageAfter(18_000)), ["demo", "tools", 18_000], /packages_by_repository|packages_pkey/, /Index Cond: \(.*id > /],
    ["a deep page before a cursor", keysetText(false, pageBefore(18_000)), ["demo", "tools", 18_000], /packages_by_repository|packages_pkey/, /id < /],
    ["a deep cursor page of a status", keysetText(true, pageAfter(18_000)), ["demo", "tools", "failed", 18_000], /packages_by_status|packages_pkey/, /Index Cond: \(.*id > /],
  ])("%s: an index range scan from the cursor into the LIMIT", async (_name, sql, values, index, range) => {
    const text = await plan(sql, values);
    const scan = /Limit[^\n]*\n\s+->\s+Index (?:Only )?Scan(?: Backward)? using (\w+) on packages[^\n]*\n\s+Index Cond: ([^\n]*)/.exec(text);
    expect([scan?.[1], `Index Cond: ${scan?.[2]}`], text).toStrictEqual([expect.stringMatching(index), expect.stringMatching(range)]);
    expect(text).not.toMatch(/Seq Scan on packages\b/);
  });

  // biome-ignore format: one case a line
  it.each<[string, "after" | "before", RegExp]>([
    ["name", "after", /packages_by_name/],
    ["-name", "before", /packages_by_name/],
    ["status,-created_at", "after", /packages_by_status_newest/],
    ["status,-created_at", "before", /packages_by_status_newest/],
    ["-status,created_at", "after", /packages_by_status_newest/],
  ])("sort=%j, a page %s a cursor at 90%% depth, whole and its lead: index ranges into their LIMITs, nothing read and dropped", async (sort, side, index) => {
    const order = sorted(sort) as NonNullable<PackageOrder>;
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT id::text AS id, name, version, status, created_at FROM packages WHERE owner = 'demo' AND repo = 'tools' ORDER BY ${order.sql()} OFFSET 18000 LIMIT 1`,
      [],
    );
    const values = order.terms.map((t) => {
      const value = row?.[t.column];
      return value instanceof Date ? value.toISOString() : (value as string);
    });
    const cursor = cursorQuery(order.terms, side, values, 30);
    const keyset = cursor.unionSql((where) => where, 3).values;
    const lead = keysetLeadText(false, cursor);
    // A mixed order's union has a lead (its one range nearest the cursor); `name`'s is one range.
    expect(lead !== undefined).toBe(sort.includes(","));
    for (const sql of [keysetText(false, cursor), ...(lead === undefined ? [] : [lead])]) {
      const text = await plan(`ANALYZE ${sql}`, ["demo", "tools", ...keyset]);
      const scans = [...text.matchAll(/-> {2}(\w+(?: \w+)*?) (?:Backward )?(?:using (\w+) )?on packages/g)];
      expect(scans.length, text).toBeGreaterThan(0);
      if (sql === lead) expect(scans.length, text).toBe(1);
      for (const [, kind, used] of scans) expect([kind, used], text).toStrictEqual([expect.stringMatching(/^Index( Only)? Scan$/), expect.stringMatching(index)]);
      // Rows a scan of packages read and dropped (the counter table's small scan aside).
      const dropped = text
        .split("->")
        .filter((node) => / on packages\b/.test(node))
        .flatMap((node) => [...node.matchAll(/Rows Removed by Filter: (\d+)/g)].map((m) => Number(m[1])));
      expect(dropped.filter((n) => n > 31), text).toStrictEqual([]);
    }
  });
});
