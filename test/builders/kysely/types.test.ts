/** pagewise/kysely's types: rows are the query's row type; a handler's context is the list's. */
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { CursorResult, ListContext, ListResult } from "../../../src/builders/contract.js";
import {
  kyselyCursorPages,
  kyselyPages,
  type PageListContext,
} from "../../../src/builders/kysely/index.js";
import type { PathParams } from "../../../src/http/path-pattern.js";
import { cursorList, defineResource, list } from "../../../src/index.js";
import type { SortOf } from "../../../src/resource/methods.js";
import { SECRET, SORT } from "./kysely-behaviour.js";
import type { TestSchema } from "./kysely-engines.js";

const db = new Kysely<TestSchema>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
afterAll(() => db.destroy());
const selected = () => db.selectFrom("items").select(["id", "name"]);
type Selected = { id: string | bigint; name: string };

describe("pagewise/kysely's types", () => {
  it("gives a page list's rows the query's row type", () => {
    const handler = kyselyPages(db, selected);
    expectTypeOf(handler.handle).returns.toEqualTypeOf<ListResult<Selected>>();
  });

  it("gives a cursor list's rows the query's row type", () => {
    const handler = kyselyCursorPages(db, selected);
    expectTypeOf(handler.handle).returns.toEqualTypeOf<Promise<CursorResult<Selected>>>();
  });

  it("gives an unannotated query function the list's context, its params unknown", () => {
    list({
      sort: SORT,
      handler: kyselyPages(db, ({ params, path }) => {
        expectTypeOf(params).toEqualTypeOf<unknown>();
        expectTypeOf(path).toEqualTypeOf<Readonly<Record<string, string>>>();
        return selected();
      }),
    });
    cursorList({
      sort: SORT,
      secret: SECRET,
      handler: kyselyCursorPages(db, ({ cursor }) => {
        expectTypeOf(cursor.limit).toEqualTypeOf<number>();
        return selected();
      }),
    });
  });

  it("takes the list's own context where the query function is annotated", () => {
    const schema = z.object({ grp: z.coerce.number() });
    list({
      schema,
      sort: SORT,
      handler: kyselyPages(
        db,
        ({
          params,
          sort,
        }: ListContext<z.output<typeof schema>, unknown, PathParams, SortOf<typeof SORT>>) => {
          expectTypeOf(params.grp).toEqualTypeOf<number>();
          expectTypeOf(sort.terms[0]?.field).toEqualTypeOf<
            "name" | "score" | "grp" | "created_at" | "id" | undefined
          >();
          return selected().where("grp", "=", params.grp);
        },
      ),
    });
  });

  it("takes a query function annotated with the route's path parameters", () => {
    const byGroup = ({ path }: PageListContext & { path: { grp: string } }) =>
      selected().where("grp", "=", Number(path.grp));
    defineResource("/items/:grp/", {
      GET: list({ sort: SORT, handler: kyselyPages(db, byGroup) }),
    });
  });

  it.each([
    ["a page list", "list"],
    ["a cursor list", "cursorList"],
  ])("takes, in %s, an order of the query's columns, a field named for another column", () => {
    const sort = {
      fields: { title: { column: "name" }, score: { nullable: true } },
      tieBreaker: { column: "id", type: "bigint" },
    } as const;
    list({ sort, handler: kyselyPages(db, selected) });
    cursorList({ sort, secret: SECRET, handler: kyselyCursorPages(db, selected) });
    cursorList({
      order: [{ name: "id" }],
      secret: SECRET,
      handler: kyselyCursorPages(db, selected),
    });
  });

  it("refuses a sort column not in the query's tables", () => {
    list({
      sort: { fields: { bogus: true }, tieBreaker: "id" },
      // @ts-expect-error: "bogus" is no column of items
      handler: kyselyPages(db, selected),
    });
    list({
      sort: { fields: { date: { column: "created" } }, tieBreaker: "id" },
      // @ts-expect-error: the field's column "created" is none of items' (created_at is)
      handler: kyselyPages(db, selected),
    });
    cursorList({
      sort: { fields: { name: true }, tieBreaker: "uuid" },
      secret: SECRET,
      // @ts-expect-error: the tie-breaker's column "uuid" is no column of items
      handler: kyselyCursorPages(db, selected),
    });
    cursorList({
      order: [{ name: "bogus" }],
      secret: SECRET,
      // @ts-expect-error: the fixed order's column "bogus" is no column of items
      handler: kyselyCursorPages(db, selected),
    });
  });

  it("leaves a column the columns option maps to the user", () => {
    const sort = { fields: { total: true }, tieBreaker: "id" } as const;
    const joined = () => selected().select((eb) => eb.val(1).as("total"));
    list({ sort, handler: kyselyPages(db, joined, { columns: { total: "total" } }) });
    cursorList({
      sort,
      secret: SECRET,
      handler: kyselyCursorPages(db, joined, { columns: { total: "total" } }),
    });
  });

  it("checks no column an option declared without as const names", () => {
    const sort = { fields: { bogus: { column: "nowhere" } }, tieBreaker: "id" };
    list({ sort, handler: kyselyPages(db, selected) });
  });

  it("refuses a list without sort", () => {
    expect(() =>
      // @ts-expect-error: kyselyPages orders the rows by the list's sort
      list({ handler: kyselyPages(db, selected) }),
    ).toThrow(TypeError);
  });

  it("types a user's count by the list's context", () => {
    kyselyPages(db, selected, {
      // @ts-expect-error: of takes the handler's context, which has no `rows`
      count: { of: (context) => context.rows },
    });
  });
});
