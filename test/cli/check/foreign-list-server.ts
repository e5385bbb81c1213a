/**
 * List servers on 127.0.0.1 shaped like three that paginate by `Link` without the spec's
 * `X-Pagination-*` headers, written from their sources' header shapes: Grape with api-pagination
 * (`Total` and `Per-Page`, links `first` and `prev` past page 1, `last` and `next` before the last
 * page, absolute, the query kept and `page` set), Django REST framework's `LinkHeaderPagination`
 * of its docs (only `next` and `prev`, absolute; `prev` to page 1 drops `page`; a page 0, past the
 * end or not a number is a 404 `{"detail":"Invalid page."}`), and json-server 0.17 (`_page` and
 * `_limit`, `X-Total-Count`, links `first`, `prev`, `next`, `last`; a POST of any body it can read,
 * `{}` included, becomes a record: 201 with `Location`). Items are `{ id }`, 1 to 7, at `/items`.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** Which server to mimic. */
export type ForeignShape = "grape" | "drf" | "json-server";

/** A running server: its origin, the records POSTs created, and its close. */
export interface ForeignServer {
  readonly url: string;
  readonly created: unknown[];
  close(): Promise<void>;
}

const COUNT = 7;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/** Starts a server of `shape`. */
export async function startForeignServer(shape: ForeignShape): Promise<ForeignServer> {
  const created: unknown[] = [];
  const server = createServer((request, response) => {
    void answer(shape, request, created).then(({ status, headers, body }) => {
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    created,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function answer(
  shape: ForeignShape,
  request: IncomingMessage,
  created: unknown[],
): Promise<Answer> {
  const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
  if (request.method === "POST") return post(shape, request, created, url);
  if (url.pathname !== "/items") return { status: 404, headers: {}, body: {} };
  if (shape === "grape") return grape(url);
  return shape === "drf" ? drf(url) : jsonServer(url);
}

const ids = (from: number, to: number) =>
  Array.from({ length: Math.max(0, Math.min(to, COUNT) - from + 1) }, (_, i) => ({
    id: from + i,
  }));

/** Grape + api-pagination (Kaminari): `page` and `per_page`, a page past the end empty. */
function grape(url: URL): Answer {
  const perPage = Number(url.searchParams.get("per_page")) || 2;
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1);
  const total = Math.ceil(COUNT / perPage);
  const pages: [string, number][] = [];
  if (page > 1) pages.push(["first", 1], ["prev", page - 1]);
  if (page < total) pages.push(["last", total], ["next", page + 1]);
  const headers: Record<string, string> = { Total: String(COUNT), "Per-Page": String(perPage) };
  if (pages.length > 0) headers.Link = links(url, "page", pages);
  return { status: 200, headers, body: ids((page - 1) * perPage + 1, page * perPage) };
}

/** Django REST framework, `PageNumberPagination` with `page_size_query_param = "page_size"`. */
function drf(url: URL): Answer {
  const size = Number(url.searchParams.get("page_size")) || 2;
  const asked = url.searchParams.get("page") ?? "1";
  const page = /^[0-9]+$/.test(asked) ? Number(asked) : 0;
  const total = Math.ceil(COUNT / size);
  if (page < 1 || page > total) {
    return { status: 404, headers: {}, body: { detail: "Invalid page." } };
  }
  const rels: string[] = [];
  if (page < total) rels.push(`<${withPage(url, "page", page + 1)}>; rel="next"`);
  if (page > 1)
    rels.push(`<${withPage(url, "page", page - 1 === 1 ? undefined : page - 1)}>; rel="prev"`);
  const headers: Record<string, string> = rels.length > 0 ? { Link: rels.join(", ") } : {};
  return { status: 200, headers, body: ids((page - 1) * size + 1, page * size) };
}

/** json-server 0.17: `_page` and `_limit` (10 by default), `X-Total-Count`. */
function jsonServer(url: URL): Answer {
  const asked = url.searchParams.get("_page");
  if (asked === null) return { status: 200, headers: {}, body: ids(1, COUNT) };
  const page = Math.max(1, Number.parseInt(asked, 10) || 1);
  const limit = Number.parseInt(url.searchParams.get("_limit") ?? "", 10) || 10;
  const items = ids((page - 1) * limit + 1, page * limit);
  const headers: Record<string, string> = { "X-Total-Count": String(COUNT) };
  const total = Math.ceil(COUNT / limit);
  if (items.length > 0 && total > 1) {
    const pages: [string, number][] = [["first", 1]];
    if (page > 1) pages.push(["prev", page - 1]);
    if (page < total) pages.push(["next", page + 1]);
    pages.push(["last", total]);
    headers.Link = links(url, "_page", pages);
  }
  return { status: 200, headers, body: items };
}

/** A POST: json-server creates a record of any body it reads (malformed JSON is a 400). */
async function post(
  shape: ForeignShape,
  request: IncomingMessage,
  created: unknown[],
  url: URL,
): Promise<Answer> {
  let text = "";
  for await (const chunk of request) text += chunk;
  if (shape !== "json-server") return { status: 405, headers: {}, body: { detail: "No." } };
  const json = request.headers["content-type"]?.startsWith("application/json") ?? false;
  let record: Record<string, unknown> = {};
  if (json) {
    try {
      record = JSON.parse(text);
    } catch {
      return { status: 400, headers: {}, body: "SyntaxError: Unexpected end of JSON input" };
    }
  }
  const made = { ...record, id: COUNT + created.length + 1 };
  created.push(made);
  return {
    status: 201,
    headers: { Location: `${url.origin}${url.pathname}/${made.id}` },
    body: made,
  };
}

function links(url: URL, param: string, pages: readonly [string, number][]): string {
  return pages.map(([rel, page]) => `<${withPage(url, param, page)}>; rel="${rel}"`).join(", ");
}

function withPage(url: URL, param: string, page: number | undefined): string {
  const target = new URL(url);
  if (page === undefined) target.searchParams.delete(param);
  else target.searchParams.set(param, String(page));
  return target.href;
}
