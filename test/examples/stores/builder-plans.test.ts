/**
 * The builder store's pages on SQLite read an index range in every order the example offers:
 * EXPLAIN QUERY PLAN of each page query pagewise/kysely writes (page mode at depth, a cursor page
 * at depth, both ways) searches an index of `packages` and never scans the table or sorts it.
 */
import Database from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PackageTables } from "../../../examples/package-store/stores/builder-schema.js";
import { BuilderStore } from "../../../examples/package-store/stores/builder-store.js";
import {
  demoPackages,
  PACKAGE_SORT,
  type PackageOrder,
} from "../../../examples/package-store/stores/package-store.js";
import type { CursorValue } from "../../../src/pagination/cursor-token.js";
import { sortSettings } from "../../../src/pagination/sort-option.js";
import { readSort } from "../../../src/pagination/sort-param.js";
import { cursorQuery } from "../../../src/resource/cursor-method.js";

const sorted = (sort: string) =>
  readSort(sortSettings(PACKAGE_SORT), sort) as NonNullable<PackageOrder>;
/** The orders the example offers: one field each way, a mixed order, a first field of few values. */
const ORDERS = [
  "created_at",
  "-created_at",
  "name",
  "-name",
  "version",
  "status",
  "status,-created_at",
];

describe("the sqlite builder store's query plans", () => {
  const database = new Database(":memory:");
  const queries: CompiledQuery[] = [];
  const db = new Kysely<PackageTables>({
    dialect: new SqliteDialect({ database }),
    log: (event) => void queries.push(event.query),
  });
  let store: BuilderStore;
  beforeAll(async () => {
    store = await BuilderStore.open({ kind: "sqlite", dialect: "sqlite", db, isoTime: (t) => t });
    await store.create("other", "repo", demoPackages(2_000));
    await store.seed("demo", "tools", demoPackages(20_000));
    await store.create("zzz", "repo", demoPackages(2_000));
    database.exec("ANALYZE");
  }, 60_000);
  afterAll(() => db.destroy());

  /** The plan of the last query that pages (`limit`), one line per step. */
  const lastPagePlan = () => {
    const query = queries.filter((q) => / limit /i.test(q.sql)).at(-1) as CompiledQuery;
    const rows = database
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...(query.parameters as unknown[]));
    return {
      sql: query.sql,
      plan: (rows as { detail: string }[]).map((row) => row.detail).join("\n"),
    };
  };
  /**
   * Every read of `packages` an index range of the repository, never a scan of the table; a sort
   * only of a union's own rows (its branches' pages merged by the outer ORDER BY).
   */
  const expectIndexRange = ({ sql, plan }: { sql: string; plan: string }) => {
    const reads = plan.split("\n").filter((step) => /\bpackages\b/.test(step));
    const ranges = reads.filter((step) =>
      /^SEARCH packages USING (COVERING )?INDEX packages_by_\w+ \(owner=\? AND repo=\?/.test(step),
    );
    const sorted = /TEMP B-TREE/.test(plan);
    expect(
      [reads.length > 0, ranges.length === reads.length, sorted && !/ union all /.test(sql)],
      `${sql}\n${plan}`,
    ).toStrictEqual([true, true, false]);
  };

  it.each(ORDERS)("a page at 90 per cent depth by %s", async (sort) => {
    queries.length = 0;
    await store.list("demo", "tools", undefined, 18_000, 30, sorted(sort));
    expectIndexRange(lastPagePlan());
  });

  it.each(
    ORDERS.flatMap(
      (sort) =>
        [
          [sort, "after"],
          [sort, "before"],
        ] as const,
    ),
  )("a cursor page at 90 per cent depth by %s, %s the cursor", async (sort, side) => {
    const order = sorted(sort);
    const [at] = (await store.list("demo", "tools", undefined, 18_000, 1, order)).rows;
    const values = order.terms.map(
      (term) => (at as unknown as Record<string, CursorValue>)[term.column] as CursorValue,
    );
    queries.length = 0;
    await store.keyset(
      "demo",
      "tools",
      undefined,
      cursorQuery(order.terms, side, values, 30),
      order,
    );
    expectIndexRange(lastPagePlan());
  });
});
