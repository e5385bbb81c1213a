/**
 * The context a query function of pagewise/drizzle and pagewise/kysely receives, checked by
 * `tsc --noEmit` (`expectTypeOf`, `@ts-expect-error`) and run: both entry points export the same
 * `PageListContext` and `CursorListContext`; an unannotated function's context is one of them
 * (`params` `unknown`, never `any`); an annotation with the list's parameters and path, with only
 * what the function reads, or with the list's whole `ListContext<…>` compiles, a wrong one does not.
 */
import Database from "better-sqlite3";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { fetchRouter } from "../../src/adapters/fetch/index.js";
import type * as drizzleEntry from "../../src/builders/drizzle/index.js";
import { drizzleCursorPages, drizzlePages } from "../../src/builders/drizzle/index.js";
import type * as kyselyEntry from "../../src/builders/kysely/index.js";
import { kyselyCursorPages, kyselyPages } from "../../src/builders/kysely/index.js";
import type { PathParams } from "../../src/http/path-pattern.js";
import {
  type CursorContext,
  cursorList,
  defineResource,
  type ListContext,
  list,
} from "../../src/index.js";
import type { SortOf } from "../../src/resource/methods.js";

const sqlite = new Database(":memory:");
sqlite.exec(
  "CREATE TABLE packages (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL)",
);
sqlite.exec(
  "INSERT INTO packages VALUES (1, 'ada', 'a', 'active'), (2, 'ada', 'b', 'archived'), (3, 'bob', 'c', 'active')",
);
afterAll(() => sqlite.close());

const packages = sqliteTable("packages", {
  id: integer("id").primaryKey(),
  owner: text("owner").notNull(),
  name: text("name").notNull(),
  status: text("status").notNull(),
});
const db = drizzle({ client: sqlite });
interface DB {
  packages: { id: number; owner: string; name: string; status: string };
}
const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });

const sort = { fields: { name: true }, tieBreaker: "id", default: "name" } as const;
const secret = "a secret of thirty-two characters at least";
const schema = z.object({ status: z.enum(["active", "archived"]).optional() });
type Filters = z.output<typeof schema>;
type Record_ = Readonly<Record<string, string>>;

describe("the context types both integrations export", () => {
  it("are the same types, from pagewise/drizzle and pagewise/kysely", () => {
    expectTypeOf<drizzleEntry.PageListContext>().toEqualTypeOf<kyselyEntry.PageListContext>();
    expectTypeOf<drizzleEntry.CursorListContext>().toEqualTypeOf<kyselyEntry.CursorListContext>();
    expectTypeOf<
      drizzleEntry.PageListContext<Filters, { owner: string }>["params"]
    >().toEqualTypeOf<{
      status?: "active" | "archived" | undefined;
    }>();
    expectTypeOf<
      drizzleEntry.CursorListContext<unknown, { owner: string }>["path"]
    >().toEqualTypeOf<{
      owner: string;
    }>();
  });
});

describe("an unannotated query function's context", () => {
  it("is PageListContext on Drizzle, params unknown (not any)", () => {
    list({
      schema,
      sort,
      handler: drizzlePages(db, (context) => {
        expectTypeOf(context).toEqualTypeOf<drizzleEntry.PageListContext>();
        expectTypeOf(context.params).toEqualTypeOf<unknown>();
        expectTypeOf(context.path).toEqualTypeOf<Record_>();
        return db.select().from(packages);
      }),
    });
  });

  it("is CursorListContext on Drizzle, params unknown (not any)", () => {
    cursorList({
      schema,
      sort,
      secret,
      handler: drizzleCursorPages(db, (context) => {
        expectTypeOf(context).toEqualTypeOf<drizzleEntry.CursorListContext>();
        expectTypeOf(context.params).toEqualTypeOf<unknown>();
        return db.select().from(packages);
      }),
    });
  });

  it("is PageListContext and CursorListContext on Kysely", () => {
    const all = () => kysely.selectFrom("packages").selectAll();
    list({
      sort,
      handler: kyselyPages(kysely, (context) => {
        expectTypeOf(context).toEqualTypeOf<kyselyEntry.PageListContext>();
        return all();
      }),
    });
    cursorList({
      sort,
      secret,
      handler: kyselyCursorPages(kysely, (context) => {
        expectTypeOf(context).toEqualTypeOf<kyselyEntry.CursorListContext>();
        return all();
      }),
    });
  });
});

/** The rows a query function gives for a path and parameters: the owner's, of the status asked. */
const drizzleQuery = ({ params, path }: { params: Filters; path: { owner: string } }) =>
  db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.owner, path.owner),
        params.status === undefined ? undefined : eq(packages.status, params.status),
      ),
    );
const kyselyQuery = ({ params, path }: { params: Filters; path: { owner: string } }) => {
  const owned = kysely.selectFrom("packages").selectAll().where("owner", "=", path.owner);
  return params.status === undefined ? owned : owned.where("status", "=", params.status);
};

describe("an annotated query function", () => {
  it("takes PageListContext and CursorListContext given the list's parameters and path", () => {
    const pages = ({ params, path }: drizzleEntry.PageListContext<Filters, { owner: string }>) =>
      drizzleQuery({ params, path });
    const cursors = ({ params, path }: kyselyEntry.CursorListContext<Filters, { owner: string }>) =>
      kyselyQuery({ params, path });
    defineResource("/packages/:owner", {
      GET: list({ schema, sort, handler: drizzlePages(db, pages) }),
    });
    defineResource("/packages/:owner/feed", {
      GET: cursorList({ schema, sort, secret, handler: kyselyCursorPages(kysely, cursors) }),
    });
  });

  it("takes only what it reads, one function for page and cursor lists", () => {
    defineResource("/packages/:owner", {
      GET: list({ schema, sort, handler: drizzlePages(db, drizzleQuery) }),
    });
    defineResource("/packages/:owner", {
      GET: cursorList({ schema, sort, secret, handler: drizzleCursorPages(db, drizzleQuery) }),
    });
    defineResource("/packages/:owner", {
      GET: list({ schema, sort, handler: kyselyPages(kysely, kyselyQuery) }),
    });
    defineResource("/packages/:owner", {
      GET: cursorList({ schema, sort, secret, handler: kyselyCursorPages(kysely, kyselyQuery) }),
    });
  });

  it("takes the list's ListContext<…>, with or without its sort", () => {
    type Path = PathParams<"/packages/:owner">;
    const withoutSort = ({ path }: ListContext<Filters, unknown, Path>) =>
      drizzleQuery({ params: {}, path });
    const withSort = ({
      sort: order,
    }: ListContext<Filters, unknown, Path, SortOf<typeof sort>>) => {
      expectTypeOf(order.terms[0]?.field).toEqualTypeOf<"name" | "id" | undefined>();
      return db.select().from(packages);
    };
    defineResource("/packages/:owner", {
      GET: list({ schema, sort, handler: drizzlePages(db, withoutSort) }),
    });
    defineResource("/packages/:owner", {
      GET: list({ schema, sort, handler: drizzlePages(db, withSort) }),
    });
    defineResource("/packages/:owner", {
      GET: list({ schema, sort, handler: kyselyPages(kysely, withoutSortKysely) }),
    });
    const cursorContext = ({ path }: CursorContext<Filters, unknown, Path>) =>
      drizzleQuery({ params: {}, path });
    defineResource("/packages/:owner", {
      GET: cursorList({ schema, sort, secret, handler: drizzleCursorPages(db, cursorContext) }),
    });
  });

  it("is refused where it asks for what the list does not give", () => {
    // @ts-expect-error: the route gives no :repo
    defineResource("/packages/:owner", {
      GET: list({
        sort,
        handler: drizzlePages(db, ({ path }: { path: { repo: string } }) =>
          drizzleQuery({ params: {}, path: { owner: path.repo } }),
        ),
      }),
    });
    defineResource("/packages/:owner", {
      GET: cursorList({
        schema,
        sort,
        secret,
        // @ts-expect-error: the schema's status is no number
        handler: drizzleCursorPages(db, (_: { params: { status: number } }) =>
          db.select().from(packages),
        ),
      }),
    });
    // @ts-expect-error: the route gives no :repo
    defineResource("/packages/:owner", {
      GET: list({
        sort,
        handler: kyselyPages(kysely, ({ path }: { path: { repo: string } }) =>
          kyselyQuery({ params: {}, path: { owner: path.repo } }),
        ),
      }),
    });
  });
});

const withoutSortKysely = ({
  path,
}: ListContext<Filters, unknown, PathParams<"/packages/:owner">>) =>
  kyselyQuery({ params: {}, path });

describe("the context at run time", () => {
  const route = fetchRouter([
    [
      "/drizzle/:owner",
      defineResource("/drizzle/:owner", {
        GET: list({ schema, sort, handler: drizzlePages(db, drizzleQuery) }),
      }),
    ],
    [
      "/kysely/:owner",
      defineResource("/kysely/:owner", {
        GET: cursorList({ schema, sort, secret, handler: kyselyCursorPages(kysely, kyselyQuery) }),
      }),
    ],
  ]);

  it.each([
    ["/drizzle/ada", [1, 2]],
    ["/drizzle/ada?status=archived", [2]],
    ["/kysely/ada?status=active", [1]],
    ["/kysely/bob", [3]],
  ])("GET %s: the query function gets the list's params and path", async (target, ids) => {
    const response = await route(new Request(`http://localhost${target}`));
    expect(response.status).toBe(200);
    const rows = (await response.json()) as { id: number }[];
    expect(rows.map((row) => row.id)).toStrictEqual(ids);
  });
});

describe("a cursor handler's values (the contract's CursorResult)", () => {
  const rows = [
    { id: 1, name: "a" },
    { id: 2, name: "b" },
    { id: 3, name: "c" },
  ];
  /** The cursor values each call of the handler received, and the list's routes. */
  const served = (values: unknown, valuesOf?: (row: { id: number }) => [string]) => {
    const seen: unknown[] = [];
    const route = fetchRouter([
      [
        "/v",
        defineResource("/v", {
          GET: cursorList({
            order: [{ name: "id", type: "bigint" }],
            secret,
            ...(valuesOf === undefined ? {} : { valuesOf }),
            handler: ({ cursor }) => {
              seen.push(cursor.values);
              return { items: rows, values: values as never };
            },
          }),
        }),
      ],
    ]);
    const get = (target: string) => route(new Request(new URL(target, "http://localhost")));
    return { seen, get };
  };
  const next = (response: Response) =>
    /<([^>]*)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1] ?? "";

  it("makes the cursors of the values given beside the rows, not of the rows' members", async () => {
    const { seen, get } = served([["10"], ["20"], ["30"]]);
    const first = await get("/v?page_size=2");
    expect(await first.json()).toStrictEqual(rows.slice(0, 2));
    await get(next(first));
    expect(seen).toStrictEqual([undefined, ["20"]]);
  });

  it("reads the list's own valuesOf over them", async () => {
    const { seen, get } = served([["10"], ["20"], ["30"]], (row) => [String(row.id)]);
    const first = await get("/v?page_size=2");
    await get(next(first));
    expect(seen).toStrictEqual([undefined, ["2"]]);
  });

  it.each([
    ["one array fewer than the rows", [["10"], ["20"]]],
    ["not an array per row", ["10", "20", "30"]],
  ])("refuses values of %s (a bug: a TypeError)", async (_name, values) => {
    const { get } = served(values);
    await expect(get("/v?page_size=2")).rejects.toThrow(
      /A cursor list handler's values are each row's sort values/,
    );
  });
});

describe("an integration's description (the contract's Integration)", () => {
  const handle = () => [];

  it("is read when the list is defined: its needs met, its handle the list's handler", () => {
    expect(() => list({ handler: { name: "mine", needs: { sort: true }, handle } })).toThrow(
      new TypeError(
        "mine orders the rows by the list's sort option: give the list sort ({ fields, tieBreaker, default })",
      ),
    );
    expect(list({ handler: { name: "mine", needs: { sort: false }, handle } }).handler).toBe(
      handle,
    );
    expect(list({ sort, handler: { name: "mine", needs: { sort: true }, handle } }).handler).toBe(
      handle,
    );
  });

  it("leaves a user's function as it is", () => {
    expect(list({ handler: handle }).handler).toBe(handle);
  });
});
