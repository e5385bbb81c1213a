/**
 * pagewise/typeorm's types: rows are the query builder's entities; a list's `sort` names the
 * entity's properties or the `columns` option's names, anything else a type error.
 */
import { DataSource, EntitySchema } from "typeorm";
import { describe, expectTypeOf, it } from "vitest";
import type { CursorResult, ListResult } from "../../../src/builders/contract.js";
import { typeormCursorPages, typeormPages } from "../../../src/builders/typeorm/index.js";
import { cursorList, list } from "../../../src/index.js";

interface Item {
  id: number;
  name: string;
  createdAt: Date;
}
const Items = new EntitySchema<Item>({
  name: "Item",
  columns: {
    id: { type: Number, primary: true },
    name: { type: String },
    createdAt: { type: "datetime" },
  },
});
/** Read for its `type` alone: never opened. */
const dataSource = new DataSource({
  type: "better-sqlite3",
  database: ":memory:",
  entities: [Items],
});
const items = () => dataSource.getRepository(Items).createQueryBuilder("i");
const SECRET = "typeorm-types-secret-typeorm-types-secret";

describe("pagewise/typeorm's types", () => {
  it("gives a page list's rows the entity's type", () => {
    expectTypeOf(typeormPages(dataSource, items).handle).returns.toEqualTypeOf<ListResult<Item>>();
  });

  it("gives a cursor list's rows the entity's type", () => {
    expectTypeOf(typeormCursorPages(dataSource, items).handle).returns.toEqualTypeOf<
      Promise<CursorResult<Item>>
    >();
  });

  it("takes a sort of the entity's properties and of columns' names; refuses another", () => {
    const sort = {
      fields: { name: true, createdAt: { type: "timestamp" } },
      tieBreaker: "id",
    } as const;
    list({ sort, handler: typeormPages(dataSource, items) });
    cursorList({ sort, secret: SECRET, handler: typeormCursorPages(dataSource, items) });
    const named = { fields: { created_at: { type: "timestamp" } }, tieBreaker: "id" } as const;
    const columns = { created_at: "createdAt" } as const;
    list({ sort: named, handler: typeormPages(dataSource, items, { columns }) });
    // @ts-expect-error: created_at is no property of Item, and no columns name it
    list({ sort: named, handler: typeormPages(dataSource, items) });
    // @ts-expect-error: the same for a cursor list
    cursorList({ sort: named, secret: SECRET, handler: typeormCursorPages(dataSource, items) });
  });
});
