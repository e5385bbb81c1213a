/**
 * pagewise/kysely through Kysely's `CamelCasePlugin`, which renames a row's members from snake
 * case and the query's identifiers to it: cursor walks over the camel-cased sort fields, through
 * the resource pipeline, give every row once in SQLite's own ORDER BY, forward and back, with each
 * of the plugin's options that changes a name (the hidden values pagewise selects for itself come
 * back under the names it gave them).
 */
import { CamelCasePlugin, type CamelCasePluginOptions, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kyselyCursorPages, kyselyPages } from "../../../src/builders/kysely/index.js";
import { cursorList, defineResource, list } from "../../../src/index.js";
import { answer, BASE_ID, databaseOrder, SECRET, walk } from "./kysely-behaviour.js";
import { type KyselyEngine, pgliteEngine, sqliteEngine } from "./kysely-engines.js";

/** The table as the plugin shows it to TypeScript: its columns camel-cased. */
interface CamelSchema {
  items: { id: bigint; name: string; score: number | null; grp: number; createdAt: string };
}

const CAMEL_SORT = {
  fields: {
    name: true,
    score: { nullable: true },
    grp: true,
    createdAt: { type: "timestamp" },
  },
  tieBreaker: { column: "id", type: "bigint" },
} as const;

/** Ties in every field, NULL scores, timestamps a microsecond apart, keys beyond 2^53. */
const rowsOf = (engine: KyselyEngine) =>
  Array.from({ length: 23 }, (_, i) => ({
    id: String(BASE_ID + BigInt(i * 3)),
    name: ["b", "a", "é"][i % 3] as string,
    score: i % 4 === 0 ? null : i % 2,
    grp: i % 2,
    created_at: engine.timestamp([5, 6, 1_000_000][i % 3] as number),
  }));

describe("kyselyCursorPages through CamelCasePlugin", () => {
  let engine: KyselyEngine;
  beforeAll(async () => {
    engine = await sqliteEngine();
    await engine.fill(rowsOf(engine));
  });
  afterAll(() => engine.close());

  it.each<[string, string, CamelCasePluginOptions]>([
    ["its defaults", "createdAt", {}],
    ["its defaults", "-score", {}],
    ["its defaults", "grp,-createdAt", {}],
    ["upperCase", "score", { upperCase: true }],
    ["upperCase", "name,-createdAt", { upperCase: true }],
    ["underscoreBeforeDigits", "-createdAt", { underscoreBeforeDigits: true }],
    ["underscoreBeforeDigits", "score,grp", { underscoreBeforeDigits: true }],
  ])("with %s, sort=%s: every row once, in the database's order", async (_name, sort, options) => {
    const plugged = engine.db.withPlugin(new CamelCasePlugin(options));
    const db = plugged as unknown as Kysely<CamelSchema>;
    const resource = defineResource({
      GET: cursorList({
        sort: CAMEL_SORT,
        secret: SECRET,
        handler: kyselyCursorPages(db, () =>
          db.selectFrom("items").select(["id", "name", "score", "grp", "createdAt"]),
        ),
      }),
    });
    const expected = await databaseOrder(engine, sort.replace("createdAt", "created_at"));
    const forward = await walk(resource, `/items?sort=${sort}&page_size=4`, "next");
    expect(forward.ids).toStrictEqual(expected);
    const back = await walk(resource, forward.last, "prev");
    expect(back.ids.reverse()).toStrictEqual(expected);
  });

  // Counts select from the user's select: Kysely's plugins see it once, and read the count's row.
  it.each<[string, CamelCasePluginOptions, object, Record<string, string>]>([
    ["exact, its defaults", {}, { count: "exact" }, { "X-Pagination-Count": "23" }],
    ["exact, upperCase", { upperCase: true }, { count: "exact" }, { "X-Pagination-Count": "23" }],
    [
      "capped, upperCase",
      { upperCase: true },
      { count: { cap: 10 } },
      { "X-Pagination-CountAtLeast": "11" },
    ],
  ])("pages counted %s", async (_name, options, pagesOptions, headers) => {
    const db = engine.db.withPlugin(new CamelCasePlugin(options)) as unknown as Kysely<CamelSchema>;
    const resource = defineResource({
      GET: list({
        sort: CAMEL_SORT,
        handler: kyselyPages(
          db,
          () => db.selectFrom("items").select(["id", "createdAt"]),
          pagesOptions,
        ),
      }),
    });
    const found = await answer(resource, "/items?sort=-createdAt&page_size=2");
    const expected = await databaseOrder(engine, "-created_at");
    expect(found.status).toBe(200);
    expect(
      Object.fromEntries(Object.keys(headers).map((n) => [n, found.headers[n]])),
    ).toStrictEqual(headers);
    expect(found.rows.map((row) => [String(row.id), Object.keys(row)])).toStrictEqual(
      expected.slice(0, 2).map((id) => [id, ["id", "createdAt"]]),
    );
  });
});

describe("pagewise/kysely through CamelCasePlugin on PGlite", () => {
  let engine: KyselyEngine;
  beforeAll(async () => {
    engine = await pgliteEngine();
    await engine.fill(rowsOf(engine));
    // The same rows under upper-case names, as `upperCase` writes them (quoted: told by case).
    await engine.raw(
      'CREATE TABLE "ITEMS" AS SELECT id AS "ID", name AS "NAME", score AS "SCORE", grp AS "GRP", created_at AS "CREATED_AT" FROM items',
    );
  });
  afterAll(() => engine.close());

  // Mixed directions and a nullable field: pages of a UNION ALL, whose outer ORDER BY names the
  // branches' aliases as the plugin wrote them.
  it.each(["grp,-createdAt", "score", "-score,name"])(
    "with upperCase, sort=%s: every row once, in the database's order",
    async (sort) => {
      const plugged = engine.db.withPlugin(new CamelCasePlugin({ upperCase: true }));
      const db = plugged as unknown as Kysely<CamelSchema>;
      const resource = defineResource({
        GET: cursorList({
          sort: CAMEL_SORT,
          secret: SECRET,
          handler: kyselyCursorPages(db, () =>
            db.selectFrom("items").select(["id", "name", "score", "grp", "createdAt"]),
          ),
        }),
      });
      const expected = await databaseOrder(engine, sort.replace("createdAt", "created_at"));
      const forward = await walk(resource, `/items?sort=${sort}&page_size=4`, "next");
      expect(forward.ids).toStrictEqual(expected);
      const back = await walk(resource, forward.last, "prev");
      expect(back.ids.reverse()).toStrictEqual(expected);
    },
  );

  it("reads the planner's estimate", async () => {
    const db = engine.db.withPlugin(new CamelCasePlugin()) as unknown as Kysely<CamelSchema>;
    const resource = defineResource({
      GET: list({
        sort: CAMEL_SORT,
        handler: kyselyPages(db, () => db.selectFrom("items").select(["id"]), {
          count: "estimate",
        }),
      }),
    });
    const found = await answer(resource, "/items?page_size=2");
    expect([found.status, found.headers["X-Pagination-CountEstimate"]]).toStrictEqual([
      200,
      expect.stringMatching(/^[0-9]+$/),
    ]);
  });
});
