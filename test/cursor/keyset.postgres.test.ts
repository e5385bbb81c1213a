/**
 * The keyset predicate spliced as the docs and the example splice it, `WHERE filter AND ${where}`,
 * selects only the filter's rows for every shape it takes: a predicate with a top-level OR once
 * answered another repository's rows. So does each of its branches, and their union
 * (`keysetUnionSql`), whose plan at 90% depth of an order with a first column of few values and
 * mixed directions reads one index range per branch into its LIMIT. Runs on PGlite in `npm test`
 * and on a PostgreSQL server in `npm run test:postgres`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pgliteClient,
  postgresClient,
  type SqlClient,
} from "../../examples/package-store/stores/sql-client.js";
import type { CursorValue } from "../../src/cursor/cursor-token.js";
import {
  type CursorSide,
  compareSortValues,
  keysetSql,
  type SortColumn,
  sortColumns,
} from "../../src/cursor/keyset.js";
import { keysetRows } from "../../src/cursor/keyset-rows.js";
import { keysetUnionSql } from "../../src/cursor/keyset-union.js";
import { freshPgliteDir } from "../support/pglite-template.js";
import { freshDatabase, POSTGRES_URL } from "../support/stores.js";

type Row = { repo: string; version: string | null; size: number; id: number };

/** Two repositories with ties and NULLs in each column but the tie-breaker. */
const ROWS: readonly Row[] = [
  ["mine", "1.0", 5],
  ["other", "1.0", 5],
  ["other", null, 7],
  ["mine", null, 5],
  ["mine", "2.0", 7],
  ["other", "0.9", 1],
  ["mine", "1.0", 7],
  ["other", "3.0", 5],
  ["mine", "0.5", 1],
  ["other", "1.0", 7],
].map(([repo, version, size], i) => ({
  repo: repo as string,
  version: version as string | null,
  size: size as number,
  id: i + 1,
}));

let db: SqlClient;
beforeAll(async () => {
  db = POSTGRES_URL
    ? await postgresClient(await freshDatabase(POSTGRES_URL))
    : await pgliteClient(await freshPgliteDir());
  await db.exec(
    `CREATE TABLE packages (repo text NOT NULL, version text COLLATE "C", size int NOT NULL, id int PRIMARY KEY)`,
  );
  for (const r of ROWS) {
    await db.query("INSERT INTO packages VALUES ($1, $2, $3, $4)", [
      r.repo,
      r.version,
      r.size,
      r.id,
    ]);
  }
}, 60_000);
afterAll(() => db.close());

const ORDERS: readonly [string, SortColumn[]][] = [
  ["one column", [{ name: "id" }]],
  ["one way", [{ name: "size" }, { name: "id" }]],
  ["mixed directions", [{ name: "size", direction: "desc" }, { name: "id" }]],
  ["a nullable first column, NULLs ahead", [{ name: "version", nullable: true }, { name: "id" }]],
  [
    "a nullable first column, NULLs behind",
    [{ name: "version", nullable: true, nulls: "first" }, { name: "id" }],
  ],
  [
    "a nullable first column descending, NULLs ahead",
    [{ name: "version", nullable: true, direction: "desc", nulls: "last" }, { name: "id" }],
  ],
  [
    "mixed directions after a nullable first column",
    [
      { name: "version", nullable: true },
      { name: "size", direction: "desc" },
      { name: "id", direction: "desc" },
    ],
  ],
];
const SIDES: readonly CursorSide[] = ["after", "before"];

const valuesOf = (row: Row, spec: readonly SortColumn[]) =>
  spec.map((c) => row[c.name as keyof Row]) as CursorValue[];

describe("keysetSql spliced after a filter", () => {
  it.each(ORDERS.flatMap(([name, spec]) => SIDES.map((side) => [name, side, spec] as const)))(
    "%s, %s every cursor: only the filter's rows, in order",
    async (_name, side, spec) => {
      const columns = sortColumns(spec);
      const mine = ROWS.filter((r) => r.repo === "mine").sort((x, y) =>
        compareSortValues(columns, valuesOf(x, spec), valuesOf(y, spec)),
      );
      for (const at of mine) {
        const cursor = valuesOf(at, spec);
        const sql = keysetSql(columns, { side, values: cursor }, 100, 2);
        const got = await db.query<Row>(
          `SELECT id FROM packages WHERE repo = $1 AND ${sql.where} ORDER BY ${sql.orderBy} LIMIT ${sql.limit}`,
          ["mine", ...sql.values],
        );
        const beyond = mine.filter((r) => {
          const order = compareSortValues(columns, valuesOf(r, spec), cursor);
          return side === "after" ? order > 0 : order < 0;
        });
        const expected = side === "after" ? beyond : beyond.reverse();
        expect(got.map((r) => r.id)).toStrictEqual(expected.map((r) => r.id));
      }
    },
  );

  it.each(ORDERS.flatMap(([name, spec]) => SIDES.map((side) => [name, side, spec] as const)))(
    "%s, %s every cursor: each branch and their union, only the filter's rows",
    async (_name, side, spec) => {
      const columns = sortColumns(spec);
      const mine = ROWS.filter((r) => r.repo === "mine");
      const ids = new Set(mine.map((r) => r.id));
      for (const at of mine) {
        const cursor = { side, values: valuesOf(at, spec) };
        const keyset = keysetSql(columns, cursor, 100, 2);
        const branchRows = new Set<number>();
        for (const branch of keyset.branches) {
          // A branch names the placeholders of the columns up to its own, from $2: their values.
          const last = Math.max(1, ...[...branch.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
          const got = await db.query<Row>(`SELECT id FROM packages WHERE repo = $1 AND ${branch}`, [
            "mine",
            ...keyset.branchValues.slice(0, last - 1),
          ]);
          for (const r of got) {
            expect([ids.has(r.id), branchRows.has(r.id)]).toStrictEqual([true, false]);
            branchRows.add(r.id);
          }
        }
        // The select list holds the order's columns: the outer ORDER BY sorts the union by them.
        const union = keysetUnionSql(
          keyset,
          (where) => `SELECT * FROM packages WHERE repo = $1 AND ${where}`,
        );
        const got = await db.query<Row>(union.text, ["mine", ...union.values]);
        const expected = keysetRows(columns, mine, (r) => valuesOf(r, spec), cursor, keyset.limit);
        expect(got.map((r) => r.id)).toStrictEqual(expected.map((r) => r.id));
        expect([...branchRows].sort((x, y) => x - y)).toStrictEqual(
          expected.map((r) => r.id).sort((x, y) => x - y),
        );
      }
    },
  );
});

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan: the fields read here. */
interface PlanNode {
  readonly "Node Type": string;
  readonly "Actual Rows": number;
  readonly "Index Cond"?: string;
  readonly "Rows Removed by Filter"?: number;
  readonly Plans?: readonly PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const STATUS_NEWEST = [{ name: "status" }, { name: "created_at", direction: "desc" }] as const;

describe("keysetUnionSql's plan at 90% depth, a first column of few values, mixed directions", () => {
  beforeAll(async () => {
    // 200,000 rows in two repositories, six statuses of ~16,700 rows each per repository,
    // created_at in ties of three; an index in each order's directions. The cursor at 90% depth
    // lies in the last status, a third of the way into its rows.
    await db.exec(`CREATE TABLE listing (repo int NOT NULL, status text COLLATE "C" NOT NULL, created_at int NOT NULL, id int PRIMARY KEY);
INSERT INTO listing SELECT g % 2, (ARRAY['active','deleted','failed','pending','queued','synced'])[1 + g / 2 % 6], g / 3, g FROM generate_series(1, 200000) AS g;
CREATE INDEX listing_newest_id_desc ON listing (repo, status, created_at DESC, id DESC);
CREATE INDEX listing_newest_id_asc ON listing (repo, status, created_at DESC, id);
ANALYZE listing;`);
  }, 120_000);

  const explain = async (text: string, values: readonly unknown[]) => {
    const [row] = await db.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, TIMING OFF, COSTS OFF, FORMAT JSON) ${text}`,
      values,
    );
    return nodesOf((row as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan);
  };

  it.each<[string, SortColumn[], CursorSide, number]>([
    ["status, -created_at, id", [...STATUS_NEWEST, { name: "id" }], "after", 3],
    ["status, -created_at, id", [...STATUS_NEWEST, { name: "id" }], "before", 3],
    ["status, -created_at, -id", [...STATUS_NEWEST, { name: "id", direction: "desc" }], "after", 2],
    [
      "status, -created_at, -id",
      [...STATUS_NEWEST, { name: "id", direction: "desc" }],
      "before",
      2,
    ],
  ])(
    "%s, %s the cursor: only index scans, each an Index Cond read into its LIMIT, no sort beyond a page",
    async (_name, spec, side, branchCount) => {
      const columns = sortColumns(spec);
      const [at] = await db.query<Record<string, CursorValue>>(
        `SELECT status, created_at, id FROM listing WHERE repo = 0 ORDER BY ${keysetSql(columns, undefined, 0).orderBy} OFFSET 90000 LIMIT 1`,
        [],
      );
      const values = spec.map((c) => (at as Record<string, CursorValue>)[c.name] ?? null);
      const keyset = keysetSql(columns, { side, values }, 30, 2);
      const union = keysetUnionSql(
        keyset,
        (where) => `SELECT * FROM listing WHERE repo = $1 AND ${where}`,
      );
      const plan = await explain(union.text, [0, ...union.values]);
      const scans = plan.filter((n) => n["Node Type"].endsWith("Scan"));
      const allowed = ["Limit", "Merge Append", "Append", "Sort", "Index Scan", "Index Only Scan"];
      expect(plan.map((n) => n["Node Type"]).filter((t) => !allowed.includes(t))).toStrictEqual([]);
      expect(
        scans.map((n) => [n["Node Type"], /^\(\(repo = 0\) AND /.test(n["Index Cond"] ?? "")]),
      ).toStrictEqual(
        keyset.branches.map(() => [expect.stringMatching(/^Index (Only )?Scan$/), true]),
      );
      expect(keyset.branches).toHaveLength(branchCount);
      for (const scan of scans) {
        expect(scan["Actual Rows"] + (scan["Rows Removed by Filter"] ?? 0)).toBeLessThanOrEqual(
          keyset.limit,
        );
      }
      for (const sort of plan.filter((n) => n["Node Type"] === "Sort")) {
        expect(sort["Actual Rows"]).toBeLessThanOrEqual(keyset.limit);
      }
      // The single predicate, by contrast, bounds its scan by the first column alone: it reads
      // and drops the rows of the cursor's status that lie behind the cursor (6,000 or more
      // here). Both give the same page.
      const single = `SELECT * FROM listing WHERE repo = $1 AND ${keyset.where} ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`;
      const removed = (await explain(single, [0, ...keyset.values])).map(
        (n) => n["Rows Removed by Filter"] ?? 0,
      );
      expect(Math.max(...removed)).toBeGreaterThanOrEqual(6_000);
      const ids = async (text: string, all: readonly unknown[]) =>
        (await db.query<{ id: number }>(text, all)).map((r) => r.id);
      expect(await ids(union.text, [0, ...union.values])).toStrictEqual(
        await ids(single, [0, ...keyset.values]),
      );
    },
    60_000,
  );
});
