/**
 * `ownSelect`, and the integrations over a query function that hands out one select for every
 * request: each page is a copy, the select stays as written (SQLite).
 */
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzleCursorPages, drizzlePages } from "../../../src/builders/drizzle/index.js";
import { ownSelect } from "../../../src/builders/drizzle/source-copy.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { parseSort } from "../../../src/sort/sort-param.js";
import { cursorPageOf } from "./cursor-page.js";
import { WALK_SORT } from "./cursor-walks.js";
import { type DrizzleDatabaseUnderTest, openSqliteDrizzle } from "./drizzle-databases.js";

let t: DrizzleDatabaseUnderTest;
beforeAll(async () => {
  t = await openSqliteDrizzle();
  await t.fill(
    [1n, 2n, 3n].map((id) => ({
      id,
      name: `n${id}`,
      owner: "ada",
      createdAt: `2026-01-01 10:00:00.00000${id}`,
      score: null,
    })),
  );
});
afterAll(() => t?.close());

const order = () => parseSort("created_at", sortSettings(WALK_SORT as never));
const ids = (rows: readonly object[]) => rows.map((row) => (row as { id: unknown }).id);

describe("ownSelect", () => {
  it("gives a copy to add clauses to, leaving the select as it was", async () => {
    const shared = t.db.select().from(t.packages);
    const before = shared.toSQL();
    const copy = ownSelect(shared)?.where(eq(t.packages.id, 2n)).limit(1);
    expect([ids(await copy), shared.toSQL()]).toStrictEqual([[2n], before]);
  });

  it.each([[[]], [{}], [{ config: {} }], [{ config: {}, _: { config: {} } }]])(
    "makes no copy of %j, no Drizzle select",
    (value) => {
      expect(ownSelect(value)).toBeUndefined();
    },
  );
});

describe("a query function that hands out one select", () => {
  it("serves each cursor page from a copy: the next page's rows, the select unchanged", async () => {
    const shared = t.db.select().from(t.packages);
    const before = shared.toSQL();
    const handler = drizzleCursorPages(t.db, () => shared);
    const items = cursorPageOf<object>(handler, order());
    const pages = [];
    for (const values of [
      ["2026-01-01 10:00:00.000001", "1"],
      ["2026-01-01 10:00:00.000002", "2"],
    ])
      pages.push((await items({ side: "after", values, limit: 5 })).items);
    expect([pages.map(ids), shared.toSQL()]).toStrictEqual([[[2n, 3n], [3n]], before]);
  });

  it("serves pages asked at once from copies of their own", async () => {
    const shared = t.db.select().from(t.packages);
    const before = shared.toSQL();
    const handler = drizzlePages(t.db, () => shared, { count: "none" });
    const { items } = handler.handle({ sort: order() } as never) as {
      items: (slice: { offset: number; limit: number }) => Promise<object[]>;
    };
    const pages = await Promise.all([0, 1, 2].map((offset) => items({ offset, limit: 1 })));
    expect([pages.map(ids), shared.toSQL()]).toStrictEqual([[[1n], [2n], [3n]], before]);
  });

  it("serves a compound select's pages from copies: an OFFSET never stays for the next page", async () => {
    const p = t.packages;
    const shared = t.db
      .select()
      .from(p)
      .where(eq(p.id, 1n))
      .unionAll(t.db.select().from(p).where(ne(p.id, 1n)));
    const before = shared.toSQL();
    const handler = drizzlePages(t.db, () => shared, { count: "none" });
    const { items } = handler.handle({ sort: order() } as never) as {
      items: (slice: { offset: number; limit: number }) => Promise<object[]>;
    };
    const pages = [];
    for (const offset of [2, 0, 1]) pages.push(await items({ offset, limit: 1 }));
    expect([pages.map(ids), shared.toSQL()]).toStrictEqual([[[3n], [1n], [2n]], before]);
  });
});
