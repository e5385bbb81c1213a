/**
 * The keyset predicate spliced as the docs and the example splice it, `WHERE filter AND ${where}`,
 * selects only the filter's rows for every shape it takes: a predicate with a top-level OR once
 * answered another repository's rows. Runs on PGlite in `npm test` and on a PostgreSQL server in
 * `npm run test:postgres`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pgliteClient,
  postgresClient,
  type SqlClient,
} from "../../examples/package-store/stores/sql-client.js";
import type { CursorValue } from "../../src/pagination/cursor-token.js";
import {
  type CursorSide,
  compareSortValues,
  keysetSql,
  type SortColumn,
  sortColumns,
} from "../../src/pagination/keyset.js";
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
    : await pgliteClient();
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
});
