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
import { type Competitor, walkAll } from "./builders-competitors.js";
import type { Handle } from "./builders-databases.js";
import { drizzleQueryOf } from "./builders-drizzle.js";
import { type HandPages, kyselyOf } from "./builders-kysely.js";
import { type Column, type ExactRow, ORDERS, type Order, PAGE, SMALL } from "./builders-table.js";

/** The builders pagewise integrates. */
export type Builder = "Kysely" | "Drizzle";

/** The cursor lists' secret. */
export const SECRET = "builders-bench-secret-0123456789abcdef";
const TYPES: Partial<Record<Column, "timestamp" | "bigint">> = {
  created_at: "timestamp",
  id: "bigint",
};
/** The page lists' `sort` option: the suite's columns, `id` breaking ties. */
export const SORT = {
  fields: { created_at: { type: "timestamp" }, name: true, status: true, note: { nullable: true } },
  tieBreaker: { column: "id", type: "bigint" },
} as const;
/** `order` as a `cursorList`'s `order` option. */
export const orderOf = (order: Order) =>
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
export async function tokenAfter(order: Order, row: ExactRow): Promise<string> {
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

/** What a list's handler was last called with, and the page slice its rows were asked for. */
interface Capture {
  context?: unknown;
  slice?: { offset: number; limit: number };
}

type PageHandler = (context: never) => {
  items: (slice: { offset: number; limit: number }) => Promise<unknown>;
};
/** A cursor list's handler, as an integration gives it. */
export type CursorHandler = (context: never) => Promise<unknown>;

/** The page handler, recording each call's context and slice in `capture`. */
const recordingPages =
  (handler: PageHandler, capture: Capture): PageHandler =>
  (context) => {
    const result = handler(context);
    capture.context = context;
    return {
      ...result,
      items: (slice) => {
        capture.slice = slice;
        return result.items(slice);
      },
    };
  };

/** The cursor handler, recording each call's context in `capture`. */
const recordingCursor =
  (handler: CursorHandler, capture: Capture): CursorHandler =>
  (context) => {
    capture.context = context;
    return handler(context);
  };

/** A builder's two handlers: a page list's (countless), and a cursor list's for an order. */
export interface Handlers {
  readonly pages: PageHandler;
  readonly cursor: (order: Order) => CursorHandler;
}

/** pagewise's pages of one builder, through the pipeline and by the handler alone. */
export interface PagewisePages {
  /** Each page through `handleResource`: parameters, tokens, links, headers. */
  readonly pipeline: HandPages;
  /**
   * Each page by the integration's handler alone, called with the context the pipeline gave it
   * for the same request (recorded on a first call through the pipeline): the query pagewise
   * writes and runs, beside the same query written by hand.
   */
  readonly handler: HandPages;
}

/** The page list and an order's cursor list over the handlers, each recording its calls. */
function resourcesOf(handlers: Handlers) {
  const capture: Capture = {};
  const paged = defineResource("/packages/", {
    GET: list({ sort: SORT, handler: recordingPages(handlers.pages, capture) as never }),
  });
  const byOrder = new Map<Order, Resource>();
  const cursorOf = (order: Order) => {
    const known = byOrder.get(order);
    if (known !== undefined) return known;
    const made = defineResource("/packages/", {
      GET: cursorList({
        order: orderOf(order),
        secret: SECRET,
        handler: recordingCursor(handlers.cursor(order), capture) as never,
      }),
    });
    byOrder.set(order, made);
    return made;
  };
  return { capture, paged, cursorOf };
}

/** A builder's pages through pagewise's pipeline, and by its handlers alone. */
export function pagewisePagesOf(handlers: Handlers): PagewisePages {
  const { capture, paged, cursorOf } = resourcesOf(handlers);
  const tokens = new Map<string, string>();
  const cursorFirst = (order: Order) => get(cursorOf(order), `page_size=${PAGE}`);
  const pipeline: HandPages = {
    first: (order) => get(paged, `sort=${order}&page_size=${PAGE}`),
    offset: (order, offset) =>
      get(paged, `sort=${order}&page_size=${PAGE}&page=${offset / PAGE + 1}`),
    keyset: async (order, row) => {
      const key = `${order}:${row.id}`;
      const token = tokens.get(key) ?? (await tokenAfter(order, row));
      tokens.set(key, token);
      return get(cursorOf(order), `page_size=${PAGE}&after=${token}`);
    },
    cursorFirst,
  };
  /** The handler's call for a request, recorded by one call through the pipeline first. */
  const recorded = async (request: () => Promise<unknown>): Promise<Required<Capture>> => {
    await request();
    return { ...capture } as Required<Capture>;
  };
  const page = async (request: () => Promise<unknown>) => {
    const { context, slice } = await recorded(request);
    return () => handlers.pages(context as never).items(slice);
  };
  const calls = new Map<string, () => Promise<unknown>>();
  const once = async (key: string, make: () => Promise<() => Promise<unknown>>) => {
    const call = calls.get(key) ?? (await make());
    calls.set(key, call);
    return call();
  };
  /** A cursor list's page by its handler, with the context of the pipeline's `request`. */
  const cursorPage = async (order: Order, request: () => Promise<unknown>) => {
    const { context } = await recorded(request);
    const cursor = handlers.cursor(order);
    const query = (context as { cursor: unknown }).cursor;
    return async () => {
      const { items } = (await cursor(context as never)) as { items: unknown };
      return typeof items === "function" ? items(query) : items;
    };
  };
  const handler: HandPages = {
    first: (order) => once(`first:${order}`, () => page(() => pipeline.first(order))),
    offset: (order, offset) =>
      once(`offset:${order}:${offset}`, () => page(() => pipeline.offset(order, offset))),
    keyset: (order, row) =>
      once(`keyset:${order}:${row.id}`, () => cursorPage(order, () => pipeline.keyset(order, row))),
    cursorFirst: (order) =>
      once(`cursor:${order}`, () => cursorPage(order, () => cursorFirst(order))),
  };
  return { pipeline, handler };
}

/** pagewise's pages by builder, for a database of any dialect. */
export const PAGEWISE: Readonly<Record<Builder, (handle: Handle) => PagewisePages>> = {
  Kysely: (handle) => {
    const db = kyselyOf(handle);
    const query = () =>
      db.selectFrom("packages").select(["id", "name", "status", "created_at", "note"]);
    const cursors = new Map<Order, CursorHandler>();
    return pagewisePagesOf({
      pages: pagewiseKyselyPages(db, query, { count: "none" }).handle as never,
      cursor: (order) =>
        cursors.get(order) ??
        (cursors
          .set(order, kyselyCursorPages(db, query).handle as never)
          .get(order) as CursorHandler),
    });
  },
  Drizzle: (handle) => {
    const [db, query] = drizzleQueryOf(handle);
    const cursors = new Map<Order, CursorHandler>();
    return pagewisePagesOf({
      pages: drizzlePages(db, query, { count: "none" }).handle as never,
      cursor: (order) =>
        cursors.get(order) ??
        (cursors
          .set(order, drizzleCursorPages(db, query).handle as never)
          .get(order) as CursorHandler),
    });
  },
};

/** The rows of a list's answer: its JSON body, an array or an object holding one. */
function rowsOf(body: string | null): { id?: unknown }[] {
  const parsed: unknown = JSON.parse(body ?? "[]");
  if (Array.isArray(parsed)) return parsed;
  const holder = parsed as Record<string, unknown>;
  const rows = Object.values(holder).find(Array.isArray);
  return (rows ?? []) as { id?: unknown }[];
}

/**
 * pagewise walking the small table as a client does, through the pipeline: a cursor list in each
 * order over `cursor` (the integration's handler on the small table), each page after its `next`
 * link's token: the walks' control row, beside the competitors'.
 */
export function pagewiseWalker(
  name: string,
  cursor: () => CursorHandler,
  rowAt: (order: Order, position: number) => Promise<ExactRow>,
): Competitor {
  const listOf = (order: Order) =>
    defineResource("/packages/", {
      GET: cursorList({ order: orderOf(order), secret: SECRET, handler: cursor() as never }),
    });
  /** A page's row keys and the token of its link `rel` (`after` for next, `before` for prev). */
  const read = async (resource: Resource, query: string, rel: "next" | "prev") => {
    const answer = await get(resource, `page_size=${PAGE}${query}`);
    const param = rel === "next" ? "after" : "before";
    const link = new RegExp(`[?&]${param}=([^&>]+)[^>]*>;\\s*rel="${rel}"`);
    const token = link.exec(answer.headers.Link ?? "")?.[1];
    return [rowsOf(answer.body).map((row) => row.id), token] as [unknown[], string | undefined];
  };
  return {
    name,
    cursorAfter: () => Promise.reject(new Error(`${name} is measured by its own pages`)),
    walk: (order, between) => {
      const resource = listOf(order);
      const page = (after: string | undefined) =>
        read(resource, after === undefined ? "" : `&after=${after}`, "next");
      return walkAll(() => page(undefined), page, between);
    },
    // Backward: the page after the last row but one (the last row alone), then its prev links.
    walkBack: async (order) => {
      const resource = listOf(order);
      const after = await tokenAfter(order, await rowAt(order, SMALL - 2));
      const [, start] = await read(resource, `&after=${after}`, "prev");
      if (start === undefined) throw new Error(`no prev link before the last row in ${order}`);
      const page = (before: string) => read(resource, `&before=${before}`, "prev");
      return walkAll(() => page(start), page);
    },
  };
}
