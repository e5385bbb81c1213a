/**
 * The keyset predicate as a UNION ALL of index ranges: the branches' text for every kind of order,
 * the statement `keysetUnionSql` writes with its lead, and (on PGlite) that it selects exactly the
 * rows of the single predicate and of the in-memory comparison, its lead's rows opening the page,
 * for random data with ties and NULLs.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteClient, type SqlClient } from "../../examples/package-store/stores/sql-client.js";
import type { CursorValue } from "../../src/cursor/cursor-token.js";
import {
  type CursorSide,
  keysetSql,
  type SortColumn,
  sortColumns,
} from "../../src/cursor/keyset.js";
import { keysetRows } from "../../src/cursor/keyset-rows.js";
import { keysetUnionSql } from "../../src/cursor/keyset-union.js";
import { freshPgliteDir } from "../support/pglite-template.js";

const STATUS_DESC_ID: SortColumn[] = [
  { name: "status" },
  { name: "created_at", direction: "desc" },
  { name: "id", direction: "desc" },
];

describe("keysetSql's branches", () => {
  it.each<[string, SortColumn[], CursorSide, CursorValue[], string[], CursorValue[]]>([
    ["one column", [{ name: "id" }], "after", [7], ['"id" > $1'], [7]],
    [
      "one way: one row value",
      [{ name: "a" }, { name: "id" }],
      "after",
      [5, 9],
      ['("a", "id") > ($1, $2)'],
      [5, 9],
    ],
    [
      "one way descending",
      [
        { name: "a", direction: "desc" },
        { name: "id", direction: "desc" },
      ],
      "after",
      [5, 9],
      ['("a", "id") < ($1, $2)'],
      [5, 9],
    ],
    [
      "mixed directions, the trailing run one row value",
      STATUS_DESC_ID,
      "after",
      ["b", 30, 9],
      ['"status" > $1', '("status" = $1 AND ("created_at", "id") < ($2, $3))'],
      ["b", 30, 9],
    ],
    [
      "mixed directions, one branch per column",
      [{ name: "status" }, { name: "created_at", direction: "desc" }, { name: "id" }],
      "after",
      ["b", 30, 9],
      [
        '"status" > $1',
        '("status" = $1 AND "created_at" < $2)',
        '("status" = $1 AND "created_at" = $2 AND "id" > $3)',
      ],
      ["b", 30, 9],
    ],
    [
      "mixed directions, before the cursor",
      STATUS_DESC_ID,
      "before",
      ["b", 30, 9],
      ['"status" < $1', '("status" = $1 AND ("created_at", "id") > ($2, $3))'],
      ["b", 30, 9],
    ],
    [
      "a nullable first column, NULLs ahead: its values and its NULLs apart",
      [{ name: "a", nullable: true }, { name: "id" }],
      "after",
      [5, 9],
      ['"a" > $1', '"a" IS NULL', '("a" = $1 AND "id" > $2)'],
      [5, 9],
    ],
    [
      "a nullable first column, NULLs ahead, a NULL cursor: no row beyond in the column",
      [{ name: "a", nullable: true }, { name: "id" }],
      "after",
      [null, 9],
      ['("a" IS NULL AND "id" > $1)'],
      [9],
    ],
    [
      "a nullable first column, NULLs behind",
      [{ name: "a", nullable: true, nulls: "first" }, { name: "id" }],
      "after",
      [5, 9],
      ['"a" > $1', '("a" = $1 AND "id" > $2)'],
      [5, 9],
    ],
    [
      "a nullable first column, NULLs behind, a NULL cursor: every value beyond",
      [{ name: "a", nullable: true, nulls: "first" }, { name: "id" }],
      "after",
      [null, 9],
      ['"a" IS NOT NULL', '("a" IS NULL AND "id" > $1)'],
      [9],
    ],
    [
      "a nullable first column, before the cursor: NULLs last are behind",
      [{ name: "a", nullable: true }, { name: "id" }],
      "before",
      [5, 9],
      ['"a" < $1', '("a" = $1 AND "id" < $2)'],
      [5, 9],
    ],
    [
      "a nullable first column, before the cursor: NULLs first are ahead",
      [{ name: "a", nullable: true, nulls: "first" }, { name: "id" }],
      "before",
      [5, 9],
      ['"a" < $1', '"a" IS NULL', '("a" = $1 AND "id" < $2)'],
      [5, 9],
    ],
    [
      "a nullable column inside a run one way: the run after it",
      [{ name: "a" }, { name: "b", nullable: true }, { name: "id" }],
      "after",
      [5, "x", 9],
      [
        '"a" > $1',
        '("a" = $1 AND "b" > $2)',
        '("a" = $1 AND "b" IS NULL)',
        '("a" = $1 AND "b" = $2 AND "id" > $3)',
      ],
      [5, "x", 9],
    ],
    [
      "a NULL in the tie-breaker (no checked row holds one): no row, and no value",
      [{ name: "id" }],
      "after",
      [null],
      ["FALSE"],
      [],
    ],
  ])("%s", (_name, spec, side, values, branches, branchValues) => {
    const sql = keysetSql(sortColumns(spec), { side, values }, 10);
    expect([sql.branches, sql.branchValues]).toStrictEqual([branches, branchValues]);
  });

  it.each<[string, number, string[]]>([
    ["from $1", 1, ['"status" > $1', '("status" = $1 AND ("created_at", "id") < ($2, $3))']],
    ["from $3", 3, ['"status" > $3', '("status" = $3 AND ("created_at", "id") < ($4, $5))']],
  ])("numbers its placeholders %s, one per cursor value", (_name, first, branches) => {
    const sql = keysetSql(
      sortColumns(STATUS_DESC_ID),
      { side: "after", values: ["b", 30, 9] },
      10,
      first,
    );
    expect(sql.branches).toStrictEqual(branches);
  });

  it("is TRUE without a cursor", () => {
    const sql = keysetSql(sortColumns(STATUS_DESC_ID), undefined, 10);
    expect([sql.branches, sql.lead, sql.branchValues]).toStrictEqual([["TRUE"], "TRUE", []]);
  });

  it.each<[string, SortColumn[], CursorSide, CursorValue[], string]>([
    [
      "one range: itself",
      [{ name: "a" }, { name: "id" }],
      "after",
      [5, 9],
      '("a", "id") > ($1, $2)',
    ],
    [
      "mixed directions: the cursor's status, older rows",
      STATUS_DESC_ID,
      "after",
      ["b", 30, 9],
      '("status" = $1 AND ("created_at", "id") < ($2, $3))',
    ],
    [
      "before the cursor: the cursor's status, newer rows",
      STATUS_DESC_ID,
      "before",
      ["b", 30, 9],
      '("status" = $1 AND ("created_at", "id") > ($2, $3))',
    ],
    [
      "a nullable column's NULLs ahead: the longest prefix, not the NULLs",
      [{ name: "a", nullable: true }, { name: "id" }],
      "after",
      [5, 9],
      '("a" = $1 AND "id" > $2)',
    ],
    [
      "a NULL tie-breaker (no checked row holds one): the nearest values, before the NULLs",
      [{ name: "a", nullable: true }, { name: "id" }],
      "after",
      [5, null],
      '"a" > $1',
    ],
    ["a NULL tie-breaker alone: no row", [{ name: "id" }], "after", [null], "FALSE"],
  ])("leads with the branch nearest the cursor: %s", (_name, spec, side, values, lead) => {
    const sql = keysetSql(sortColumns(spec), { side, values }, 10);
    expect([sql.lead, sql.branches.includes(lead)]).toStrictEqual([lead, true]);
  });
});

describe("keysetUnionSql", () => {
  const select = (where: string) => `SELECT * FROM t WHERE owner = $1 AND ${where}`;
  const ORDER = '"status" ASC, "created_at" DESC, "id" DESC';

  const NEAREST = `SELECT * FROM t WHERE owner = $1 AND ("status" = $2 AND ("created_at", "id") < ($3, $4)) ORDER BY ${ORDER} LIMIT 31`;

  it.each<
    [string, SortColumn[], CursorValue[] | undefined, string, CursorValue[], string | undefined]
  >([
    [
      "no cursor: the plain query, no lead",
      STATUS_DESC_ID,
      undefined,
      `SELECT * FROM t WHERE owner = $1 AND TRUE ORDER BY ${ORDER} LIMIT 31`,
      [],
      undefined,
    ],
    [
      "one branch: the plain query, no lead",
      [{ name: "id" }],
      [7],
      'SELECT * FROM t WHERE owner = $1 AND "id" > $2 ORDER BY "id" ASC LIMIT 31',
      [7],
      undefined,
    ],
    [
      "branches: each with its ORDER BY and LIMIT, merged by the outer ones; the nearest alone leads",
      STATUS_DESC_ID,
      ["b", 30, 9],
      `(SELECT * FROM t WHERE owner = $1 AND "status" > $2 ORDER BY ${ORDER} LIMIT 31) UNION ALL (${NEAREST}) ORDER BY ${ORDER} LIMIT 31`,
      ["b", 30, 9],
      NEAREST,
    ],
  ])("%s", (_name, spec, values, text, statementValues, lead) => {
    const cursor = values === undefined ? undefined : { side: "after" as const, values };
    const keyset = keysetSql(sortColumns(spec), cursor, 30, 2);
    expect(keysetUnionSql(keyset, select)).toStrictEqual({
      text,
      values: statementValues,
      lead: lead === undefined ? undefined : { text: lead, values: statementValues },
    });
  });

  it("refuses a selectOf that leaves the predicate out", () => {
    const keyset = keysetSql(sortColumns([{ name: "id" }]), { side: "after", values: [7] }, 30);
    expect(() => keysetUnionSql(keyset, () => "SELECT * FROM t")).toThrow(
      new TypeError(
        `selectOf must splice the predicate it is given into its WHERE: (where) => \`SELECT * FROM t WHERE filter AND \${where}\`; given "\\"id\\" > $1", it gave a string ("SELECT * FROM t")`,
      ),
    );
  });
});

type Row = { g: number; a: number | null; b: string | null; id: number };

describe("keysetUnionSql on PostgreSQL (PGlite)", () => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await pgliteClient(await freshPgliteDir());
    await db.exec(`CREATE TABLE t (g int NOT NULL, a int, b text COLLATE "C", id int PRIMARY KEY)`);
  }, 30_000);
  afterAll(() => db.close());

  it("selects the single predicate's rows and keysetRows', for any data, order and cursor", async () => {
    const row = fc.record({
      g: fc.integer({ min: 0, max: 1 }),
      a: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
      b: fc.option(fc.constantFrom("", "a", "b"), { nil: null }),
    });
    const way = fc.record({
      direction: fc.constantFrom("asc" as const, "desc" as const),
      nulls: fc.constantFrom("first" as const, "last" as const, undefined),
      nullable: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 30 }),
        fc.constantFrom<("a" | "b")[]>([], ["a"], ["b"], ["a", "b"], ["b", "a"]),
        fc.tuple(way, way),
        fc.constantFrom("asc" as const, "desc" as const),
        fc.nat(),
        fc.constantFrom("after" as const, "before" as const),
        fc.integer({ min: 1, max: 6 }),
        async (data, names, ways, idDirection, pick, side, pageSize) => {
          const spec: SortColumn[] = [
            ...names.map((name, i): SortColumn => {
              const { direction, nulls, nullable } = ways[i] ?? ways[0];
              return { name, direction, nullable, ...(nulls ? { nulls } : {}) };
            }),
            { name: "id", direction: idDirection },
          ];
          // A column declared NOT nullable holds no NULL (a row that does is refused elsewhere).
          const held = (name: "a" | "b") => spec.find((c) => c.name === name)?.nullable !== false;
          const rows: Row[] = data.map((r, id) => ({
            g: r.g,
            a: r.a === null && !held("a") ? 0 : r.a,
            b: r.b === null && !held("b") ? "" : r.b,
            id,
          }));
          const columns = sortColumns(spec);
          const valuesOf = (r: Row) => spec.map((c) => r[c.name as keyof Row]) as CursorValue[];
          const cursor = { side, values: valuesOf(rows[pick % rows.length] as Row) };
          await db.exec("DELETE FROM t");
          for (const r of rows) {
            await db.query("INSERT INTO t VALUES ($1, $2, $3, $4)", [r.g, r.a, r.b, r.id]);
          }
          const keyset = keysetSql(columns, cursor, pageSize, 2);
          const union = keysetUnionSql(
            keyset,
            (where) => `SELECT * FROM t WHERE g = $1 AND ${where}`,
          );
          const got = await db.query<Row>(union.text, [0, ...union.values]);
          const plain = await db.query<Row>(
            `SELECT * FROM t WHERE g = $1 AND ${keyset.where} ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
            [0, ...keyset.values],
          );
          const mine = rows.filter((r) => r.g === 0);
          const expected = keysetRows(columns, mine, valuesOf, cursor, keyset.limit);
          // The lead's rows open the page: the whole of it when it fills the LIMIT.
          const lead = union.lead ?? union;
          const led = await db.query<Row>(lead.text, [0, ...lead.values]);
          expect(got.map((r) => r.id)).toStrictEqual(expected.map((r) => r.id));
          expect(plain.map((r) => r.id)).toStrictEqual(expected.map((r) => r.id));
          expect(led.map((r) => r.id)).toStrictEqual(
            expected.slice(0, led.length).map((r) => r.id),
          );
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});
