/**
 * pagewise's own pages in the builders suite: `pagewise/kysely` and `pagewise/drizzle` over the
 * suite's table, through pagewise's pipeline (`handleResource`), beside the hand-written pages.
 * Page 1 and the OFFSET page are a countless `list({ sort })` (no count, as the hand-written
 * pages run none); the keyset page is a `cursorList` in the same fixed order as the hand-written
 * one (`ORDERS`), after a token minted for the row at depth by a twin list with the same secret.
 * @packageDocumentation
 */
import { cursorList, defineResource, list } from "pagewise";
import { handleResource } from "pagewise/adapter";
import type { CursorValue } from "pagewise/cursor";
import { drizzleCursorPages, drizzlePages } from "pagewise/drizzle";
import { kyselyCursorPages, kyselyPages as pagewiseKyselyPages } from "pagewise/kysely";
import type { Handle } from "./builders-databases.js";
import { drizzleQueryOf } from "./builders-drizzle.js";
import { type HandPages, kyselyOf } from "./builders-kysely.js";
import { type Column, type ExactRow, ORDERS, type Order, PAGE } from "./builders-table.js";

/** The builders pagewise integrates. */
export type Builder = "Kysely" | "Drizzle";

const SECRET = "builders-bench-secret-0123456789abcdef";
const TYPES: Partial<Record<Column, "timestamp" | "bigint">> = {
  created_at: "timestamp",
  id: "bigint",
};
const SORT = {
  fields: { created_at: { type: "timestamp" }, name: true, status: true, note: { nullable: true } },
  tieBreaker: { column: "id", type: "bigint" },
} as const;
const orderOf = (order: Order) =>
  ORDERS[order].map(([name, direction]) => ({
    name,
    direction,
    nullable: name === "note",
    ...(TYPES[name] === undefined ? {} : { type: TYPES[name] }),
  }));

type Resource = ReturnType<typeof defineResource>;
const get = async (resource: Resource, query: string) => {
  const answer = await handleResource(resource, {
    method: "GET",
    url: `/packages/?${query}`,
    header: () => undefined,
    pathParams: {},
    native: null,
  });
  if (answer.status !== 200) throw new Error(`GET /packages/?${query}: ${answer.status}`);
  return answer;
};

/** The `after` token of the row at depth, in `order`, minted by a twin list that returns it. */
async function tokenAfter(order: Order, row: ExactRow): Promise<string> {
  const values = Object.fromEntries(Object.entries(row)) as Record<string, CursorValue>;
  const mint = defineResource("/packages/", {
    GET: cursorList({
      order: orderOf(order),
      secret: SECRET,
      handler: () => ({ items: [values, values] }),
    }),
  });
  const link = String((await get(mint, "page_size=1")).headers.Link ?? "");
  const token = /[?&]after=([^&>]+)/.exec(link)?.[1];
  if (token === undefined) throw new Error(`no next link minted for ${order}: ${link}`);
  return token;
}

/** A builder's pages through pagewise: a page list, and a cursor list per order. */
function pagesOf(pages: () => Resource, cursors: (order: Order) => Resource): HandPages {
  const paged = pages();
  const byOrder = new Map<Order, Resource>();
  const cursorOf = (order: Order) =>
    byOrder.get(order) ?? (byOrder.set(order, cursors(order)).get(order) as Resource);
  const tokens = new Map<string, string>();
  return {
    first: (order) => get(paged, `sort=${order}&page_size=${PAGE}`),
    offset: (order, offset) =>
      get(paged, `sort=${order}&page_size=${PAGE}&page=${offset / PAGE + 1}`),
    keyset: async (order, row) => {
      const key = `${order}:${row.id}`;
      const token = tokens.get(key) ?? (await tokenAfter(order, row));
      tokens.set(key, token);
      return get(cursorOf(order), `page_size=${PAGE}&after=${token}`);
    },
  };
}

/** pagewise's pages by builder, for a database of any dialect. */
export const PAGEWISE: Readonly<Record<Builder, (handle: Handle) => HandPages>> = {
  Kysely: (handle) => {
    const db = kyselyOf(handle);
    const query = () =>
      db.selectFrom("packages").select(["id", "name", "status", "created_at", "note"]);
    return pagesOf(
      () =>
        defineResource("/packages/", {
          GET: list({ sort: SORT, handler: pagewiseKyselyPages(db, query, { count: "none" }) }),
        }),
      (order) =>
        defineResource("/packages/", {
          GET: cursorList({
            order: orderOf(order),
            secret: SECRET,
            handler: kyselyCursorPages(db, query),
          }),
        }),
    );
  },
  Drizzle: (handle) => {
    const [db, query] = drizzleQueryOf(handle);
    return pagesOf(
      () =>
        defineResource("/packages/", {
          GET: list({ sort: SORT, handler: drizzlePages(db, query, { count: "none" }) }),
        }),
      (order) =>
        defineResource("/packages/", {
          GET: cursorList({
            order: orderOf(order),
            secret: SECRET,
            handler: drizzleCursorPages(db, query),
          }),
        }),
    );
  },
};
