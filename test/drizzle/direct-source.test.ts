/**
 * Which selects `drizzleCursorPages` filters as they are (`directSource`) and which it reads
 * through a subquery, which sort values it reads off the rows, and the statement each runs
 * (SQLite, Drizzle's logger).
 */
import { eq, sql } from "drizzle-orm";
import { alias, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directSource } from "../../src/drizzle/direct-source.js";
import { drizzleCursorPages } from "../../src/drizzle/index.js";
import type { CursorQuery } from "../../src/index.js";
import { sortSettings } from "../../src/pagination/sort-option.js";
import { parseSort } from "../../src/pagination/sort-param.js";
import { carriedValues } from "../../src/resource/carried-values.js";
import { WALK_SORT } from "./cursor-walks.js";
import {
  type DrizzleDatabaseUnderTest,
  openPgliteDrizzle,
  openSqliteDrizzle,
} from "./drizzle-databases.js";

/** The same table with a score Drizzle maps (1 → true): not a value as the driver read it. */
const mapped = sqliteTable("packages", {
  id: integer("id").primaryKey(),
  createdAt: text("created_at").notNull(),
  score: integer("score", { mode: "boolean" }),
});

let t: DrizzleDatabaseUnderTest;
beforeAll(async () => {
  t = await openSqliteDrizzle();
  await t.fill([
    { id: 1n, name: "a", owner: "ada", createdAt: "2026-01-01 10:00:00.000001", score: 1 },
    { id: 2n, name: "b", owner: "bob", createdAt: "2026-01-01 10:00:00.000002", score: null },
  ]);
});
afterAll(() => t?.close());

describe("directSource", () => {
  const p = () => t.packages;
  it.each<[string, () => unknown, readonly string[]]>([
    ["a table's rows", () => t.db.select().from(p()), ["created_at", "id"]],
    ["a filtered select", () => t.db.select().from(p()).where(eq(p().owner, "ada")), ["id"]],
    ["a partial select", () => t.db.select({ id: p().id }).from(p()), ["id"]],
    [
      "a nested selection",
      () => t.db.select({ row: { id: p().id, at: p().createdAt } }).from(p()),
      ["created_at", "id"],
    ],
  ])("%s is filtered as it is", (_name, query, names) => {
    expect(directSource(query as never, names)).toBeDefined();
  });

  it.each<[string, () => unknown, readonly string[]]>([
    [
      "a join of whole tables, each with the sort column",
      () => {
        const o = alias(p() as never, "o") as unknown as typeof mapped;
        return t.db.select().from(p()).innerJoin(o, eq(o.id, p().id));
      },
      ["name"],
    ],
    [
      "an expression's alias",
      () => t.db.select({ id: p().id, loud: sql`upper(${p().name})`.as("loud") }).from(p()),
      ["loud", "id"],
    ],
    ["a sort column not selected", () => t.db.select({ id: p().id }).from(p()), ["name"]],
    ["a select distinct", () => t.db.selectDistinct().from(p()), ["id"]],
    ["a grouped select", () => t.db.select({ id: p().id }).from(p()).groupBy(p().id), ["id"]],
    ["a limited select", () => t.db.select().from(p()).limit(5), ["id"]],
    ["an offset select", () => t.db.select().from(p()).offset(5), ["id"]],
    ["a union", () => t.db.select().from(p()).unionAll(t.db.select().from(p())), ["id"]],
  ])("%s is read through a subquery", (_name, query, names) => {
    expect(directSource(query as never, names)).toBeUndefined();
  });

  it.each<[string, unknown, string, () => unknown]>([
    ["a text column", "x", "created_at", () => t.db.select().from(t.packages)],
    ["an integer column", "x", "score", () => t.db.select().from(t.packages)],
    ["a column Drizzle maps (boolean mode)", undefined, "score", () => t.db.select().from(mapped)],
  ])("%s: its value read off the row is %s", (_name, read, name, query) => {
    const source = directSource(query as never, [name]);
    expect(source?.read(name)?.({ score: "x", createdAt: "x" })).toBe(read);
  });
});

describe("drizzleCursorPages' statement", () => {
  const page = async (query: () => unknown) => {
    t.log.length = 0;
    const handler = drizzleCursorPages(t.db, query as never);
    const order = parseSort("created_at", sortSettings(WALK_SORT as never));
    const { items } = handler({ sort: order } as never) as {
      items: (cursor: CursorQuery) => Promise<object[]>;
    };
    const rows = await items({
      side: "after",
      values: ["2026-01-01 10:00:00.000001", "1"],
      limit: 5,
    } as never);
    return { rows, statements: t.log.map((l) => l.query) };
  };

  it.each<[string, () => unknown, string]>([
    [
      "a table's rows: the select itself, the id's exact text beside its columns",
      () => t.db.select().from(t.packages),
      'select "id", "name", "owner", "created_at", "score", cast("id" as text) as "__pagewise_1" from "packages" where ("packages"."created_at", "packages"."id") > (?, ?) order by "packages"."created_at" asc, "packages"."id" asc limit ?',
    ],
    [
      "a filtered select: its own where kept",
      () =>
        t.db
          .select({ id: t.packages.id, created_at: t.packages.createdAt })
          .from(t.packages)
          .where(eq(t.packages.owner, "bob")),
      'select "id", "created_at", cast("id" as text) as "__pagewise_1" from "packages" where ("packages"."owner" = ? and ("packages"."created_at", "packages"."id") > (?, ?)) order by "packages"."created_at" asc, "packages"."id" asc limit ?',
    ],
    [
      "a select distinct: through a subquery",
      () => t.db.selectDistinct().from(t.packages),
      'select "id", "name", "owner", "created_at", "score", "__pagewise"."created_at" as "__pagewise_0", cast("__pagewise"."id" as text) as "__pagewise_1" from (select distinct "id", "name", "owner", "created_at", "score" from "packages") "__pagewise" where ("__pagewise"."created_at", "__pagewise"."id") > (?, ?) order by "__pagewise"."created_at" asc, "__pagewise"."id" asc limit ?',
    ],
  ])("%s", async (_name, query, statement) => {
    const { rows, statements } = await page(query);
    expect(statements).toStrictEqual([statement]);
    expect(rows.map((row) => carriedValues(row))).toStrictEqual([
      ["2026-01-01 10:00:00.000002", "2"],
    ]);
  });
});

describe("drizzleCursorPages on a column Drizzle maps (PGlite: a timestamp read as a Date)", () => {
  let pg: DrizzleDatabaseUnderTest;
  beforeAll(async () => {
    pg = await openPgliteDrizzle();
    await pg.fill([
      { id: 1n, name: "a", owner: "ada", createdAt: "2026-01-01 10:00:00.000001", score: 1 },
      { id: 2n, name: "b", owner: "bob", createdAt: "2026-01-01 10:00:00.000002", score: null },
    ]);
  });
  afterAll(() => pg?.close());

  it("reads it as the driver gives it (every microsecond) and answers the Date Drizzle maps it to", async () => {
    pg.log.length = 0;
    const handler = drizzleCursorPages(pg.db, () => pg.db.select().from(pg.packages));
    const order = parseSort("created_at", sortSettings(WALK_SORT as never));
    const { items } = handler({ sort: order } as never) as {
      items: (cursor: CursorQuery) => Promise<Record<string, unknown>[]>;
    };
    const rows = await items({ side: "after", limit: 5 } as never);
    expect(pg.log.map((l) => l.query)).toStrictEqual([
      'select "id", "name", "owner", "created_at" as "created_at", "score", cast("id" as text) as "__pagewise_1" from "packages" order by "packages"."created_at" asc, "packages"."id" asc limit $1',
    ]);
    expect(rows.map((row) => [row.createdAt, carriedValues(row)])).toStrictEqual([
      [new Date("2026-01-01T10:00:00.000Z"), ["2026-01-01 10:00:00.000001", "1"]],
      [new Date("2026-01-01T10:00:00.000Z"), ["2026-01-01 10:00:00.000002", "2"]],
    ]);
  });
});
