/** pagewise/kysely's types: rows are the query's row type; a handler's context is the list's. */
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { PathParams } from "../../src/http/path-pattern.js";
import { cursorList, defineResource, list } from "../../src/index.js";
import { kyselyCursorPages, kyselyPages, type PageListContext } from "../../src/kysely/index.js";
import type { CursorResult } from "../../src/resource/cursor-method.js";
import type { ListContext, ListResult, SortOf } from "../../src/resource/methods.js";
import { SECRET, SORT } from "../support/kysely-behaviour.js";
import type { TestSchema } from "../support/kysely-engines.js";

const db = new Kysely<TestSchema>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
afterAll(() => db.destroy());
const selected = () => db.selectFrom("items").select(["id", "name"]);
type Selected = { id: string | bigint; name: string };

describe("pagewise/kysely's types", () => {
  it("gives a page list's rows the query's row type", () => {
    const handler = kyselyPages(db, selected);
    expectTypeOf(handler).returns.toEqualTypeOf<ListResult<Selected>>();
  });

  it("gives a cursor list's rows the query's row type", () => {
    const handler = kyselyCursorPages(db, selected);
    expectTypeOf(handler).returns.toEqualTypeOf<Promise<CursorResult<Selected>>>();
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

  it("types a user's count by the list's context", () => {
    kyselyPages(db, selected, {
      // @ts-expect-error: of takes the handler's context, which has no `rows`
      count: { of: (context) => context.rows },
    });
  });
});
