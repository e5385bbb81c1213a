import { forwardedBase } from "../http/forwarded-base.js";
import { describeValue } from "../option-checks.js";
import { type PageParamsSettings, readPageParams } from "../pagination/page-params.js";
import { type Page, paginate } from "../pagination/paginate.js";
import { writePaginationHeaders } from "../pagination/pagination-headers.js";
import type { ResourceRequest, ResourceResponse } from "./contract.js";
import type { Resource } from "./define-resource.js";
import { andThen, type MaybePromise } from "./maybe-async.js";
import { handlerContext } from "./method-input.js";
import type { ListMethod, ListResult } from "./methods.js";

/**
 * A list method's answer: the page parameters read, the handler run with the request's own
 * parameters, the page computed from its count, its rows checked, and the page with its
 * pagination headers.
 */
export function serveList<N>(
  resource: Resource<N>,
  definition: ListMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: Record<string, unknown>,
): MaybePromise<ResourceResponse> {
  const { settings } = resource;
  const pageParams = readPageParams(raw, settings.pageParams);
  const own = withoutPageParams(raw, settings.pageParams);
  const context = Object.assign(handlerContext(definition, request, method, own), { pageParams });
  return andThen(definition.handler(context), (result) => {
    const page = paginate(
      { count: countOf(result), page: pageParams.page, pageSize: pageParams.pageSize },
      settings.paginate,
    );
    return andThen(pageItems(result, page), (given): ResourceResponse => {
      const items = pageRows(given, page);
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      writePaginationHeaders(
        headers,
        page,
        settings.headers,
        request.url,
        linkBase(resource, request),
      );
      return { status: 200, headers, body: JSON.stringify(items) };
    });
  });
}

/** The request's own parameters: all but pagewise's page and page-size parameters. */
function withoutPageParams(
  raw: Record<string, unknown>,
  { pageParam, pageSizeParam }: PageParamsSettings,
): Record<string, unknown> {
  if (!Object.hasOwn(raw, pageParam) && !Object.hasOwn(raw, pageSizeParam)) return raw;
  const own: Record<string, unknown> = {};
  // No "__proto__" among them: the query and body readers drop it.
  for (const name of Object.keys(raw)) {
    if (name !== pageParam && name !== pageSizeParam) own[name] = raw[name];
  }
  return own;
}

/** The trusted base for links: the configured one, or behind a trusted proxy the request's origin. */
function linkBase<N>(resource: Resource<N>, request: ResourceRequest<N>): string | URL | undefined {
  const { baseUrl, trustProxy } = resource.settings;
  return baseUrl ?? (trustProxy ? forwardedBase(request.header) : undefined);
}

function countOf(result: ListResult<unknown>): number {
  if (isArray(result)) return result.length;
  const { items, count } = (result ?? {}) as { items?: unknown; count?: unknown };
  if (!Array.isArray(items) && typeof items !== "function") {
    throw new TypeError(
      `A list handler returns an array, or { count, items } with items an array or a function; got ${describeValue(result)}${items === undefined ? "" : ` with items ${describeValue(items)}`}`,
    );
  }
  if (typeof count === "string" || typeof count === "bigint") {
    throw new TypeError(
      `A list handler's count must be a number; got ${describeValue(count)}. node-postgres returns count(*) as a string (a bigint): pass Number(row.count).`,
    );
  }
  if (!Number.isSafeInteger(count) || (count as number) < 0) {
    throw new RangeError(
      `A list handler's count must be a whole number of at least 0; got ${describeValue(count)}`,
    );
  }
  return count as number;
}

/** The page's rows: a slice of a whole dataset, the rows given, or those `items(page)` fetches (never for an empty page). */
function pageItems(result: ListResult<unknown>, page: Page): MaybePromise<readonly unknown[]> {
  if (isArray(result)) return result.slice(page.offset, page.offset + page.limit);
  if (typeof result.items !== "function") return result.items;
  return page.isEmpty ? [] : result.items(page);
}

/**
 * The rows to send. A bug in a list handler is caught before its rows go out as a page: not an
 * array, or more rows than a page size. Up to a page size but more than `page.limit` is a race
 * (a row added between the count and the rows query, on the last page): the first `limit` rows go
 * out, as the count says.
 */
function pageRows(items: unknown, page: Page): readonly unknown[] {
  if (!Array.isArray(items)) {
    throw new TypeError(
      `A list handler's items must be an array of the page's rows (or a function giving one); got ${describeValue(items)}. A query result's rows are often in its .rows.`,
    );
  }
  if (items.length > page.pageSize) {
    throw new RangeError(
      `A list handler gave ${items.length} rows, more than a page of ${page.pageSize} (offset ${page.offset}, limit ${page.limit}): fetch only page.limit rows from page.offset.`,
    );
  }
  return items.length > page.limit ? items.slice(0, page.limit) : items;
}

function isArray(value: ListResult<unknown>): value is readonly unknown[] {
  return Array.isArray(value);
}
