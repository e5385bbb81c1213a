import { sendsParamsInBody } from "../http/methods.js";
import { requestQuery } from "../http/request-target.js";
import { readVersion } from "../params/api-version.js";
import { readRawBody, readRawParams } from "../params/read-request-params.js";
import { assertStorableText } from "../params/storable-text.js";
import { validateParams } from "../params/validate-params.js";
import type { ResourceRequest } from "./contract.js";
import type { Resource } from "./define-resource.js";
import { andThen, type MaybePromise } from "./maybe-async.js";
import type { MethodDefinition } from "./method-definition.js";

/**
 * The unvalidated parameters (see {@link rawParams}), once the path parameters and they are
 * checked for text a database cannot store: the 400 `invalid_text` before any handler runs.
 */
export function checkedParams<N>(
  resource: Resource<N>,
  definition: MethodDefinition<N>,
  request: ResourceRequest<N>,
  method: string,
): MaybePromise<unknown> {
  assertStorableText(request.pathParams, "path");
  return andThen(rawParams(resource, definition, request, method), (raw) => {
    assertStorableText(raw, "params");
    return raw;
  });
}

/** The unvalidated parameters: the query, the JSON body object, or (`body: 'json'`) any JSON body. */
export function rawParams<N>(
  resource: Resource<N>,
  definition: MethodDefinition<N>,
  request: ResourceRequest<N>,
  method: string,
): MaybePromise<unknown> {
  const query = requestQuery(request.url);
  const { queryOnBodyMethods, maxBodyBytes } = resource.settings;
  const read =
    definition.kind === "json" && definition.body === "json" ? readRawBody : readRawParams;
  if (!sendsParamsInBody(method)) return read(method, { query }, queryOnBodyMethods);
  const contentType = request.header("content-type");
  if (request.readBody === undefined)
    return read(method, { query, contentType }, queryOnBodyMethods);
  return andThen(request.readBody(maxBodyBytes), (body) =>
    read(method, { query, contentType, body }, queryOnBodyMethods),
  );
}

/**
 * The request's own parameters: all but the named ones (pagewise's page, page-size or cursor
 * parameters), or `raw` itself when it holds none of them.
 */
export function withoutParams(
  raw: Record<string, unknown>,
  names: readonly string[],
): Record<string, unknown> {
  if (!names.some((name) => Object.hasOwn(raw, name))) return raw;
  const own: Record<string, unknown> = {};
  // No "__proto__" among them: the query and body readers drop it.
  for (const name of Object.keys(raw)) {
    if (!names.includes(name)) own[name] = raw[name];
  }
  return own;
}

/**
 * What a handler receives: the validated parameters, the path parameters, the method (GET for
 * HEAD), the framework's request, the version asked for when the resource serves versions, and
 * the request's signal.
 * The version parameter is read (the query for GET, a JSON body object's member otherwise; a
 * `body: 'json'` method's body is a document, not parameters, so there only `Accept` names it)
 * and taken out before validation: like the page parameters, it is never a filter.
 */
export function handlerContext<N>(
  resource: Resource<N>,
  definition: MethodDefinition<N>,
  request: ResourceRequest<N>,
  method: string,
  raw: unknown,
) {
  const { version } = resource.settings;
  let params = raw;
  let chosen: string | undefined;
  if (version !== undefined) {
    const record =
      definition.kind === "json" && definition.body === "json"
        ? undefined
        : (raw as Record<string, unknown>);
    const given = record !== undefined && Object.hasOwn(record, version.param);
    chosen = readVersion(
      version,
      given ? record[version.param] : undefined,
      request.header("accept"),
    );
    if (given) params = withoutParams(record, [version.param]);
  }
  let signal: AbortSignal | undefined;
  return {
    params: (definition.schema ? validateParams(definition.schema, params) : params) as never,
    path: request.pathParams ?? {},
    method: method === "HEAD" ? "GET" : method,
    request: request.native,
    version: chosen,
    // Read when a handler asks (most never do): the Node adapters make their signal only then.
    // Without one, a signal nothing aborts.
    get signal(): AbortSignal {
      signal ??= request.signal ?? new AbortController().signal;
      return signal;
    },
  };
}
