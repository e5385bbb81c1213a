/**
 * Which selects `drizzleCursorPages` filters as they are (`directSource`) and which it reads
 * through a subquery, which sort values it reads off the rows, and the statement each runs
 * (SQLite, Drizzle's logger).
 */
import { eq, sql } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { alias, integer, numeric, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzleCursorPages } from "../../../src/builders/drizzle/index.js";
import { directSource } from "../../../src/builders/drizzle/source-direct.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { parseSort } from "../../../src/sort/sort-param.js";
import { openSqlite } from "../../support/sqlite-database.js";
import { cursorPageOf } from "./cursor-page.js";
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

  it("refuses a join of whole tables, each with the sort column: which one is not said", () => {
    const o = alias(p() as never, "o") as unknown as typeof mapped;
    const join = () => t.db.select().from(p()).innerJoin(o, eq(o.id, p().id));
    expect(() => directSource(join as never, ["name"])).toThrow(
      new TypeError(
        'pagewise/drizzle: the select has 2 columns named "name" (at packages.name, o.name) and none under the key "name": select the one to sort by under that key (db.select({ name: table.name, … })) and the other under another',
      ),
    );
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
    const { values } = await cursorPageOf(
      handler,
      order,
    )({
      side: "after",
      values: ["2026-01-01 10:00:00.000001", "1"],
      limit: 5,
    });
    return { values, statements: t.log.map((l) => l.query) };
  };

  it.each<[string, () => unknown, string]>([
    [
      "a table's rows: the select itself, its values read off the rows",
      () => t.db.select().from(t.packages),
      'select "id", "name", "owner", "created_at", "score" from "packages" where ("packages"."created_at", "packages"."id") > (?, ?) order by "packages"."created_at" asc, "packages"."id" asc limit ?',
    ],
    [
      "a filtered select: its own where kept",
      () =>
        t.db
          .select({ id: t.packages.id, created_at: t.packages.createdAt })
          .from(t.packages)
          .where(eq(t.packages.owner, "bob")),
      'select "id", "created_at" from "packages" where ("packages"."owner" = ? and ("packages"."created_at", "packages"."id") > (?, ?)) order by "packages"."created_at" asc, "packages"."id" asc limit ?',
    ],
    [
      "a select distinct: through a subquery",
      () => t.db.selectDistinct().from(t.packages),
      'select "id", "name", "owner", "created_at", "score", "__pagewise"."created_at" as "pagewisevalxa", cast("__pagewise"."id" as text) as "pagewisevalxb" from (select distinct "id", "name", "owner", "created_at", "score" from "packages") "__pagewise" where ("__pagewise"."created_at", "__pagewise"."id") > (?, ?) order by "__pagewise"."created_at" asc, "__pagewise"."id" asc limit ?',
    ],
  ])("%s", async (_name, query, statement) => {
    const { values, statements } = await page(query);
    expect(statements).toStrictEqual([statement]);
    // The id as better-sqlite3 reads it here (safe integers: a bigint), or its text selected apart.
    const id = statement.includes("pagewisevalxb") ? "2" : 2n;
    expect(values).toStrictEqual([["2026-01-01 10:00:00.000002", id]]);
  });
});

describe("drizzleCursorPages on a bigint the driver reads as a number", () => {
  const big = sqliteTable("big", { id: integer("id").primaryKey(), name: text("name").notNull() });
  let sqlite: ReturnType<typeof openSqlite>;
  const log: string[] = [];
  beforeAll(() => {
    sqlite = openSqlite(); // better-sqlite3 as it comes: integers read as numbers
    sqlite.db.exec("create table big (id integer primary key, name text not null)");
  });
  afterAll(() => sqlite?.close());

  it.each<[string, readonly string[], readonly unknown[][], number]>([
    [
      "safe integers: exact as read, one statement",
      ["5", "7"],
      [
        ["a", 5],
        ["b", 7],
      ],
      1,
    ],
    // 2^53 + 1 reads as the number 2^53: the page is read again, the id's text selected apart.
    [
      "one beyond 2^53: the page again, the ids as text",
      ["5", "9007199254740993"],
      [
        ["a", "5"],
        ["b", "9007199254740993"],
      ],
      2,
    ],
  ])("%s", async (_name, ids, carried, statements) => {
    const values = ids.map((id, i) => `(${id}, '${"ab"[i]}')`).join(", ");
    sqlite.db.exec(`delete from big; insert into big values ${values}`);
    const db = sqliteDrizzle({ client: sqlite.db, logger: { logQuery: (q) => void log.push(q) } });
    const handler = drizzleCursorPages(db, () => db.select().from(big));
    const sort = { fields: { name: true }, tieBreaker: { column: "id", type: "bigint" } };
    const order = parseSort("name", sortSettings(sort as never));
    const items = cursorPageOf(handler, order);
    log.length = 0;
    const page = await items({ side: undefined, values: undefined, limit: 5 });
    expect(page.values).toStrictEqual(carried);
    expect(log).toHaveLength(statements);
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
    const { items: rows, values } = await cursorPageOf(handler, order)({ side: "after", limit: 5 });
    // The columns read raw are selected as the user's select writes them: no alias, no expression.
    expect(pg.log.map((l) => l.query)).toStrictEqual([
      'select "id", "name", "owner", "created_at", "score" from "packages" order by "packages"."created_at" asc, "packages"."id" asc limit $1',
    ]);
    expect(rows.map((row, i) => [row.createdAt, values[i]])).toStrictEqual([
      // The id as PGlite reads it: a safe integer, exact.
      [new Date("2026-01-01T10:00:00.000Z"), ["2026-01-01 10:00:00.000001", 1]],
      [new Date("2026-01-01T10:00:00.000Z"), ["2026-01-01 10:00:00.000002", 2]],
    ]);
  });
});

describe("drizzleCursorPages on a SQLite numeric bigint sort column (Drizzle selects it cast as text)", () => {
  const scored = sqliteTable("scored", {
    id: integer("id").primaryKey(),
    score: numeric("score", { mode: "bigint" }),
  });
  let sqlite: ReturnType<typeof openSqlite>;
  beforeAll(() => {
    sqlite = openSqlite();
    sqlite.db.exec("create table scored (id integer primary key, score numeric)");
    const scores = ["3", "NULL", "1", "3", "NULL", "2", "9007199254740993", "1"];
    sqlite.db.exec(
      `insert into scored values ${scores.map((score, i) => `(${i + 1}, ${score})`).join(", ")}`,
    );
  });
  afterAll(() => sqlite?.close());

  // A nullable field: on SQLite a UNION ALL of the values' and the NULLs' ranges once the lead
  // comes back short, each branch a subquery of the select.
  it.each(["score", "-score"])("walks %s whole, in SQLite's own order", async (text) => {
    const db = sqliteDrizzle({ client: sqlite.db });
    const handler = drizzleCursorPages(db, () => db.select().from(scored));
    const sort = {
      fields: { score: { type: "bigint", nullable: true } },
      tieBreaker: { column: "id", type: "bigint" },
    };
    const order = parseSort(text, sortSettings(sort as never));
    const items = cursorPageOf<{ id: number; score: bigint | null }>(handler, order);
    const walked: [number, bigint | null][] = [];
    let values: readonly unknown[] | undefined;
    for (let page = 0; page < 10; page++) {
      const side = values === undefined ? undefined : "after";
      const { items: rows, values: given } = await items({
        side,
        values: values as never,
        limit: 3,
      });
      walked.push(...rows.map((row): [number, bigint | null] => [row.id, row.score]));
      if (rows.length < 3) break;
      values = given.at(-1);
    }
    const direction = text.startsWith("-") ? "desc" : "asc";
    const expected = sqlite.db
      .prepare(
        `select id, cast(score as text) as score from scored order by score ${direction}, id ${direction}`,
      )
      .all() as { id: number; score: string | null }[];
    // Each row as Drizzle answers it: the score a bigint, every digit.
    expect(walked).toStrictEqual(
      expected.map(({ id, score }) => [id, score === null ? null : BigInt(score)]),
    );
  });
});
