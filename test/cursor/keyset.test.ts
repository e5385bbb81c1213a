/**
 * The keyset helper against PostgreSQL itself (PGlite): for random data with ties and NULLs,
 * random orders and random cursors, the SQL predicate and order select exactly the rows the
 * in-memory comparison does, in the same order.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteClient, type SqlClient } from "../../examples/package-store/stores/sql-client.js";
import type { CursorValue } from "../../src/cursor/cursor-token.js";
import {
  compareSortValues,
  keysetSql,
  type SortColumn,
  sortColumns,
} from "../../src/cursor/keyset.js";
import { freshPgliteDir } from "../support/pglite-template.js";

type Row = { a: number | null; b: string | null; id: number };

let db: SqlClient;
beforeAll(async () => {
  db = await pgliteClient(await freshPgliteDir());
  await db.exec(`CREATE TABLE t (a int, b text COLLATE "C", id int PRIMARY KEY)`);
}, 30_000);
afterAll(() => db.close());

const valuesOf = (row: Row, spec: readonly SortColumn[]) =>
  spec.map((c) => row[c.name as keyof Row]) as CursorValue[];

describe("keysetSql and compareSortValues agree with PostgreSQL", () => {
  it.each<[string, SortColumn[], string, string]>([
    [
      "one way, not nullable: a row value",
      [{ name: "a" }, { name: "id" }],
      '("a", "id") > ($1, $2)',
      '"a" ASC, "id" ASC',
    ],
    [
      "mixed directions: written out",
      [{ name: "a", direction: "desc" }, { name: "id" }],
      '("a" <= $1 AND (("a" < $2) OR ("a" = $3 AND "id" > $4)))',
      '"a" DESC, "id" ASC',
    ],
    [
      "nullable: NULLs in their place",
      [{ name: "a", nullable: true }, { name: "id" }],
      '((("a" > $1 OR "a" IS NULL)) OR ("a" = $2 AND "id" > $3))',
      '"a" ASC, "id" ASC',
    ],
    [
      "nullable, NULLs behind the walk: bounded by the first column",
      [{ name: "a", nullable: true, nulls: "first" }, { name: "id" }],
      '("a" >= $1 AND (("a" > $2) OR ("a" = $3 AND "id" > $4)))',
      '"a" ASC NULLS FIRST, "id" ASC',
    ],
  ])("%s", (_name, spec, where, orderBy) => {
    const sql = keysetSql(sortColumns(spec), { side: "after", values: [5, 9] }, 10);
    expect([sql.where, sql.orderBy, sql.limit]).toStrictEqual([where, orderBy, 11]);
  });

  it("selects the rows after or before any cursor, in order, for any data and order", async () => {
    const row = fc.record({
      a: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      b: fc.option(fc.constantFrom("", "a", "B", "b", "ä"), { nil: null }),
    });
    const way = fc.record({
      direction: fc.constantFrom("asc" as const, "desc" as const),
      nulls: fc.constantFrom("first" as const, "last" as const, undefined),
      nullable: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 25 }),
        fc.constantFrom<("a" | "b")[]>(["a"], ["b"], ["a", "b"], ["b", "a"]),
        fc.tuple(way, way),
        fc.nat(),
        fc.constantFrom("after" as const, "before" as const),
        fc.integer({ min: 1, max: 5 }),
        async (data, names, ways, pick, side, pageSize) => {
          const spec: SortColumn[] = [
            ...names.map((name, i): SortColumn => {
              const { direction, nulls, nullable } = ways[i] ?? ways[0];
              return { name, direction, nullable, ...(nulls ? { nulls } : {}) };
            }),
            { name: "id" },
          ];
          // A column declared NOT nullable holds no NULL (a row that does is refused elsewhere).
          const held = (name: "a" | "b") => spec.find((c) => c.name === name)?.nullable !== false;
          const rows: Row[] = data.map((r, id) => ({
            a: r.a === null && !held("a") ? 0 : r.a,
            b: r.b === null && !held("b") ? "" : r.b,
            id,
          }));
          const checked = sortColumns(spec);
          const cursor = valuesOf(rows[pick % rows.length] as Row, spec);
          await db.exec("DELETE FROM t");
          for (const r of rows)
            await db.query("INSERT INTO t VALUES ($1, $2, $3)", [r.a, r.b, r.id]);
          const sql = keysetSql(checked, { side, values: cursor }, pageSize);
          const got = await db.query<Row>(
            `SELECT a, b, id FROM t WHERE ${sql.where} ORDER BY ${sql.orderBy} LIMIT ${sql.limit}`,
            [...sql.values],
          );
          const sorted = [...rows].sort((x, y) =>
            compareSortValues(checked, valuesOf(x, spec), valuesOf(y, spec)),
          );
          const beyond = sorted.filter((r) => {
            const order = compareSortValues(checked, valuesOf(r, spec), cursor);
            return side === "after" ? order > 0 : order < 0;
          });
          const expected = (side === "after" ? beyond : beyond.reverse()).slice(0, pageSize + 1);
          expect(got.map((r) => r.id)).toStrictEqual(expected.map((r) => r.id));
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it.each<[string, SortColumn[], Error]>([
    [
      "no column",
      [],
      new TypeError('A cursor\'s order needs at least one column: [{ name: "id" }]'),
    ],
    [
      "a name that is SQL",
      [{ name: 'id"; DROP TABLE t; --' }],
      new TypeError('"id\\"; DROP TABLE t; --" is not a SQL identifier'),
    ],
    [
      "a repeated column",
      [{ name: "id" }, { name: "id" }],
      new TypeError('"id" is in the order twice'),
    ],
    [
      "a nullable tie-breaker",
      [{ name: "a" }, { name: "id", nullable: true }],
      new TypeError(
        'The last column of a cursor\'s order is its unique tie-breaker, never NULL ("id" is nullable): NULLs tie, and rows after the first would be lost',
      ),
    ],
  ])("refuses an order with %s", (_name, spec, error) => {
    expect(() => sortColumns(spec)).toThrow(error);
  });

  it.each<[string, SortColumn[], string]>([
    ["mixed directions", [{ name: "a", direction: "desc" }, { name: "id" }], "a DESC, id"],
    [
      "a nullable first column, NULLs first",
      [{ name: "a", nullable: true, nulls: "first" }, { name: "id" }],
      "a NULLS FIRST, id",
    ],
  ])(
    "%s: a deep page starts its index scan at the cursor (Index Cond on the first column)",
    async (_name, spec, index) => {
      await db.exec(`CREATE TABLE deep (a int, id int PRIMARY KEY);
INSERT INTO deep SELECT g / 10, g FROM generate_series(1, 20000) AS g;
CREATE INDEX deep_order ON deep (${index}); ANALYZE deep;`);
      try {
        const sql = keysetSql(sortColumns(spec), { side: "after", values: [1800, 18000] }, 30);
        const plan = await db.query<{ "QUERY PLAN": string }>(
          `EXPLAIN ANALYZE SELECT a, id FROM deep WHERE ${sql.where} ORDER BY ${sql.orderBy} LIMIT ${sql.limit}`,
          [...sql.values],
        );
        const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
        expect(text).toMatch(/Index Cond: \(a [<>]= /);
        expect(text).not.toMatch(/Sort Method|Seq Scan/);
        const removed = Number(/Rows Removed by Filter: (\d+)/.exec(text)?.[1] ?? 0);
        expect(removed).toBeLessThan(100);
      } finally {
        await db.exec("DROP TABLE deep");
      }
    },
    30_000,
  );
});
