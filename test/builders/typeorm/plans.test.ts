/**
 * The plans of typeormCursorPages' deep pages, on SQLite (better-sqlite3); on a PostgreSQL server
 * (pg) and MariaDB (mysql2) in their suites: the page after the row at 90% of 3,000 packages reads
 * the table by an index range from its cursor, never the rows before it, for one field, a first
 * field of few values with mixed directions, a nullable field (its NULLs where the database puts
 * them, or set contrary to it) and text. Each database's own account of every statement the page
 * ran: SQLite's EXPLAIN QUERY PLAN (a SEARCH of an index, no SCAN of the table), PostgreSQL's
 * EXPLAIN ANALYZE and MariaDB's ANALYZE (the rows each read of the table takes or filters out: a
 * page's few, not the thousands before it; on MariaDB, each read one that counts every entry it
 * reads: `countedRead`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typeormCursorPages } from "../../../src/builders/typeorm/index.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { parseSort } from "../../../src/sort/sort-param.js";
import { databaseRows } from "../../support/databases.js";
import { analyzed, countedRead } from "../../support/mariadb-reads.js";
import { cursorPageOf } from "../drizzle/cursor-page.js";
import {
  mariadbDatabase,
  type PackageRow,
  postgresDatabase,
  sqliteDatabase,
  type TypeormDatabase,
} from "./typeorm-databases.js";
import { BIG, packages, SORT, SORT_NULLS_LAST } from "./typeorm-lists.js";

const ROWS = 3000;
const DEPTH = 2700;
/** The rows a page reads: 20 and the one that tells whether a next page exists. */
const PAGE = 21;
/** Rows a page's reads may take or filter out: a few pages' worth, never the 2,700 before it. */
const MOST_READ = 10 * PAGE;

const PLAN_ROWS: readonly PackageRow[] = Array.from({ length: ROWS }, (_, i) => ({
  id: i + 1,
  name: `${i % 2 ? "n" : "N"}ame ${String((i * 7919) % ROWS).padStart(4, "0")}`,
  score: i % 7 === 0 ? null : i % 50,
  grp: i % 3,
  micros: Math.floor(i / 1000) * 1_000_000 + ((i * 37) % 1_000_000),
  downloads: BIG + BigInt(i % 5),
}));

const INDEXES = [
  "CREATE INDEX packages_created ON packages (created_at, id)",
  "CREATE INDEX packages_grp ON packages (grp, created_at DESC, id DESC)",
  "CREATE INDEX packages_score ON packages (score, id)",
  "CREATE INDEX packages_name ON packages (name, id)",
];

/** Name, sort, whether score's NULLs are set last, the cursor's row (after 990, grp 0 has 10 left). */
const ORDERS = [
  ["one field", "-createdAt", false, DEPTH],
  ["a first field of few values, mixed directions", "grp,-createdAt", false, DEPTH],
  [
    "the same, the lead short of a page (the union of ranges after it)",
    "grp,-createdAt",
    false,
    990,
  ],
  ["a nullable field", "score", false, DEPTH],
  ["a nullable field descending", "-score", false, DEPTH],
  ["NULLs set last ascending", "score", true, DEPTH],
  ["text", "name", false, DEPTH],
] as const;

type Node = Record<string, unknown>;

/** Every object in a plan, depth first. */
function nodes(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (typeof value !== "object" || value === null) return [];
  return [value as Node, ...Object.values(value).flatMap(nodes)];
}

/** Each read of the packages table (the query's alias `p`) in a statement's plan: "range", or the read. */
const READS: Readonly<
  Record<string, (db: TypeormDatabase, sql: string, params: unknown[]) => Promise<string[]>>
> = {
  sqlite: async (db, sql, params) =>
    (await db.raw(`EXPLAIN QUERY PLAN ${sql}`, params))
      .map((row) => String(row.detail))
      .filter((detail) => /^(SCAN|SEARCH) p\b/.test(detail))
      .map((detail) => (/^SEARCH p USING (COVERING )?INDEX /.test(detail) ? "range" : detail)),
  postgres: async (db, sql, params) => {
    const [row] = await db.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    return nodes(Object.values(row ?? {})[0])
      .filter((node) => node["Relation Name"] === "packages")
      .map((node) => {
        const read = ["Actual Rows", "Rows Removed by Filter", "Rows Removed by Index Recheck"];
        const rows = read.reduce((sum, key) => sum + Number(node[key] ?? 0), 0);
        return rows * Number(node["Actual Loops"] ?? 1) <= MOST_READ
          ? "range"
          : JSON.stringify(node);
      });
  },
  mysql: async (db, sql, params) => {
    const [row] = await db.raw(analyzed(sql), params);
    return nodes(JSON.parse(String(Object.values(row ?? {})[0])))
      .filter((node) => node.table_name === "p")
      .map((node) =>
        countedRead(node) && Number(node.r_rows) <= MOST_READ ? "range" : JSON.stringify(node),
      );
  },
};

describe.each(
  databaseRows({
    SQLite: sqliteDatabase,
    PostgreSQL: (url) => () => postgresDatabase(url),
    MariaDB: (url) => () => mariadbDatabase(url),
  }),
)("typeormCursorPages' deep pages on %s", (_name, open) => {
  let db: TypeormDatabase;
  beforeAll(async () => {
    db = await open();
    await db.fill(PLAN_ROWS);
    for (const index of INDEXES) await db.raw(index);
    await db.raw(db.dialect === "mysql" ? "ANALYZE TABLE packages" : "ANALYZE");
  }, 120_000);
  afterAll(() => db?.close());

  it.each(ORDERS)(
    "%s (sort=%s): a deep page reads an index range from its cursor",
    async (_case, sort, nullsLast, depth) => {
      const order = parseSort(sort, sortSettings(nullsLast ? SORT_NULLS_LAST : SORT));
      if (typeof order === "string") throw new TypeError(order);
      const items = cursorPageOf(
        typeormCursorPages(db.dataSource, () => packages(db)),
        order,
      );
      const first = await items({ side: undefined, values: undefined, limit: depth + 1 });
      const values = first.values.at(-1);
      db.statements();
      const page = await items({ side: "after", values: values as never, limit: PAGE });
      expect(page.items).toHaveLength(PAGE);
      // The page's statements: not MariaDB's read of its page setting (once per data source).
      const ran = db.statements().filter(({ sql }) => !sql.includes("@@"));
      // A short lead's page is the union of the ranges (keys), then their entities (not on MariaDB,
      // which reads the written-out predicate as ranges itself).
      const union = ran.filter(({ sql }) => sql.includes(" UNION ALL ")).length;
      if (depth !== DEPTH) expect(union).toBe(db.dialect === "mysql" ? 0 : 1);
      for (const { sql, params } of ran) {
        const found = await READS[db.dialect]?.(db, sql, params);
        expect(found?.length, sql).toBeGreaterThan(0);
        expect(found, sql).toStrictEqual(found?.map(() => "range"));
      }
    },
  );
});
