import { checkApiKey } from "./api-key.js";
import { corsHeaders } from "./cors-headers.js";
import { forwardedBase } from "./forwarded-base.js";
import { sendsParamsInBody } from "./http-methods.js";
import type { BodyInput } from "./json-body.js";
import { parsePageParams } from "./page-params.js";
import { type Page, paginate } from "./paginate.js";
import { paginationHeaders } from "./pagination-headers.js";
import { PagewiseError } from "./problem-error.js";
import { problemResponse, type ResourceResponse } from "./problem-response.js";
import { readRawBody, readRawParams, validateParams } from "./read-request-params.js";
import type {
  JsonMethod,
  ListMethod,
  ListResult,
  MethodDefinition,
  Resource,
  ResourceMethod,
} from "./resource.js";

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

/** Default largest body read: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Serves one request to a resource, framework-free: `Allow` on every answer, OPTIONS (204, CORS
 * preflight), 405 for an undefined method, the API-key check, parameters from the query or the JSON body,
 * validation, the handler, pagination headers, CORS headers, and every {@link PagewiseError} as an
 * `application/problem+json` response. Other errors (a bug in a handler) are thrown to the caller.
 *
 * @param resource - from {@link defineResource}
 * @param request - the request as plain values (see {@link ResourceRequest})
 * @returns the response as plain values, for the adapter to write
 */
export async function handleResource<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
): Promise<ResourceResponse> {
  const method = request.method.toUpperCase();
  // Every answer advertises the resource's methods (the spec's /packages/ GET carries Allow).
  const extra = { Allow: resource.allow, ...resourceCors(resource, request, method) };
  try {
    const response = await dispatch(resource, request, method);
    const merged = { ...response, headers: { ...response.headers, ...extra } };
    return method === "HEAD" ? { ...merged, body: null } : merged;
  } catch (error) {
    if (!(error instanceof PagewiseError)) throw error;
    const problem = problemResponse(error);
    return { ...problem, headers: { ...problem.headers, ...extra } };
  }
}

async function dispatch<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
  method: string,
): Promise<ResourceResponse> {
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
  if (options.apiKey)
    await checkApiKey(options.apiKey, request.header("x-api-key"), request.native);
  const raw = await rawParams(resource, definition, request, method);
  return definition.kind === "list"
    ? serveList(resource, definition, request, method, raw as Record<string, unknown>)
    : serveJson(definition, request, method, raw);
}

/** The unvalidated parameters: the query, the JSON body object, or (`body: 'json'`) any JSON body. */
async function rawParams<N>(
  resource: Resource<N>,
  definition: MethodDefinition<N>,
  request: ResourceRequest<N>,
  method: string,
): Promise<unknown> {
  const mark = request.url.indexOf("?");
  const query = mark < 0 ? "" : request.url.slice(mark + 1);
  const hash = query.indexOf("#");
  const input = {
    query: hash < 0 ? query : query.slice(0, hash),
    contentType: request.header("content-type"),
  };
  const { maxBodyBytes = DEFAULT_MAX_BODY_BYTES, queryOnBodyMethods } = resource.options;
  const read =
    definition.kind === "json" && definition.body === "json" ? readRawBody : readRawParams;
  if (!sendsParamsInBody(method) || request.readBody === undefined) {
    return read(method, input, queryOnBodyMethods);
  }
  const body = await request.readBody(maxBodyBytes);
  return read(method, { ...input, body }, queryOnBodyMethods);
}

function context<N>(
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

async function serveJson<N>(
  definition: JsonMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: unknown,
): Promise<ResourceResponse> {
  const value = await definition.handler(context(definition, request, method, raw));
  if (value === undefined) return { status: 204, headers: {}, body: null };
  return {
    status: definition.status,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(value),
  };
}

async function serveList<N>(
  resource: Resource<N>,
  definition: ListMethod<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: Record<string, unknown>,
): Promise<ResourceResponse> {
  const { options } = resource;
  const requested = parsePageParams(raw, options);
  const result = await definition.handler({
    ...context(definition, request, method, raw),
    page: requested,
  });
  const page = paginate({ count: countOf(result), ...requested }, options);
  const items = await pageItems(result, page);
  const baseUrl =
    options.baseUrl ?? (options.trustProxy ? forwardedBase(request.header) : undefined);
  const headers = paginationHeaders(page, {
    ...options,
    url: request.url,
    ...(baseUrl ? { baseUrl } : {}),
  });
  return {
    status: 200,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(items),
  };
}

function countOf(result: ListResult<unknown>): number {
  return isArray(result) ? result.length : result.count;
}

async function pageItems(result: ListResult<unknown>, page: Page) {
  if (isArray(result)) return result.slice(page.offset, page.offset + page.limit);
  return typeof result.items === "function" ? await result.items(page) : result.items;
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
