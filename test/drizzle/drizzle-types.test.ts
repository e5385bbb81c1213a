/**
 * Types: the handlers' rows are the query's row type (a partial selection, a join's nested
 * selection, a table's whole row), checked by `tsc --noEmit` (`expectTypeOf`) and run as tests.
 */
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, describe, expectTypeOf, it } from "vitest";
import { drizzleCursorPages, drizzlePages, type RowOf } from "../../src/drizzle/index.js";
import type { CursorResult, ListResult } from "../../src/index.js";

const owners = sqliteTable("owners", {
  id: integer("id").primaryKey(),
  login: text("login").notNull(),
});
const packages = sqliteTable("packages", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  ownerId: integer("owner_id").notNull(),
  score: integer("score"),
});
const db = drizzle(":memory:");
afterAll(() => db.$client.close());

describe("drizzle rows' types", () => {
  it("a partial selection: its members", () => {
    const handler = drizzlePages(db, () =>
      db.select({ id: packages.id, name: packages.name }).from(packages),
    );
    expectTypeOf(handler).returns.toEqualTypeOf<ListResult<{ id: number; name: string }>>();
  });

  it("a table's whole row, nullable columns as null", () => {
    const query = db.select().from(packages);
    expectTypeOf<RowOf<typeof query>>().toEqualTypeOf<{
      id: number;
      name: string;
      ownerId: number;
      score: number | null;
    }>();
    const handler = drizzleCursorPages(db, () => query);
    expectTypeOf(handler).returns.toEqualTypeOf<CursorResult<RowOf<typeof query>>>();
  });

  it("a join's selection, the joined table's columns nullable on a left join", () => {
    const handler = drizzleCursorPages(db, () =>
      db
        .select({ name: packages.name, login: owners.login })
        .from(packages)
        .leftJoin(owners, eq(owners.id, packages.ownerId)),
    );
    expectTypeOf(handler).returns.toEqualTypeOf<
      CursorResult<{ name: string; login: string | null }>
    >();
  });
});
