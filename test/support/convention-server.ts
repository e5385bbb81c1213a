/**
 * A list server on 127.0.0.1 written without pagewise, by hand from the spec (section 4.3): items
 * `{ id }` at `/items/`, counted pages, `Link` and the four `X-Pagination-*` headers. Its
 * {@link Convention} picks the legal choices another server might make (clamp or refuse an
 * over-large page size, absolute links, links in another order, extra relations, no CORS) and the
 * breaks `pagewise check` must catch. `?q=none` is the empty list, never paginated.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** How the server keeps (or breaks) the convention. */
export interface Convention {
  /** Items in the list. @default 7 */
  readonly count?: number;
  /** The page size when none is asked. @default 3 */
  readonly defaultSize?: number;
  /** The largest page size served. @default 5 */
  readonly maxSize?: number;
  /** A page size over the maximum: served at the maximum, or refused with a 400. @default "clamp" */
  readonly overMax?: "clamp" | "refuse";
  /** `page_size=0` (and a negative one): read as the default, or clamped to 1. @default "default" */
  readonly zeroSize?: "default" | "clamp";
  /** A page past the last: refused with a 404, or served as the last page. @default "refuse" */
  readonly pastEnd?: "refuse" | "last";
  /** Links as absolute URLs instead of paths. */
  readonly absoluteLinks?: boolean;
  /** Links written last to first. */
  readonly reversedLinks?: boolean;
  /** Relations beyond the spec's four, e.g. `self`. */
  readonly extraRels?: readonly string[];
  /** The Content-Type of its error answers. @default "application/problem+json" */
  readonly errorType?: string;
  /** CORS: none, or any origin with the pagination headers exposed. @default true */
  readonly cors?: boolean;
  /** Edits the answer's headers before it is sent (a break), given the page served. */
  readonly edit?: (headers: Record<string, string>, served: Served) => void;
}

/** The page an answer serves. */
export interface Served {
  readonly page: number;
  readonly pageTotal: number;
}

/** A running server: its origin and its close. */
export interface ConventionServer {
  readonly url: string;
  close(): Promise<void>;
}

const EXPOSED =
  "Link, X-Pagination-Count, X-Pagination-Page, X-Pagination-PageTotal, X-Pagination-PageSize";

/** Starts a server keeping `convention`. */
export async function startConventionServer(
  convention: Convention = {},
): Promise<ConventionServer> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const cors = convention.cors === false ? {} : corsHeaders(request.headers.origin);
    if (request.method === "OPTIONS") {
      response.writeHead(204, { ...cors, Allow: "GET, HEAD, OPTIONS" }).end();
      return;
    }
    const answer =
      request.method === "GET" || request.method === "HEAD"
        ? listAnswer(url, convention, origin(request.headers.host))
        : problem(405, "Method Not Allowed");
    const type =
      answer.status >= 400 && convention.errorType ? { "Content-Type": convention.errorType } : {};
    response.writeHead(answer.status, {
      ...cors,
      Allow: "GET, HEAD, OPTIONS",
      ...answer.headers,
      ...type,
    });
    response.end(request.method === "HEAD" ? undefined : answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function origin(host: string | undefined): string {
  return `http://${host ?? "127.0.0.1"}`;
}

function corsHeaders(from: string | undefined): Record<string, string> {
  if (from === undefined) return {};
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": EXPOSED,
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "X-Api-Key",
  };
}

function listAnswer(url: URL, convention: Convention, base: string): Answer {
  if (url.pathname !== "/items/") return problem(404, "Not Found");
  const count = url.searchParams.get("q") === "none" ? 0 : (convention.count ?? 7);
  if (count === 0) return json({}, []);
  const pageSize = sizeOf(url.searchParams.get("page_size"), convention);
  if (pageSize === undefined) return problem(400, "Bad Request");
  const pageTotal = Math.ceil(count / pageSize);
  const asked = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1);
  if (asked > pageTotal && convention.pastEnd !== "last") return problem(404, "Not Found");
  const page = Math.min(asked, pageTotal);
  const first = (page - 1) * pageSize + 1;
  const items = Array.from({ length: Math.min(pageSize, count - first + 1) }, (_, i) => ({
    id: first + i,
  }));
  const headers: Record<string, string> = {
    "X-Pagination-Count": String(count),
    "X-Pagination-Page": String(page),
    "X-Pagination-PageTotal": String(pageTotal),
    "X-Pagination-PageSize": String(pageSize),
  };
  const link = linkHeader(url, { page, pageTotal }, convention, base);
  if (link !== "") headers.Link = link;
  convention.edit?.(headers, { page, pageTotal });
  return json(headers, items);
}

/** The page size served: the default, the asked one, clamped or (`undefined`) refused. */
function sizeOf(asked: string | null, convention: Convention): number | undefined {
  const read = Number.parseInt(asked ?? "", 10);
  if (read < 1 && convention.zeroSize === "clamp") return 1;
  const size = read > 0 ? read : (convention.defaultSize ?? 3);
  const max = convention.maxSize ?? 5;
  if (size <= max || asked === null) return size;
  return convention.overMax === "refuse" ? undefined : max;
}

function linkHeader(url: URL, served: Served, convention: Convention, base: string): string {
  if (served.pageTotal === 1) return "";
  const rels: [string, number][] = [["first", 1]];
  if (served.page > 1) rels.push(["prev", served.page - 1]);
  if (served.page < served.pageTotal) rels.push(["next", served.page + 1]);
  rels.push(["last", served.pageTotal]);
  for (const rel of convention.extraRels ?? []) rels.push([rel, served.page]);
  if (convention.reversedLinks) rels.reverse();
  return rels
    .map(([rel, page]) => {
      const target = new URL(url);
      target.searchParams.set("page", String(page));
      const text = convention.absoluteLinks
        ? `${base}${target.pathname}${target.search}`
        : `${target.pathname}${target.search}`;
      return `<${text}>; rel="${rel}"`;
    })
    .join(", ");
}

function json(headers: Record<string, string>, body: unknown): Answer {
  return {
    status: 200,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

function problem(status: number, title: string): Answer {
  return {
    status,
    headers: { "Content-Type": "application/problem+json" },
    body: JSON.stringify({ title, status }),
  };
}
