/**
 * The behaviour of `drizzlePages` on one database, run on every dialect: the page's rows in the
 * database's own order of the request's sort, the user's filter and selection kept, and each
 * count strategy's headers.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleResource } from "../../../src/adapters/index.js";
import { drizzlePages } from "../../../src/builders/drizzle/index.js";
import { defineResource, list } from "../../../src/index.js";
import type { CountStrategy } from "../../../src/sql/count-strategy.js";
import type { DrizzleDatabaseUnderTest, PackageRow } from "./drizzle-databases.js";

const BIG = 2n ** 53n;
/** Two owners; ties in time differing in microseconds; NULL scores; mixed-case, non-ASCII names. */
export const PACKAGES: readonly PackageRow[] = [
  ["ada", "Zeta", "2026-01-01 10:00:00.000001", 3],
  ["ada", "alpha", "2026-01-01 10:00:00.000002", null],
  ["ada", "Émile", "2026-01-01 10:00:00.000002", 1],
  ["bob", "beta", "2026-01-01 10:00:00.000001", 3],
  ["ada", "gamma", "2026-01-02 10:00:00.5", null],
  ["ada", "delta", "2026-01-01 10:00:00.000003", 2],
  ["bob", "eta", "2026-01-03 10:00:00", 1],
].map(([owner, name, createdAt, score], i) => ({
  id: BIG + BigInt(i),
  owner: owner as string,
  name: name as string,
  createdAt: createdAt as string,
  score: score as number | null,
}));

const SORT = {
  fields: { name: true, created_at: { type: "timestamp" }, score: { nullable: true } },
  tieBreaker: { column: "id", type: "bigint" },
  default: "-created_at",
} as const;

/** The planners' estimates of ada's 5 of 7 packages, measured (tables analyzed by `fill`). */
const ESTIMATES: Readonly<Record<string, string>> = { pglite: "5", postgres: "5", mariadb: "5" };

export function describePages(open: () => Promise<DrizzleDatabaseUnderTest>): void {
  let t: DrizzleDatabaseUnderTest;
  beforeAll(async () => {
    t = await open();
    await t.fill(PACKAGES);
  });
  afterAll(() => t?.close());

  const resource = (count: CountStrategy<unknown>) =>
    defineResource("/:owner", {
      GET: list({
        sort: SORT,
        handler: drizzlePages(
          t.db,
          ({ path }: { path: { owner: string } }) =>
            t.db.select().from(t.packages).where(eq(t.packages.owner, path.owner)),
          { count },
        ),
      }),
    });
  const get = async (count: CountStrategy<unknown>, url: string) => {
    const answer = await handleResource(resource(count), {
      method: "GET",
      url,
      pathParams: { owner: url.slice(1, url.indexOf("?")) },
      header: () => undefined,
      native: null,
    });
    expect(answer.status).toBe(200);
    return {
      headers: answer.headers,
      rows: JSON.parse(answer.body as string) as Record<string, unknown>[],
    };
  };
  /** The ids of ada's packages in the database's own order, the same query written by hand. */
  const expected = async (
    order: (p: DrizzleDatabaseUnderTest["packages"]) => unknown[],
    offset: number,
    limit: number,
  ) => {
    const p = t.packages;
    const rows = await t.db
      .select({ id: p.id })
      .from(p)
      .where(eq(p.owner, "ada"))
      .orderBy(...order(p))
      .limit(limit)
      .offset(offset);
    return rows.map((r: { id: bigint }) => String(r.id));
  };

  it.each<[string, (p: DrizzleDatabaseUnderTest["packages"]) => unknown[]]>([
    ["-created_at", (p) => [desc(p.createdAt), desc(p.id)]],
    ["created_at", (p) => [asc(p.createdAt), asc(p.id)]],
    ["name", (p) => [asc(p.name), asc(p.id)]],
    ["score,-name", (p) => [asc(p.score), desc(p.name), asc(p.id)]],
    ["-score", (p) => [desc(p.score), desc(p.id)]],
  ])(
    "sort=%s: page 2 of 2 rows is the database's own order of the filtered rows",
    async (sort, order) => {
      const { rows } = await get("exact", `/ada?sort=${sort}&page=2&page_size=2`);
      expect(rows.map((r) => String(r.id))).toStrictEqual(await expected(order, 2, 2));
    },
  );

  it("answers the rows as the query selected them: its members, nothing added", async () => {
    const { rows } = await get("none", "/bob?page_size=1");
    expect(rows).toStrictEqual([
      { id: String(BIG + 6n), name: "eta", owner: "bob", createdAt: expect.anything(), score: 1 },
    ]);
  });

  it.each<[string, CountStrategy<unknown>, string, Record<string, string | undefined>]>([
    ["exact", "exact", "/ada?page_size=2", { "X-Pagination-Count": "5" }],
    ["a cap below the count", { cap: 3 }, "/ada?page_size=2", { "X-Pagination-CountAtLeast": "4" }],
    ["a cap above it", { cap: 5 }, "/ada?page_size=2", { "X-Pagination-Count": "5" }],
    [
      "whenNeeded, not needed (one page)",
      { whenNeeded: "exact" },
      "/ada?page_size=10",
      { "X-Pagination-Count": "5" },
    ],
    [
      "whenNeeded, needed",
      { whenNeeded: { cap: 2 } },
      "/ada?page_size=2",
      { "X-Pagination-CountAtLeast": "3" },
    ],
    ["of the user's own", { of: () => 42 }, "/ada?page_size=2", { "X-Pagination-Count": "42" }],
    [
      "none",
      "none",
      "/ada?page_size=2",
      { "X-Pagination-Count": undefined, "X-Pagination-CountAtLeast": undefined },
    ],
  ])("count %s: the headers it says", async (_name, count, url, headers) => {
    const answer = await get(count, url);
    for (const [name, value] of Object.entries(headers)) expect(answer.headers[name]).toBe(value);
  });

  it("count estimate: the planner's rows of the user's query; refused on SQLite when defined", async () => {
    if (t.name === "sqlite") {
      const query = () => t.db.select().from(t.packages);
      expect(() => drizzlePages(t.db, query, { count: "estimate" })).toThrow(
        /sqlite keeps no row estimate/,
      );
      return;
    }
    const answer = await get("estimate", "/ada?page_size=2");
    expect(answer.headers["X-Pagination-CountEstimate"]).toBe(ESTIMATES[t.name]);
  });

  it.each<[string, string, (p: DrizzleDatabaseUnderTest["packages"]) => unknown[]]>([
    ["an expression under its alias", "label", (p) => [sql`lower(${p.name})`, asc(p.id)]],
    ["an alias, descending", "-label", (p) => [sql`lower(${p.name}) desc`, desc(p.id)]],
    [
      "NULLs moved last (MariaDB: a subquery for its `score IS NULL` term)",
      "rank",
      (p) => [sql`${p.score} is null`, asc(p.score), asc(p.id)],
    ],
  ])("sorts by %s (sort=%s): the database's own order", async (_name, sort, order) => {
    const p = t.packages;
    const handler = drizzlePages(
      t.db,
      () =>
        t.db
          .select({ id: p.id, label: sql<string>`lower(${p.name})`.as("label"), rank: p.score })
          .from(p)
          .where(eq(p.owner, "ada")),
      { count: "none" },
    );
    const resource = defineResource("/", {
      GET: list({
        sort: {
          fields: { label: true, rank: { column: "score", nullable: true, nulls: "last" } },
          tieBreaker: { column: "id", type: "bigint" },
        },
        handler,
      }),
    });
    const answer = await handleResource(resource, {
      method: "GET",
      url: `/?sort=${sort}&page_size=10`,
      pathParams: {},
      header: () => undefined,
      native: null,
    });
    const rows = JSON.parse(answer.body as string) as { id: string }[];
    const own = await t.db
      .select({ id: p.id })
      .from(p)
      .where(eq(p.owner, "ada"))
      .orderBy(...order(p));
    expect([answer.status, rows.map((r) => r.id)]).toStrictEqual([
      200,
      own.map((r: { id: bigint }) => String(r.id)),
    ]);
  });

  it("refuses a list without sort when first asked", async () => {
    const handler = drizzlePages(t.db, () => t.db.select().from(t.packages));
    expect(() => handler.handle({ sort: undefined } as never)).toThrow(
      new TypeError(
        "drizzlePages orders the rows by the list's sort option: give the list sort ({ fields, tieBreaker, default })",
      ),
    );
  });
}
