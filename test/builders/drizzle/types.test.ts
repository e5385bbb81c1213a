/**
 * Types: the handlers' rows are the query's row type (a partial selection, a join's nested
 * selection, a table's whole row), checked by `tsc --noEmit` (`expectTypeOf`) and run as tests.
 */
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  drizzleCursorPages,
  drizzlePages,
  type OutputColumns,
  type RowOf,
} from "../../../src/builders/drizzle/index.js";
import { type CursorResult, cursorList, type ListResult, list } from "../../../src/index.js";

const owners = sqliteTable("owners", {
  id: integer("id").primaryKey(),
  login: text("login").notNull(),
});
const packages = sqliteTable("packages", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  ownerId: integer("owner_id").notNull(),
  score: integer("score"),
  createdAt: text().notNull(),
});
const db = drizzle(":memory:");
afterAll(() => db.$client.close());

describe("drizzle rows' types", () => {
  it("a partial selection: its members", () => {
    const handler = drizzlePages(db, () =>
      db.select({ id: packages.id, name: packages.name }).from(packages),
    );
    expectTypeOf(handler.handle).returns.toEqualTypeOf<ListResult<{ id: number; name: string }>>();
  });

  it("a table's whole row, nullable columns as null", () => {
    const query = db.select().from(packages);
    expectTypeOf<RowOf<typeof query>>().toEqualTypeOf<{
      id: number;
      name: string;
      ownerId: number;
      score: number | null;
      createdAt: string;
    }>();
    const handler = drizzleCursorPages(db, () => query);
    expectTypeOf(handler.handle).returns.toEqualTypeOf<
      Promise<CursorResult<RowOf<typeof query>>>
    >();
  });

  it("a join's selection, the joined table's columns nullable on a left join", () => {
    const handler = drizzleCursorPages(db, () =>
      db
        .select({ name: packages.name, login: owners.login })
        .from(packages)
        .leftJoin(owners, eq(owners.id, packages.ownerId)),
    );
    expectTypeOf(handler.handle).returns.toEqualTypeOf<
      Promise<CursorResult<{ name: string; login: string | null }>>
    >();
  });
});

describe("drizzle sort columns' types", () => {
  const whole = () => db.select().from(packages);
  const partial = () => db.select({ id: packages.id, owner: packages.ownerId }).from(packages);
  const secret = "a secret of thirty-two characters at least";

  it("names the output columns by their SQL names (a key-named one as casing may write it too)", () => {
    expectTypeOf<OutputColumns<ReturnType<typeof whole>>>().toEqualTypeOf<
      "id" | "name" | "owner_id" | "ownerId" | "score" | "createdAt" | "created_at"
    >();
    expectTypeOf<OutputColumns<ReturnType<typeof partial>>>().toEqualTypeOf<
      "id" | "owner_id" | "ownerId"
    >();
  });

  it("takes an order of the output columns, a field named for another column", () => {
    const sort = {
      fields: { owner: { column: "owner_id" }, score: { nullable: true } },
      tieBreaker: "id",
    } as const;
    list({ sort, handler: drizzlePages(db, whole) });
    cursorList({ sort, secret, handler: drizzleCursorPages(db, whole) });
    list({
      sort: { fields: { owner_id: true }, tieBreaker: "id" },
      handler: drizzlePages(db, partial),
    });
  });

  it("refuses a sort column the select does not output", () => {
    list({
      sort: { fields: { ownerId: { column: "owner" } }, tieBreaker: "id" },
      // @ts-expect-error: "owner" is no output column (the column's SQL name is owner_id)
      handler: drizzlePages(db, whole),
    });
    list({
      sort: { fields: { name: true }, tieBreaker: "id" },
      // @ts-expect-error: the partial selection has no "name"
      handler: drizzlePages(db, partial),
    });
    cursorList({
      sort: { fields: { name: true }, tieBreaker: "uuid" },
      secret,
      // @ts-expect-error: the tie-breaker's column "uuid" is no output column
      handler: drizzleCursorPages(db, whole),
    });
  });

  it("checks no column an expression's alias may name (Drizzle's types do not keep it)", () => {
    const aliased = () =>
      db.select({ id: packages.id, total: sql<number>`1`.as("total") }).from(packages);
    list({
      sort: { fields: { total: true }, tieBreaker: "id" },
      handler: drizzlePages(db, aliased),
    });
  });

  it("refuses, as a type, a list without sort (and when it is defined at run time)", () => {
    // @ts-expect-error: drizzlePages orders the rows by the list's sort
    expect(() => list({ handler: drizzlePages(db, whole) })).toThrow(TypeError);
  });
});
