/**
 * Lists over a join of `packages` to `repositories` (both have `id` and `name`), run on every
 * dialect (`describeJoinWalks`): through Kysely and Drizzle, in page and cursor mode, a sort on
 * `name` (ambiguous between the tables) walks every row once in the order of the column the
 * select names so, forward and back; a select that leaves it unsaid is refused before any SQL
 * runs, with a message that says how to name it.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { sql as kyselySql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleResource } from "../../src/adapters/index.js";
import { drizzleCursorPages, drizzlePages } from "../../src/builders/drizzle/index.js";
import { kyselyCursorPages, kyselyPages } from "../../src/builders/kysely/index.js";
import { cursorList, defineResource, list } from "../../src/index.js";
import type { JoinDatabase } from "./join-databases.js";
import { PACKAGES, REPOSITORIES } from "./join-databases.js";
import { answer, walk } from "./kysely/kysely-behaviour.js";

const SECRET = "joins-secret-joins-secret-joins-secret";
const SORT = {
  fields: { name: true, score: { nullable: true } },
  tieBreaker: "id",
} as const;
/** Each way on the ambiguous field, and mixed directions with NULLs (a union on PostgreSQL and SQLite). */
const SORTS = ["name", "-name", "score,-name"] as const;

type Resource = ReturnType<typeof defineResource>;
/** Which table's `name` a select gives under the key `name`. */
type NameOf = "packages" | "repositories";

/**
 * The ids of the join's rows in the database's own ORDER BY for `sort`, `name` being the named
 * table's (the tie-breaker in the last term's direction).
 */
async function databaseOrder(db: JoinDatabase, sort: string, nameOf: NameOf): Promise<string[]> {
  const column = (field: string) =>
    field === "name" ? `${nameOf === "packages" ? "p" : "r"}.name` : `p.${field}`;
  const terms = sort
    .split(",")
    .map((f) => (f.startsWith("-") ? `${column(f.slice(1))} DESC` : `${column(f)} ASC`));
  const last = (terms.at(-1) as string).endsWith("DESC") ? "DESC" : "ASC";
  const rows = await db.raw(
    `SELECT p.id AS id FROM packages p JOIN repositories r ON r.id = p.repository_id ORDER BY ${terms.join(", ")}, p.id ${last}`,
  );
  return rows.map((r) => String(r.id));
}

/** Walks `resource` forward from page 1, then back from the last page: both in `expected`'s order. */
async function walksBothWays(resource: Resource, sort: string, expected: readonly string[]) {
  const forward = await walk(resource, `/?sort=${sort}&page_size=4`, "next");
  expect(forward.ids).toStrictEqual(expected);
  const back = await walk(resource, forward.last, "prev");
  expect(back.ids.reverse()).toStrictEqual(expected);
}

/** The error of a cursor page whose rows repeat a package's sort values (a join to many). */
const REPEATED = (sort: string) => {
  const columns = [...sort.split(",").map((f) => f.replace("-", "")), "id"].join(", ");
  return new Error(
    `pagewise: two rows of a cursor page have the same sort values (${columns}): the tie-breaker "id" is not unique in the query's rows (a join to many?), and a cursor would skip rows. Make the tie-breaker a key unique in the rows (the many side's own), or give each its one row (aggregate the many side)`,
  );
};

/** The answer of a page whose select is refused: the handler's TypeError, before any SQL. */
async function refusal(resource: Resource, url: string): Promise<unknown> {
  return handleResource(resource, {
    method: "GET",
    url,
    header: () => undefined,
    native: null,
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

export function describeJoinWalks(open: () => Promise<JoinDatabase>): void {
  let db: JoinDatabase;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());
  const total = String(PACKAGES.length);

  describe("Kysely", () => {
    const base = () =>
      db.kysely
        .selectFrom("packages as p")
        .innerJoin("repositories as r", "r.id", "p.repository_id");
    /** The selects, each with the table whose `name` it outputs as `name`, and its options. */
    const SELECTS = {
      "the packages' columns and the repository's name as repo": {
        query: () => base().selectAll("p").select("r.name as repo"),
        nameOf: "packages",
        columns: undefined,
      },
      "columns selected by their tables": {
        query: () => base().select(["p.id", "r.name as repo", "p.name", "p.score"]),
        nameOf: "packages",
        columns: undefined,
      },
      "the repository's name as name": {
        query: () => base().select(["p.id", "r.name as name", "p.name as package", "p.score"]),
        nameOf: "repositories",
        columns: undefined,
      },
      "the packages' columns and the repository's name as name": {
        query: () => base().selectAll("p").select("r.name as name"),
        nameOf: "repositories",
        columns: undefined,
      },
      "the option columns naming the package's": {
        query: () => base().select(["p.id", "p.name", "r.name as repo", "p.score"]),
        nameOf: "packages",
        columns: { name: "p.name", id: "p.id", score: "p.score" },
      },
    } as const;
    type Select = keyof typeof SELECTS;
    /** The selects as one type: the suite gives each to the same handlers. */
    type Query = () => ReturnType<typeof base>;
    const cases = (Object.keys(SELECTS) as Select[]).flatMap((s) =>
      SORTS.map((o) => [s, o] as const),
    );
    const pages = (select: Select) => {
      const { query, columns } = SELECTS[select];
      return defineResource({
        GET: list({
          sort: SORT,
          handler: kyselyPages(db.kysely, query as unknown as Query, columns ? { columns } : {}),
        }),
      });
    };
    const cursors = (select: Select) => {
      const { query, columns } = SELECTS[select];
      return defineResource({
        GET: cursorList({
          sort: SORT,
          secret: SECRET,
          handler: kyselyCursorPages(
            db.kysely,
            query as unknown as Query,
            columns ? { columns } : {},
          ),
        }),
      });
    };

    it.each(cases)(
      "pages %s by sort=%s: every row once, counted, forward and back",
      async (select, sort) => {
        const expected = await databaseOrder(db, sort, SELECTS[select].nameOf);
        const first = await answer(pages(select), `/?sort=${sort}&page_size=4`);
        expect(first.status).toBe(200);
        expect(first.headers["X-Pagination-Count"]).toBe(total);
        await walksBothWays(pages(select), sort, expected);
      },
    );

    it.each(cases)(
      "walks %s by sort=%s with cursors: every row once, forward and back",
      async (select, sort) => {
        await walksBothWays(
          cursors(select),
          sort,
          await databaseOrder(db, sort, SELECTS[select].nameOf),
        );
      },
    );

    it.each(SORTS)(
      "refuses a cursor page of a join to many whose rows repeat a package, sort=%s",
      async (sort) => {
        const query = () =>
          base()
            .innerJoin("tags as t", "t.package_id", "p.id")
            .select(["p.id", "p.name", "p.score", "t.tag"]);
        const resource = defineResource({
          GET: cursorList({
            sort: SORT,
            secret: SECRET,
            handler: kyselyCursorPages(db.kysely, query as unknown as Query),
          }),
        });
        expect(await refusal(resource, `/?sort=${sort}&page_size=20`)).toStrictEqual(
          REPEATED(sort),
        );
      },
    );

    /** The message of a select that leaves `columns` unsaid, each of them the packages'. */
    const unsaid = (columns: readonly string[]) => {
      const names = columns.map((c) => `"${c}"`).join(", ");
      const option = columns.map((c) => `${c}: "p.${c}"`).join(", ");
      const each = columns.length === 1 ? "it" : "each";
      return `pagewise/kysely: the query reads more than one table, and which one's ${names} the list sorts by is not said: give the option columns: { ${option} } (the table or its alias, a dot, the column), or select ${each} once, by its table (select("p.${columns[0]}"))`;
    };
    it.each([
      [
        "the packages' columns and a selection pagewise cannot name",
        () =>
          base()
            .selectAll("p")
            .select(kyselySql<number>`r.id + 0` as never),
        ["score", "name", "id"],
      ],
      [
        "two columns named name",
        () => base().select(["p.id", "p.name", "r.name", "p.score"]),
        ["name"],
      ],
      [
        "the sort column not selected",
        () => base().select(["p.id", "r.name as repo", "p.score"]),
        ["name"],
      ],
      [
        "the name an expression's alias",
        () =>
          base().select([
            kyselySql<string>`lower(p.name)`.as("name"),
            "r.name as repo",
            "p.id",
            "p.score",
          ]),
        ["name"],
      ],
    ] as const)(
      "refuses %s, naming every unsaid column in one columns option, which walks once pasted",
      async (_, query, columns) => {
        const sort = "score,-name";
        const message = unsaid(columns);
        const q = query as unknown as Query;
        const resource = defineResource({
          GET: list({ sort: SORT, handler: kyselyPages(db.kysely, q) }),
        });
        expect(await refusal(resource, `/?sort=${sort}`)).toStrictEqual(new TypeError(message));
        const cursor = defineResource({
          GET: cursorList({ sort: SORT, secret: SECRET, handler: kyselyCursorPages(db.kysely, q) }),
        });
        expect(await refusal(cursor, `/?sort=${sort}`)).toStrictEqual(new TypeError(message));
        const option = { columns: Object.fromEntries(columns.map((c) => [c, `p.${c}`])) };
        const expected = await databaseOrder(db, sort, "packages");
        const pasted = defineResource({
          GET: list({ sort: SORT, handler: kyselyPages(db.kysely, q, option) }),
        });
        await walksBothWays(pasted, sort, expected);
        const pastedCursor = defineResource({
          GET: cursorList({
            sort: SORT,
            secret: SECRET,
            handler: kyselyCursorPages(db.kysely, q, option),
          }),
        });
        await walksBothWays(pastedCursor, sort, expected);
      },
    );
  });

  describe("Drizzle", () => {
    const p = () => db.packages;
    const r = () => db.repositories;
    const joined = <Q extends { innerJoin: (...args: never[]) => unknown }>(q: Q) =>
      (q.innerJoin as (t: unknown, on: unknown) => unknown).call(
        q,
        r(),
        eq(r().id, p().repositoryId),
      ) as Q;
    /** The selects, each with the table whose `name` it gives under the key `name`. */
    const SELECTS = {
      "the packages' columns and the repository's name as repo": {
        query: () =>
          joined(db.drizzle.select({ ...getTableColumns(p()), repo: r().name }).from(p())),
        nameOf: "packages",
      },
      "the repository's name before the package's": {
        query: () =>
          joined(
            db.drizzle
              .select({ repo: r().name, id: p().id, name: p().name, score: p().score })
              .from(p()),
          ),
        nameOf: "packages",
      },
      "the repository's name under the key name": {
        query: () =>
          joined(
            db.drizzle
              .select({ id: p().id, package: p().name, name: r().name, score: p().score })
              .from(p()),
          ),
        nameOf: "repositories",
      },
      "the package's name lowered under the key name": {
        query: () =>
          joined(
            db.drizzle
              .select({
                id: p().id,
                name: sql<string>`lower(${p().name})`.as("name"),
                repo: r().name,
                score: p().score,
              })
              .from(p()),
          ),
        nameOf: "packages",
      },
    } as const;
    type Select = keyof typeof SELECTS;
    const cases = (Object.keys(SELECTS) as Select[]).flatMap((s) =>
      SORTS.map((o) => [s, o] as const),
    );
    const pages = (select: Select) =>
      defineResource({
        GET: list({ sort: SORT, handler: drizzlePages(db.drizzle, SELECTS[select].query) }),
      });
    const cursors = (select: Select) =>
      defineResource({
        GET: cursorList({
          sort: SORT,
          secret: SECRET,
          handler: drizzleCursorPages(db.drizzle, SELECTS[select].query),
        }),
      });

    it.each(cases)(
      "pages %s by sort=%s: every row once, counted, forward and back",
      async (select, sort) => {
        const expected = await databaseOrder(db, sort, SELECTS[select].nameOf);
        const first = await answer(pages(select), `/?sort=${sort}&page_size=4`);
        expect(first.status).toBe(200);
        expect(first.headers["X-Pagination-Count"]).toBe(total);
        await walksBothWays(pages(select), sort, expected);
      },
    );

    it.each(cases)(
      "walks %s by sort=%s with cursors: every row once, forward and back",
      async (select, sort) => {
        await walksBothWays(
          cursors(select),
          sort,
          await databaseOrder(db, sort, SELECTS[select].nameOf),
        );
      },
    );

    it.each(SORTS)(
      "refuses a cursor page of a join to many whose rows repeat a package, sort=%s",
      async (sort) => {
        const query = () =>
          db.drizzle
            .select({ id: p().id, name: p().name, score: p().score, tag: db.tags.tag })
            .from(p())
            .innerJoin(db.tags, eq(db.tags.packageId, p().id));
        const resource = defineResource({
          GET: cursorList({
            sort: SORT,
            secret: SECRET,
            handler: drizzleCursorPages(db.drizzle, query),
          }),
        });
        expect(await refusal(resource, `/?sort=${sort}&page_size=20`)).toStrictEqual(
          REPEATED(sort),
        );
      },
    );

    describe("on a database of casing: snake_case, by a column's SQL name", () => {
      const snakeSort = { fields: { display_name: true }, tieBreaker: "id" } as const;
      const query = () => {
        const { drizzle, packages, repositories } = db.snake;
        return drizzle
          .select({ ...getTableColumns(packages), repo: repositories.displayName })
          .from(packages)
          .innerJoin(repositories, eq(repositories.id, packages.repositoryId));
      };
      const byName = (sort: string) =>
        databaseOrder(db, sort.replace("display_name", "name"), "packages");
      it.each(["display_name", "-display_name"])(
        "pages the packages' display_name by sort=%s: every row once, counted, forward and back",
        async (sort) => {
          const resource = defineResource({
            GET: list({ sort: snakeSort, handler: drizzlePages(db.snake.drizzle, query) }),
          });
          const first = await answer(resource, `/?sort=${sort}&page_size=4`);
          expect(first.status).toBe(200);
          expect(first.headers["X-Pagination-Count"]).toBe(total);
          await walksBothWays(resource, sort, await byName(sort));
        },
      );
      it.each(["display_name", "-display_name"])(
        "walks the packages' display_name by sort=%s with cursors, forward and back",
        async (sort) => {
          const resource = defineResource({
            GET: cursorList({
              sort: snakeSort,
              secret: SECRET,
              handler: drizzleCursorPages(db.snake.drizzle, query),
            }),
          });
          await walksBothWays(resource, sort, await byName(sort));
        },
      );
    });

    it("answers the rows as the select gives them: the repository's name as repo", async () => {
      const { status, headers, rows } = await answer(
        pages("the packages' columns and the repository's name as repo"),
        "/?sort=name&page_size=2",
      );
      expect(status).toBe(200);
      // Link is the pipeline's (its own suites); the headers of the join's count and page here.
      const { Link: _, ...others } = headers;
      expect(others).toStrictEqual({
        "Content-Type": "application/json",
        "X-Pagination-Count": "18",
        "X-Pagination-Page": "1",
        "X-Pagination-PageTotal": "9",
        "X-Pagination-PageSize": "2",
        "Content-Length": "132",
        Allow: "GET, OPTIONS",
      });
      expect(rows).toStrictEqual([
        { id: 4, repositoryId: 1, name: "alpha", score: 1, repo: "zeta" },
        { id: 13, repositoryId: 1, name: "alpha", score: 1, repo: "zeta" },
      ]);
    });

    it.each(SORTS)(
      "answers each row as the select gives it with cursors, sort=%s",
      async (sort) => {
        const resource = cursors("the packages' columns and the repository's name as repo");
        const rows: Record<string, unknown>[] = [];
        for (let at: string | undefined = `/?sort=${sort}&page_size=5`; at !== undefined; ) {
          const page = await answer(resource, at);
          expect(page.status).toBe(200);
          rows.push(...page.rows);
          const next = page.next;
          at = next === undefined || next.includes("page_size=") ? next : `${next}&page_size=5`;
        }
        const repo = (id: number) => REPOSITORIES.find((r) => r.id === id)?.name;
        const expected = PACKAGES.map((p) => ({
          id: p.id,
          repositoryId: p.repository_id,
          name: p.name,
          score: p.score,
          repo: repo(p.repository_id),
        }));
        const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
          (a.id as number) - (b.id as number);
        expect(rows.sort(byId)).toStrictEqual(expected);
      },
    );

    it.each([
      [
        "the tables' objects of a join",
        () => joined(db.drizzle.select().from(p())),
        "packages.name, repositories.name",
      ],
      [
        "two keys, neither name",
        () =>
          joined(db.drizzle.select({ id: p().id, package: p().name, repo: r().name }).from(p())),
        "package, repo",
      ],
    ])("refuses %s before any SQL, saying how to name the column", async (_, query, keys) => {
      const message = `pagewise/drizzle: the select has 2 columns named "name" (at ${keys}) and none under the key "name": select the one to sort by under that key (db.select({ name: table.name, … })) and the other under another`;
      const resource = defineResource({
        GET: list({ sort: SORT, handler: drizzlePages(db.drizzle, query) }),
      });
      db.statements.length = 0;
      expect(await refusal(resource, "/?sort=name")).toStrictEqual(new TypeError(message));
      expect(db.statements).toStrictEqual([]);
      const cursor = defineResource({
        GET: cursorList({
          sort: SORT,
          secret: SECRET,
          handler: drizzleCursorPages(db.drizzle, query),
        }),
      });
      expect(await refusal(cursor, "/?sort=name")).toStrictEqual(new TypeError(message));
      expect(db.statements).toStrictEqual([]);
    });
  });
}
