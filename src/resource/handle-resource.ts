import { PagewiseError } from "../errors.js";
import { forwardedBase } from "../http/forwarded-base.js";
import { sendsParamsInBody } from "../http/methods.js";
import { describeValue } from "../option-checks.js";
import { type PageParamsSettings, readPageParams } from "../pagination/page-params.js";
import { type Page, paginate } from "../pagination/paginate.js";
import { writePaginationHeaders } from "../pagination/pagination-headers.js";
import type { BodyInput } from "../params/json-body.js";
import { readRawBody, readRawParams, validateParams } from "../params/read-request-params.js";
import { checkApiKey } from "./api-key.js";
import { corsHeaders } from "./cors-headers.js";
import type {
  JsonMethod,
  ListMethod,
  ListResult,
  MethodDefinition,
  Resource,
  ResourceMethod,
} from "./define-resource.js";
import { andThen, isThenable, type MaybePromise } from "./maybe-async.js";
import { problemResponse, type ResourceResponse } from "./problem-response.js";
import { resourceSettings } from "./settings.js";

/** A request as plain values: what every adapter hands the core. */
export interface ResourceRequest<N = unknown> {
  readonly method: string;
  /** The request target as sent: path and query (`req.originalUrl`), or an absolute URL. */
  readonly url: string;
  /** A request header by lower-case name. */
  readonly header: (name: string) => string | undefined;
  /** Reads the body, at most `maxBytes` (else throws the 413 problem); called only for body methods. */
  readonly readBody?: (maxBytes: number) => BodyInput | Promise<BodyInput>;
  /** Path parameters from the router. */
  readonly pathParams?: Readonly<Record<string, string>>;
  /** The framework's request object, passed to handlers and the API-key verifier. */
  readonly native: N;
}

/**
 * Serves one request to a resource, framework-free: `Allow` on every answer, OPTIONS (204, CORS
 * preflight), 405 for an undefined method, the API-key check, parameters from the query or the JSON body,
 * validation, the handler, pagination headers, CORS headers, and every {@link PagewiseError} as an
 * `application/problem+json` response. Other errors (a bug in a handler) reject the promise.
 *
 * @param resource - from {@link defineResource}
 * @param request - the request as plain values (see {@link ResourceRequest})
 * @returns the response as plain values, for the adapter to write
 * @example
 * ```ts
 * const { status, headers, body } = await handleResource(packages, {
 *   method: "GET",
 *   url: "/package/o/r/packages/?page=2",
 *   header: (name) => undefined,
 *   native: null,
 * });
 * ```
 */
export function handleResource<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
): Promise<ResourceResponse> {
  try {
    return Promise.resolve(serveResource(resource, request));
  } catch (bug) {
    return Promise.reject(bug);
  }
}

/**
 * {@link handleResource} without the promise when it is not needed: each step runs at once when the
 * one before gave a plain value, so a synchronous verifier, body and handler give a plain response
 * (no microtask). Errors that are not {@link PagewiseError}s throw or reject. For the adapters.
 */
export function serveResource<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
): MaybePromise<ResourceResponse> {
  const method = request.method.toUpperCase();
  let response: MaybePromise<ResourceResponse>;
  try {
    response = dispatch(resource, request, method);
  } catch (error) {
    response = problemFor(error);
  }
  if (!isThenable(response)) return complete(resource, request, method, response);
  return Promise.resolve(response).then(
    (value) => complete(resource, request, method, value),
    (error: unknown) => complete(resource, request, method, problemFor(error)),
  );
}

/** The problem response of a {@link PagewiseError}; anything else is a bug and goes on up. */
function problemFor(error: unknown): ResourceResponse {
  if (!(error instanceof PagewiseError)) throw error;
  return problemResponse(error);
}

/** Adds `Allow` (every answer advertises the resource's methods) and CORS; drops a HEAD body. */
function complete<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
  method: string,
  response: ResourceResponse,
): ResourceResponse {
  response.headers.Allow = resource.allow;
  if (resource.options.cors)
    Object.assign(response.headers, resourceCors(resource, request, method));
  return method === "HEAD" ? { ...response, body: null } : response;
}

function dispatch<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
  method: string,
): MaybePromise<ResourceResponse> {
  const { allow, options } = resource;
  if (method === "OPTIONS") return { status: 204, headers: {}, body: null };
  const definition = resource.methods[(method === "HEAD" ? "GET" : method) as ResourceMethod];
  if (definition === undefined) {
    throw new PagewiseError(
      405,
      "method_not_allowed",
      `${method} is not allowed here; allowed: ${allow}.`,
      {},
      { Allow: allow },
    );
  }
  const checked = options.apiKey
    ? checkApiKey(options.apiKey, request.header("x-api-key"), request.native)
    : undefined;
  return andThen(checked, () =>
    andThen(rawParams(resource, definition, request, method), (raw) =>
      definition.kind === "list"
        ? serveList(resource, definition, request, method, raw as Record<string, unknown>)
        : serveJson(definition, request, method, raw),
    ),
  );
}

/** The unvalidated parameters: the query, the JSON body object, or (`body: 'json'`) any JSON body. */
function rawParams<N>(
  resource: Resource<N>,
  definition: MethodDefinition<N>,
  request: ResourceRequest<N>,
  method: string,
): MaybePromise<unknown> {
  const mark = request.url.indexOf("?");
  const search = mark < 0 ? "" : request.url.slice(mark + 1);
  const hash = search.indexOf("#");
  const query = hash < 0 ? search : search.slice(0, hash);
  const { queryOnBodyMethods } = resource.options;
  const read =
    definition.kind === "json" && definition.body === "json" ? readRawBody : readRawParams;
  if (!sendsParamsInBody(method)) return read(method, { query }, queryOnBodyMethods);
  const contentType = request.header("content-type");
  if (request.readBody === undefined)
    return read(method, { query, contentType }, queryOnBodyMethods);
  return andThen(request.readBody(resourceSettings(resource.options).maxBodyBytes), (body) =>
    read(method, { query, contentType, body }, queryOnBodyMethods),
  );
}

/** What a handler receives: the validated parameters, the path parameters, the method (GET for HEAD) and the framework's request. */
function handlerContext<N>(
  definition: MethodDefinition<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: unknown,
) {
  return {
    params: (definition.schema ? validateParams(definition.schema, raw) : raw) as never,
    path: request.pathParams ?? {},
    method: method === "HEAD" ? "GET" : method,
    request: request.native,
  };
}

function serveJson<N>(
  definition: JsonMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: unknown,
): MaybePromise<ResourceResponse> {
  return andThen(
    definition.handler(handlerContext(definition, request, method, raw)),
    (value): ResourceResponse => {
      if (value === undefined) return { status: 204, headers: {}, body: null };
      return {
        status: definition.status,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(value),
      };
    },
  );
}

function serveList<N>(
  resource: Resource<N>,
  definition: ListMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: Record<string, unknown>,
): MaybePromise<ResourceResponse> {
  const settings = resourceSettings(resource.options);
  const pageParams = readPageParams(raw, settings.pageParams);
  const own = withoutPageParams(raw, settings.pageParams);
  const context = Object.assign(handlerContext(definition, request, method, own), { pageParams });
  return andThen(definition.handler(context), (result) => {
    const page = paginate(
      { count: countOf(result), page: pageParams.page, pageSize: pageParams.pageSize },
      settings.paginate,
    );
    return andThen(pageItems(result, page), (items): ResourceResponse => {
      assertPageRows(items, page);
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
  const own = { ...raw };
  delete own[pageParam];
  delete own[pageSizeParam];
  return own;
}

/** The trusted base for links: the configured one, or behind a trusted proxy the request's origin. */
function linkBase<N>(resource: Resource<N>, request: ResourceRequest<N>): string | URL | undefined {
  const { options } = resource;
  return options.baseUrl ?? (options.trustProxy ? forwardedBase(request.header) : undefined);
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

/** A bug in a list handler, caught before its rows go out as a page: not an array, or too many rows. */
function assertPageRows(items: unknown, page: Page): void {
  if (!Array.isArray(items)) {
    throw new TypeError(
      `A list handler's items must be an array of the page's rows (or a function giving one); got ${describeValue(items)}. A query result's rows are often in its .rows.`,
    );
  }
  if (items.length > page.limit) {
    throw new RangeError(
      `A list handler gave ${items.length} rows for a page of at most ${page.limit} (offset ${page.offset}, limit ${page.limit}): fetch only page.limit rows from page.offset.`,
    );
  }
}

function isArray(value: ListResult<unknown>): value is readonly unknown[] {
  return Array.isArray(value);
}

function resourceCors<N>(resource: Resource<N>, request: ResourceRequest<N>, method: string) {
  const { cors, headerNames } = resource.options;
  if (!cors) return {};
  const preflight =
    method === "OPTIONS" && request.header("access-control-request-method") !== undefined;
  return corsHeaders(
    cors,
    { origin: request.header("origin"), preflight },
    resource.allow,
    headerNames,
  );
}
