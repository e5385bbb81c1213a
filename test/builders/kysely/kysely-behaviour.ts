/**
 * The behaviour suite of pagewise/kysely, run on each database (`describeKyselyBehaviour`): page
 * lists in each order walk the table once in the database's own ORDER BY, with each count
 * strategy; cursor lists walk it forward and back the same way; rows are what the query selects.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleResource } from "../../../src/adapters/index.js";
import {
  type KyselyPagesOptions,
  kyselyCursorPages,
  kyselyPages,
} from "../../../src/builders/kysely/index.js";
import { cursorList, defineResource, list } from "../../../src/index.js";
import type { ItemRow, KyselyEngine } from "./kysely-engines.js";

export const SECRET = "kysely-secret-kysely-secret-kysely";
/** Keys beyond 2^53, where a double would merge neighbours. */
export const BASE_ID = 2n ** 53n + 1n;

/** The fields the lists offer, each kind: text, nullable, few values, timestamp; a bigint key. */
export const SORT = {
  fields: {
    name: true,
    score: { nullable: true },
    grp: true,
    created_at: { type: "timestamp" },
  },
  tieBreaker: { column: "id", type: "bigint" },
} as const;

/**
 * The same fields with `score`'s NULLs set last ascending, first descending: contrary to MariaDB's
 * and SQLite's place, PostgreSQL's own.
 */
export const SORT_NULLS_LAST = {
  ...SORT,
  fields: { ...SORT.fields, score: { nullable: true, nulls: "last" } },
} as const;

/**
 * A field's ORDER BY in the database's own SQL; with `nullsLast`, `score`'s NULLs put last
 * ascending and first descending by `score IS NULL`, as MariaDB needs it.
 *
 * @param field - a field as `sort` names it, `-` first for descending
 * @param nullsLast - whether the list is {@link SORT_NULLS_LAST}'s
 * @default nullsLast false
 * @example
 * ```ts
 * orderTerm("-score", true); // "score IS NULL DESC, score DESC"
 * ```
 */
export function orderTerm(field: string, nullsLast = false): string {
  const direction = field.startsWith("-") ? "DESC" : "ASC";
  const name = field.replace(/^-/, "");
  if (name !== "score" || !nullsLast) return `${name} ${direction}`;
  return `score IS NULL ${direction}, score ${direction}`;
}

/**
 * The database's own order of the whole table, as `sort` says it (NULLs where it puts them, or
 * `score`'s last ascending with `nullsLast`).
 */
export async function databaseOrder(
  engine: Pick<KyselyEngine, "raw" | "idText">,
  sort: string,
  nullsLast = false,
): Promise<string[]> {
  const terms = sort.split(",").map((field) => orderTerm(field, nullsLast));
  const direction = (terms.at(-1) as string).endsWith("DESC") ? "DESC" : "ASC";
  const rows = await engine.raw(
    `SELECT ${engine.idText} AS id FROM items ORDER BY ${terms.join(", ")}, id ${direction}`,
  );
  return rows.map((r) => String(r.id));
}

/** One answer of a resource: status, headers, the rows' keys and links. */
export async function answer(resource: ReturnType<typeof defineResource>, url: string) {
  const response = await handleResource(resource, {
    method: "GET",
    url,
    header: () => undefined,
    native: null,
  });
  const link = (rel: string) =>
    new RegExp(`<([^>]*)>; rel="${rel}"`).exec(response.headers.Link ?? "")?.[1];
  const rows = JSON.parse(response.body as string) as Record<string, unknown>[];
  return {
    status: response.status,
    headers: response.headers,
    rows,
    ids: rows.map((r) => String(r.id)),
    next: link("next"),
    prev: link("prev"),
  };
}

/** A link with the page size of the walk (page links leave the default one out). */
function sized(link: string | undefined, size: string | null): string | undefined {
  if (link === undefined || size === null || link.includes("page_size=")) return link;
  return `${link}${link.includes("?") ? "&" : "?"}page_size=${size}`;
}

/** Every row's key following `rel` links from `url`, and the last page's url. */
export async function walk(
  resource: ReturnType<typeof defineResource>,
  url: string,
  rel: "next" | "prev",
) {
  const ids: string[] = [];
  let at: string | undefined = url;
  let last = url;
  for (let pages = 0; at !== undefined && pages < 100; pages++) {
    const page = await answer(resource, at);
    expect(page.status).toBe(200);
    ids.push(...(rel === "next" ? page.ids : page.ids.reverse()));
    last = at;
    at = sized(page[rel], new URL(url, "http://x").searchParams.get("page_size"));
  }
  return { ids, last };
}

const NAMES = ["alpha", "Alpha", "émile", "Zed", "zed", "ånd", "beta", "Émile"];
const SCORES = [3, null, 1, 3, null, 2, 1, null];
const MICROS = [5, 5, 6, 1_000_000, 5, 7, 6, 1_000_001];

/** The suite's table: ties in every field, NULL scores, timestamps a microsecond apart. */
function rows(engine: KyselyEngine): ItemRow[] {
  return NAMES.map((name, i) => ({
    id: String(BASE_ID + BigInt(i)),
    name,
    score: SCORES[i] as number | null,
    grp: i % 2,
    created_at: engine.timestamp(MICROS[i] as number),
  }));
}

const SORTS = ["name", "-score", "grp,-created_at", "-created_at", "score,name", "-grp,score"];

export function describeKyselyBehaviour(open: () => Promise<KyselyEngine>) {
  let engine: KyselyEngine;
  beforeAll(async () => {
    engine = await open();
    await engine.fill(rows(engine));
  });
  afterAll(() => engine.close());

  const pages = (options: KyselyPagesOptions<unknown> = {}) =>
    defineResource({
      GET: list({
        sort: SORT,
        handler: kyselyPages(engine.db, () => engine.db.selectFrom("items").selectAll(), options),
      }),
    });

  describe("kyselyPages", () => {
    it.each(SORTS)("walks sort=%s page by page in the database's order", async (sort) => {
      const { ids } = await walk(pages(), `/items?sort=${sort}&page_size=3`, "next");
      expect(ids).toStrictEqual(await databaseOrder(engine, sort));
    });

    it.each<[string, KyselyPagesOptions<unknown>, string, Record<string, string | undefined>]>([
      ["exact", {}, "page=1", { "X-Pagination-Count": "8" }],
      [
        "a cap below the total",
        { count: { cap: 5 } },
        "page=1",
        { "X-Pagination-CountAtLeast": "6" },
      ],
      ["a cap at the total", { count: { cap: 8 } }, "page=1", { "X-Pagination-Count": "8" }],
      [
        "whenNeeded on the last page",
        { count: { whenNeeded: "exact" } },
        "page=3",
        { "X-Pagination-Count": "8" },
      ],
      ["of, the user's count", { count: { of: () => 8 } }, "page=1", { "X-Pagination-Count": "8" }],
      ["none", { count: "none" }, "page=1", { "X-Pagination-Count": undefined }],
    ])("counts with %s", async (_name, options, page, expected) => {
      const found = await answer(pages(options), `/items?${page}&page_size=3`);
      const names = Object.keys(expected);
      expect(Object.fromEntries(names.map((n) => [n, found.headers[n]]))).toStrictEqual(expected);
    });

    it("counts with the planner's estimate where the dialect keeps one (SQLite: refused)", async () => {
      if (engine.dialect === "sqlite") {
        expect(() => pages({ count: "estimate" })).toThrow(/sqlite keeps no row estimate/);
        return;
      }
      const found = await answer(pages({ count: "estimate" }), "/items?page_size=3");
      expect(found.headers["X-Pagination-CountEstimate"]).toMatch(/^[0-9]+$/);
      expect(found.ids).toHaveLength(3);
    });

    it("filters by the user's query and answers its own columns", async () => {
      const resource = defineResource({
        GET: list({
          sort: SORT,
          handler: kyselyPages(engine.db, () =>
            engine.db.selectFrom("items").select(["id", "name"]).where("grp", "=", 1),
          ),
        }),
      });
      const found = await answer(resource, "/items?sort=-grp&page_size=10");
      expect(found.rows.map((r) => Object.keys(r).sort())).toStrictEqual(
        Array(4).fill(["id", "name"]),
      );
      expect(found.ids).toStrictEqual(["7", "5", "3", "1"].map((i) => String(BASE_ID + BigInt(i))));
    });

    it("orders a join by the columns it qualifies", async () => {
      const resource = defineResource({
        GET: list({
          sort: SORT,
          handler: kyselyPages(
            engine.db,
            () =>
              engine.db
                .selectFrom("items as i")
                .innerJoin("items as j", "j.id", "i.id")
                .select(["i.id", "j.name"]),
            { columns: { id: "i.id", name: "j.name" } },
          ),
        }),
      });
      const { ids } = await walk(resource, "/items?sort=name&page_size=3", "next");
      expect(ids).toStrictEqual(await databaseOrder(engine, "name"));
    });
  });

  describe("kyselyCursorPages", () => {
    const cursors = () =>
      defineResource({
        GET: cursorList({
          sort: SORT,
          secret: SECRET,
          handler: kyselyCursorPages(engine.db, () => engine.db.selectFrom("items").selectAll()),
        }),
      });

    it.each(SORTS)("walks sort=%s forward and back in the database's order", async (sort) => {
      const expected = await databaseOrder(engine, sort);
      const forward = await walk(cursors(), `/items?sort=${sort}&page_size=3`, "next");
      expect(forward.ids).toStrictEqual(expected);
      const back = await walk(cursors(), forward.last, "prev");
      expect(back.ids.reverse()).toStrictEqual(expected);
    });

    it("answers the rows as selected, nothing added for the cursor", async () => {
      const found = await answer(cursors(), "/items?sort=-created_at&page_size=2");
      expect(found.rows.map((r) => Object.keys(r).sort())).toStrictEqual(
        Array(2).fill(["created_at", "grp", "id", "name", "score"]),
      );
    });
  });
}
