/**
 * The differential walk of `drizzleCursorPages` on one database, run on every dialect: random
 * tables (ties, NULL scores, mixed-case and non-ASCII names, bigint ids beyond 2^53, timestamps
 * differing only in microseconds) and random orders with mixed directions; every walk forward to
 * the end and back to the start gives every row once, in the database's own `ORDER BY` of the
 * whole table.
 */
import { eq, sql } from "drizzle-orm";
import { alias as mysqlAlias } from "drizzle-orm/mysql-core";
import { alias as pgAlias } from "drizzle-orm/pg-core";
import { alias as sqliteAlias } from "drizzle-orm/sqlite-core";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleResource } from "../../../src/adapters/index.js";
import { drizzleCursorPages } from "../../../src/builders/drizzle/index.js";
import { cursorList, defineResource } from "../../../src/index.js";
import type { DrizzleDatabaseUnderTest, PackageRow } from "./drizzle-databases.js";

const SECRET = "drizzle-walk-secret-drizzle-walk-secret";
export const WALK_SORT = {
  fields: {
    name: true,
    owner: true,
    created_at: { type: "timestamp" },
    score: { nullable: true },
    id: true,
  },
  tieBreaker: { column: "id", type: "bigint" },
} as const;
/**
 * The same fields with `score`'s NULLs set last ascending, first descending: contrary to MariaDB's
 * and SQLite's place, PostgreSQL's own.
 */
export const WALK_SORT_NULLS_LAST = {
  ...WALK_SORT,
  fields: { ...WALK_SORT.fields, score: { nullable: true, nulls: "last" } },
} as const;
const NAMES = ["alpha", "Alpha", "ALPHA", "émile", "Émile", "zeta", "Zeta", "beta"];
const STAMPS = [
  "2026-01-01 10:00:00.000001",
  "2026-01-01 10:00:00.000002",
  "2026-01-01 10:00:00.999999",
  "2026-01-01 10:00:01",
];
/** Each dialect's `alias` of a table. */
const ALIAS = {
  sqlite: sqliteAlias,
  mariadb: mysqlAlias,
  pglite: pgAlias,
  postgres: pgAlias,
} as unknown as Record<
  DrizzleDatabaseUnderTest["name"],
  (table: unknown, name: string) => DrizzleDatabaseUnderTest["packages"]
>;
const CAST = {
  sqlite: "cast(id as text)",
  mariadb: "cast(id as char)",
  pglite: "id::text",
  postgres: "id::text",
};

const row = fc.record({
  name: fc.constantFrom(...NAMES),
  createdAt: fc.constantFrom(...STAMPS),
  score: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 3 }),
});
/** An order as a client sends it: one or two fields, each either way, then the tie-breaker's way. */
const sortParam = fc
  .tuple(
    fc.shuffledSubarray(["name", "created_at", "score"], { minLength: 1, maxLength: 2 }),
    fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  )
  .map(([fields, down]) => [...fields, "id"].map((f, i) => (down[i] ? `-${f}` : f)).join(","));

export function describeWalks(
  open: () => Promise<DrizzleDatabaseUnderTest>,
  numRuns: number,
): void {
  let t: DrizzleDatabaseUnderTest;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t?.close());

  /**
   * The selects walked: the table's rows (pagewise filters the select itself), the same rows of
   * a `selectDistinct` (read through a subquery), and a join's nested objects (sort columns
   * found in them), each with how a row's id is read.
   */
  const SELECTS = {
    "the table's rows": {
      query: () => t.db.select().from(t.packages),
      idOf: (row: Record<string, unknown>) => row.id,
    },
    "a select distinct, read through a subquery": {
      query: () => t.db.selectDistinct().from(t.packages),
      idOf: (row: Record<string, unknown>) => row.id,
    },
    "a join's nested objects": {
      query: () => {
        const same = ALIAS[t.name](t.packages, "same");
        const p = t.packages;
        const fields = { id: p.id, name: p.name, created_at: p.createdAt, score: p.score };
        return t.db
          .select({ row: fields, same: { owner: same.owner } })
          .from(p)
          .innerJoin(same, eq(same.id, p.id));
      },
      idOf: (row: Record<string, unknown>) => (row.row as { id: unknown }).id,
    },
  };
  type Select = keyof typeof SELECTS;
  const resource = (nullsLast: boolean, select: Select) =>
    defineResource({
      GET: cursorList({
        secret: SECRET,
        sort: nullsLast ? WALK_SORT_NULLS_LAST : WALK_SORT,
        handler: drizzleCursorPages(t.db, SELECTS[select].query),
      }),
    });
  const page = async (url: string, nullsLast: boolean, select: Select) => {
    const answer = await handleResource(resource(nullsLast, select), {
      method: "GET",
      url,
      header: () => undefined,
      native: null,
    });
    expect(answer.status, answer.body ?? "").toBe(200);
    const link = (rel: string) =>
      new RegExp(`<([^>]*)>; rel="${rel}"`).exec(answer.headers.Link ?? "")?.[1];
    const rows = JSON.parse(answer.body as string) as Record<string, unknown>[];
    const ids = rows.map((r) => String(SELECTS[select].idOf(r)));
    return { ids, next: link("next"), prev: link("prev") };
  };
  /** The database's own order of the whole table (`score`'s NULLs put by `score is null`). */
  const ordered = async (sort: string, nullsLast: boolean) => {
    const term = (f: string) => {
      const [name, way] = f.startsWith("-") ? [f.slice(1), "desc"] : [f, "asc"];
      return name === "score" && nullsLast
        ? `score is null ${way}, score ${way}`
        : `${name} ${way}`;
    };
    const order = sort.split(",").map(term).join(", ");
    const rows = await t.raw(`select ${CAST[t.name]} as id from packages order by ${order}`);
    return rows.map((r) => String(r.id));
  };

  it.each([
    [
      "the whole row",
      () => t.db.select().from(t.packages),
      ["id", "name", "owner", "createdAt", "score"],
    ],
    [
      "a partial selection, an expression under its own name",
      () =>
        t.db
          .select({
            id: t.packages.id,
            created_at: t.packages.createdAt,
            loud: sql<string>`upper(${t.packages.name})`.as("loud"),
          })
          .from(t.packages),
      ["id", "created_at", "loud"],
    ],
  ])("answers %s as selected: its members and nothing added", async (_name, query, members) => {
    await t.fill([
      {
        id: 2n ** 53n + 1n,
        name: "Émile",
        owner: "ada",
        createdAt: STAMPS[0] as string,
        score: null,
      },
    ]);
    const list = defineResource({
      GET: cursorList({
        secret: SECRET,
        sort: WALK_SORT,
        handler: drizzleCursorPages(t.db, query),
      }),
    });
    const answer = await handleResource(list, {
      method: "GET",
      url: "/?sort=-created_at",
      header: () => undefined,
      native: null,
    });
    const rows = JSON.parse(answer.body as string) as Record<string, unknown>[];
    expect(rows.map((r) => Object.keys(r))).toStrictEqual([members]);
  });

  it.each(
    (Object.keys(SELECTS) as Select[]).flatMap((select) => [
      [select, "where the database puts them", false] as const,
      [select, "set last ascending, first descending", true] as const,
    ]),
  )(
    "walks %s forward to the end and back to the start, NULLs %s: every row once, in the database's order",
    async (select, _, nullsLast) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { maxLength: 20 }),
          sortParam,
          fc.integer({ min: 1, max: 4 }),
          async (data, sort, size) => {
            const rows: PackageRow[] = data.map((r, i) => ({
              ...r,
              owner: "ada",
              id: 2n ** 53n + BigInt(i * 7),
            }));
            await t.fill(rows);
            const expected = await ordered(sort, nullsLast);
            const forward: string[] = [];
            let at = await page(`/?sort=${sort}&page_size=${size}`, nullsLast, select);
            forward.push(...at.ids);
            while (at.next !== undefined) {
              at = await page(at.next, nullsLast, select);
              forward.push(...at.ids);
            }
            expect(forward).toStrictEqual(expected);
            const backward = [...at.ids];
            while (at.prev !== undefined) {
              at = await page(at.prev, nullsLast, select);
              backward.unshift(...at.ids);
            }
            expect(backward).toStrictEqual(expected);
          },
        ),
        { numRuns },
      );
    },
  );
}
