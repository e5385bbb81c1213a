/**
 * A join on PostgreSQL (PGlite), explained (docs/drizzle.md, "A join on PostgreSQL"): packages
 * joined to their repository, 200,000 packages in one repository beside others, an index on
 * `packages (repository_id, created_at, id)`. Filtered by the repository's own columns
 * (`repositories.owner = $1 AND repositories.name = $2`), the planner joins and sorts: each page
 * reads every package of the table (a hash join) and sorts the repository's. Filtered by the paged table's column
 * (`packages.repository_id = (SELECT id FROM repositories WHERE …)`), the index gives the order
 * and the cursor's range: a page reads its rows and no more. Checked on the statements pagewise
 * ran (Drizzle's logger), by `EXPLAIN (ANALYZE, FORMAT JSON)` after `ANALYZE`.
 */
import { PGlite } from "@electric-sql/pglite";
import { and, eq } from "drizzle-orm";
import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRouter } from "../../../src/adapters/fetch/index.js";
import { drizzleCursorPages, drizzlePages } from "../../../src/builders/drizzle/index.js";
import { cursorList, defineResource, list } from "../../../src/index.js";

const ROWS = 200_000;
const PAGE = 30;
/** The packages of the other repositories. */
const OTHERS = 20_000;

const repositories = pgTable("repositories", {
  id: integer("id").primaryKey(),
  owner: text("owner").notNull(),
  name: text("name").notNull(),
});
const packages = pgTable("packages", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  repositoryId: integer("repository_id").notNull(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { precision: 6, mode: "string" }).notNull(),
});

const client = new PGlite();
const logged: { query: string; params: unknown[] }[] = [];
const db = drizzle({
  client,
  logger: { logQuery: (query, params) => void logged.push({ query, params }) },
});

beforeAll(async () => {
  await client.exec(`
    CREATE TABLE repositories (id integer PRIMARY KEY, owner text NOT NULL, name text NOT NULL,
      UNIQUE (owner, name));
    CREATE TABLE packages (id bigint PRIMARY KEY, repository_id integer NOT NULL,
      name text NOT NULL, created_at timestamp(6) NOT NULL);
    INSERT INTO repositories VALUES (1, 'ada', 'big'), (2, 'ada', 'small'), (3, 'bob', 'big');
    INSERT INTO packages
      SELECT i, CASE WHEN i <= ${ROWS} THEN 1 ELSE 2 + i % 2 END, 'package ' || i,
        timestamp '2026-01-01' + i * interval '1 second'
      FROM generate_series(1, ${ROWS + OTHERS}) AS i;
    CREATE INDEX packages_repository_created ON packages (repository_id, created_at, id);
    ANALYZE;
  `);
}, 120_000);
afterAll(() => client.close());

/** The repository's packages, filtered by its owner and name, or by their repository's id. */
const SELECTS = {
  "the joined table's columns": (owner: string, repo: string) =>
    db
      .select({ id: packages.id, name: packages.name, createdAt: packages.createdAt })
      .from(packages)
      .innerJoin(repositories, eq(repositories.id, packages.repositoryId))
      .where(and(eq(repositories.owner, owner), eq(repositories.name, repo))),
  "packages.repository_id": (owner: string, repo: string) =>
    db
      .select({ id: packages.id, name: packages.name, createdAt: packages.createdAt })
      .from(packages)
      .innerJoin(repositories, eq(repositories.id, packages.repositoryId))
      .where(
        eq(
          packages.repositoryId,
          db
            .select({ id: repositories.id })
            .from(repositories)
            .where(and(eq(repositories.owner, owner), eq(repositories.name, repo))),
        ),
      ),
} as const;
type Filter = keyof typeof SELECTS;

const sort = {
  fields: { created_at: { type: "timestamp" } },
  tieBreaker: { column: "id", type: "bigint" },
  default: "-created_at",
} as const;
const secret = "a cursor secret of thirty-two characters";
const route = fetchRouter(
  (Object.keys(SELECTS) as Filter[]).flatMap((filter, i) => {
    const select = ({ path }: { path: { owner: string; repo: string } }) =>
      SELECTS[filter](path.owner, path.repo);
    const pages = defineResource("/:owner/:repo/", {
      GET: list({ sort, handler: drizzlePages(db, select, { count: "none" }) }),
    });
    const feed = defineResource(
      "/:owner/:repo/",
      {
        GET: cursorList({ sort, secret, handler: drizzleCursorPages(db, select) }),
      },
      { maxPageSize: ROWS },
    );
    return [
      [`/${i}/pages/:owner/:repo/`, pages],
      [`/${i}/feed/:owner/:repo/`, feed],
    ] as const;
  }),
);

/** A plan node of `EXPLAIN (ANALYZE, FORMAT JSON)`. */
type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

/** What the statement pagewise ran last did: its sorts, and how many packages it read. */
async function lastStatement() {
  const { query, params } = logged.at(-1) as { query: string; params: unknown[] };
  const result = await client.query<Record<string, unknown>>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
    params,
  );
  const [explained] = Object.values(result.rows[0] ?? {}) as [{ Plan: PlanNode }[]];
  const all = nodes((explained[0] as { Plan: PlanNode }).Plan);
  const reads = all.filter((node) => node["Relation Name"] === "packages");
  return {
    sorts: all.filter((node) => node["Node Type"] === "Sort").length,
    packagesRead: reads.reduce((sum, node) => sum + Number(node["Actual Rows"]), 0),
    indexed: reads.every((node) => node["Index Name"] === "packages_repository_created"),
  };
}

/** The `after` token of each place's feed at the row at 90% of the list (newest first). */
const deepCursors = new Map<number, string>();

/** Where a page is read: page 1, or at 90% of the list (by number, or after that row's cursor). */
function pageTarget(mode: "pages" | "feed", place: number, deep: boolean): string {
  const base = `/${place}/${mode}/ada/big/?page_size=${PAGE}`;
  if (!deep) return base;
  return mode === "pages"
    ? `${base}&page=${(ROWS * 0.9) / PAGE + 1}`
    : `${base}&after=${deepCursors.get(place)}`;
}

describe("a join on PostgreSQL, paged", () => {
  beforeAll(async () => {
    // The next link of a page of 90% of the rows (the feeds serve pages that large).
    for (const place of [0, 1]) {
      const target = `/${place}/feed/ada/big/?page_size=${ROWS * 0.9}`;
      const response = await route(new Request(`http://localhost${target}`));
      const next = /<([^>]*)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1] ?? "";
      deepCursors.set(place, new URL(next, "http://localhost").searchParams.get("after") ?? "");
    }
  }, 120_000);

  it.each([
    [
      "the joined table's columns",
      "pages",
      false,
      { sorts: 1, packagesRead: ROWS + OTHERS, indexed: false },
    ],
    [
      "the joined table's columns",
      "feed",
      false,
      { sorts: 1, packagesRead: ROWS + OTHERS, indexed: false },
    ],
    ["packages.repository_id", "pages", false, { sorts: 0, packagesRead: PAGE + 1, indexed: true }],
    [
      "packages.repository_id",
      "pages",
      true,
      { sorts: 0, packagesRead: ROWS * 0.9 + PAGE + 1, indexed: true },
    ],
    ["packages.repository_id", "feed", false, { sorts: 0, packagesRead: PAGE + 1, indexed: true }],
    ["packages.repository_id", "feed", true, { sorts: 0, packagesRead: PAGE + 1, indexed: true }],
  ] as const)(
    "filtered by %s, %s (deep: %s): its sorts and the packages it reads",
    async (filter, mode, deep, expected) => {
      const place = (Object.keys(SELECTS) as Filter[]).indexOf(filter);
      const target = pageTarget(mode, place, deep);
      const response = await route(new Request(`http://localhost${target}`));
      expect(response.status).toBe(200);
      expect(((await response.json()) as unknown[]).length).toBe(PAGE);
      expect(await lastStatement()).toStrictEqual(expected);
    },
    60_000,
  );
});
