/**
 * The builder store's pages on SQLite read an index range in every order the example offers:
 * EXPLAIN QUERY PLAN of each page query pagewise/kysely writes (`describeBuilderPlans`: page mode
 * at depth, a cursor page at depth, both ways) searches an index of `packages` and never scans the
 * table or sorts it.
 */
import Database from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { describe, expect } from "vitest";
import type { PackageTables } from "../../../examples/package-store/stores/builder-schema.js";
import { BuilderStore } from "../../../examples/package-store/stores/builder-store.js";
import { describeBuilderPlans, type LoggedStore } from "./builder-pages.js";

const database = new Database(":memory:");

/** The store on SQLite in memory, its statements logged. */
async function openSqlite(): Promise<LoggedStore> {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<PackageTables>({
    dialect: new SqliteDialect({ database }),
    log: (event) => void queries.push(event.query),
  });
  const store = await BuilderStore.open({
    kind: "sqlite",
    dialect: "sqlite",
    db,
    isoTime: (t) => t,
  });
  return {
    store,
    queries,
    analyze: async () => void database.exec("ANALYZE"),
    close: () => db.destroy(),
  };
}

/** The plan of a query, one line per step. */
function planOf(query: CompiledQuery): string {
  const rows = database
    .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .all(...(query.parameters as unknown[]));
  return (rows as { detail: string }[]).map((row) => row.detail).join("\n");
}

/**
 * Every read of `packages` an index range of the repository, never a scan of the table; a sort
 * only of a union's own rows (its branches' pages merged by the outer ORDER BY).
 */
async function expectSearch({ query }: { query: CompiledQuery }) {
  const plan = planOf(query);
  const reads = plan.split("\n").filter((step) => /\bpackages\b/.test(step));
  const ranges = reads.filter((step) =>
    /^SEARCH packages USING (COVERING )?INDEX packages_by_\w+ \(owner=\? AND repo=\?/.test(step),
  );
  const sorted = /TEMP B-TREE/.test(plan);
  expect(
    [reads.length > 0, ranges.length === reads.length, sorted && !/ union all /.test(query.sql)],
    `${query.sql}\n${plan}`,
  ).toStrictEqual([true, true, false]);
}

describe("the sqlite builder store's query plans", () => {
  describeBuilderPlans(openSqlite, expectSearch);
});
