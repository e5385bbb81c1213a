import { cursorLinkHeader } from "../cursor/cursor-links.js";
import { cursorPage } from "../cursor/cursor-page.js";
import { cursorQuery } from "../cursor/cursor-query.js";
import type { CursorValue } from "../cursor/cursor-token.js";
import type { CursorSide } from "../cursor/keyset.js";
import { invalidCursor, invalidParameter } from "../errors.js";
import { splitRequestTarget } from "../http/request-target.js";
import { countField } from "../page/count-value.js";
import { writeHeaderValues } from "../page/header-values.js";
import { linkPath } from "../page/page-links.js";
import { readPageSize } from "../page/page-params.js";
import { orderKey, type SortOrder } from "../sort/sort-order.js";
import type { ResourceRequest, ResourceResponse } from "./contract.js";
import type { CursorListMethod } from "./cursor-method.js";
import { cursorRows } from "./cursor-rows.js";
import type { Resource } from "./define-resource.js";
import { jsonResponse } from "./json-response.js";
import { linkBase } from "./link-base.js";
import { linkedParams } from "./linked-params.js";
import { handlerContext, withoutParams } from "./method-input.js";
import { requestOrder } from "./request-order.js";

/**
 * A cursor list's answer: the page size and the cursor read (a token checked against the query it
 * was issued for), the handler run with the request's own parameters and the {@link CursorQuery},
 * the page's rows in the list's order, and the links with fresh tokens.
 */
export async function serveCursorList<N>(
  resource: Resource<N>,
  definition: CursorListMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: Record<string, unknown>,
): Promise<ResourceResponse> {
  const { settings } = resource;
  const { afterParam, beforeParam, codec } = definition;
  const names = { pageSizeParam: settings.pageParams.pageSizeParam, afterParam, beforeParam };
  const pageSize = readPageSize(raw, settings.pageParams);
  const after = cursorParam(raw, afterParam);
  const before = cursorParam(raw, beforeParam);
  if (after !== undefined && before !== undefined) {
    throw invalidParameter(beforeParam, `Give "${afterParam}" or "${beforeParam}", not both.`);
  }
  const taken = [names.pageSizeParam, afterParam, beforeParam];
  const { sort, own } = requestOrder(definition.order, raw, taken);
  const terms = (sort as SortOrder).terms;
  const context = handlerContext(resource, definition, request, method, own);
  // The path, as links write it (a ":" escaped), binds a token to its list: two lists on one
  // secret, with the same order and filters, still refuse each other's tokens; and a request
  // sent with ":" and its link with "%3A" are the same list.
  const path = linkPath(splitRequestTarget(request.url).path, undefined);
  // The version asked for, not how it was asked (parameter, Accept, or the default), binds a token.
  const versionParam = settings.version?.param;
  // The links carry the parameters that choose rows; the tokens are bound to those alone.
  const linked = linkedParams(definition.paramNames, definition.order.param, versionParam);
  const filters = linkedFilters(own, linked, versionParam);
  const bound = [path, sorted(context.path), sorted(filters), orderKey(terms)];
  if (context.version !== undefined) bound.push(context.version);
  const queryKey = JSON.stringify(bound);
  const side: CursorSide | undefined =
    after !== undefined ? "after" : before !== undefined ? "before" : undefined;
  const token = after ?? before;
  const values: readonly CursorValue[] | undefined =
    token === undefined
      ? undefined
      : codec.decode(token, queryKey, side === "after" ? afterParam : beforeParam);
  if (values !== undefined && values.length !== terms.length) {
    throw invalidCursor(side === "after" ? afterParam : beforeParam);
  }
  const cursor = cursorQuery(terms, side, values, pageSize);
  const result = await definition.handler(Object.assign(context, { cursor, sort: sort as never }));
  const served = definition as CursorListMethod<unknown>;
  const { rows, count, values: given } = await cursorRows(served, result, cursor, terms);
  // The page taken by the rows' indexes: a row's values given beside it are found by its index.
  const page = cursorPage({ side, pageSize, rows: rows.map((_, i) => i) });
  const tokenOf = (i: number) =>
    codec.encode(definition.valuesOf(rows[i], terms, given?.[i]), queryKey);
  const prev = page.prev === undefined ? undefined : tokenOf(page.prev);
  const next = page.next === undefined ? undefined : tokenOf(page.next);
  const headers: Record<string, string> = {};
  const targets = { first: page.first, prev, next };
  const base = linkBase(resource, request);
  const link = cursorLinkHeader(targets, names, pageSize, request.url, base, linked);
  const headerValues = { pageSize, ...(count === undefined ? {} : countField(count)) };
  writeHeaderValues(headers, settings.headers.names, headerValues, link);
  return jsonResponse(
    200,
    headers,
    page.rows.map((i) => rows[i]),
  );
}

/** A cursor parameter's token: absent or empty is none; repeated is not a token. */
function cursorParam(raw: Record<string, unknown>, name: string): string | undefined {
  if (!Object.hasOwn(raw, name)) return undefined;
  const value = raw[name];
  if (typeof value !== "string") throw invalidCursor(name);
  return value === "" ? undefined : value;
}

/** An object's entries in name order: a stable key whatever order the request listed them in. */
function sorted(record: Readonly<Record<string, unknown>>): [string, unknown][] {
  return Object.keys(record)
    .sort()
    .map((name) => [name, record[name]]);
}

/**
 * The parameters a token is bound to: the request's own, but the version parameter (the version
 * served binds it) and those its links do not carry.
 */
function linkedFilters(
  own: Record<string, unknown>,
  linked: ((name: string) => boolean) | undefined,
  versionParam: string | undefined,
): Record<string, unknown> {
  const filters = versionParam === undefined ? own : withoutParams(own, [versionParam]);
  if (linked === undefined) return filters;
  const dropped = Object.keys(filters).filter((name) => !linked(name));
  return dropped.length === 0 ? filters : withoutParams(filters, dropped);
}
