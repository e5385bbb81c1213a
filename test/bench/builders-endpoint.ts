/**
 * The hand-written cursor endpoint the builders suite holds pagewise's whole request to: a fetch
 * handler (`(request) => Promise<Response>`, as `fetchHandler` serves pagewise's) that answers
 * the same request completely, as a careful user would write it without pagewise: the page size
 * read and checked, an `after` token verified (HMAC-SHA256 of node:crypto, base64url), the rows
 * read by a statement built per call with the builder (`CursorRows`), the `Link` header (first,
 * prev, next), `X-Pagination-PageSize`, a signed next cursor, the JSON body. It serves pages
 * forward only: the `before` token its prev link carries is signed, never read (the suite asks
 * for none).
 * @packageDocumentation
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { type Column, ORDERS, type Order, PAGE } from "./builders-table.js";

/** The sort values a token carries, by column (the order's columns, as exact text). */
export type AfterValues = Readonly<Partial<Record<Column, string>>>;

/**
 * A page's rows after `after` (or from the start), `limit` of them (the page and one more), each
 * with its sort values: `EXACT_KEY` holds `created_at`'s exact text where the driver reads a
 * `Date`, which keeps milliseconds only.
 */
export type CursorRows = (
  order: Order,
  after: AfterValues | undefined,
  limit: number,
) => Promise<Record<string, unknown>[]>;

/** The column a row carries a sort value's exact text in, kept out of the body. */
export const EXACT_KEY = "exact_created_at";

const SECRET = "hand-written-endpoint-secret-0123456789";
const MAX_PAGE_SIZE = 500;

const signature = (body: string) => createHmac("sha256", SECRET).update(body).digest();

/** A token for `values`: `base64url(JSON) "." base64url(HMAC-SHA256)`. */
export function signToken(values: readonly unknown[]): string {
  const body = Buffer.from(JSON.stringify(values)).toString("base64url");
  return `${body}.${signature(body).toString("base64url")}`;
}

/** A token's values, or `undefined` for one this endpoint did not sign. */
function verifiedValues(token: string): unknown[] | undefined {
  const dot = token.indexOf(".");
  if (dot < 0) return undefined;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = signature(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const values: unknown = JSON.parse(Buffer.from(body, "base64url").toString());
  return Array.isArray(values) ? values : undefined;
}

const problem = (detail: string) =>
  new Response(JSON.stringify({ title: "Bad Request", status: 400, detail }), {
    status: 400,
    headers: { "content-type": "application/problem+json" },
  });

/** A row's sort values in `order`, as a token carries them. */
const cursorValues = (row: Record<string, unknown>, order: Order) =>
  ORDERS[order].map(([column]) => {
    const value = column === "created_at" ? (row[EXACT_KEY] ?? row[column]) : row[column];
    return String(value);
  });

/** The request's `after` values in `order`, `undefined` for none, or a 400 to answer. */
function afterOf(url: URL, order: Order): AfterValues | undefined | Response {
  const token = url.searchParams.get("after");
  if (token === null) return undefined;
  const values = verifiedValues(token);
  const columns = ORDERS[order];
  if (values?.length !== columns.length) return problem("after: not a cursor of this list");
  return Object.fromEntries(columns.map(([column], i) => [column, String(values[i])]));
}

/** The hand-written endpoint of `order` over `rows`, served at `path`. */
export function handEndpoint(
  rows: CursorRows,
  order: Order,
  path: string,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const size = Number(url.searchParams.get("page_size") ?? PAGE);
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
      return problem(`page_size: a whole number from 1 to ${MAX_PAGE_SIZE}`);
    const after = afterOf(url, order);
    if (after instanceof Response) return after;
    const read = await rows(order, after, size + 1);
    const items = read.slice(0, size).map(({ [EXACT_KEY]: _, ...item }) => item);
    const first = `${path}?page_size=${size}`;
    let link = `<${first}>; rel="first"`;
    const head = read[0];
    if (after !== undefined && head !== undefined)
      link += `, <${first}&before=${signToken(cursorValues(head, order))}>; rel="prev"`;
    const last = read[size - 1];
    if (read.length > size && last !== undefined)
      link += `, <${first}&after=${signToken(cursorValues(last, order))}>; rel="next"`;
    const body = JSON.stringify(items);
    return new Response(body, {
      status: 200,
      headers: {
        allow: "GET, OPTIONS",
        "content-length": String(Buffer.byteLength(body)),
        "content-type": "application/json",
        link,
        "x-pagination-pagesize": String(size),
      },
    });
  };
}
