import { methodNotAllowed } from "../errors.js";
import { checkApiKey } from "./api-key.js";
import type { ResourceRequest, ResourceResponse } from "./contract.js";
import { corsHeaders } from "./cors-headers.js";
import type { Resource } from "./define-resource.js";
import { frameworkError } from "./framework-error.js";
import { handlerSignal } from "./handler-signal.js";
import { andThen, isThenable, type MaybePromise } from "./maybe-async.js";
import type { ResourceMethod } from "./method-definition.js";
import { checkedParams } from "./method-input.js";
import { problemResponse } from "./problem-response.js";
import { raceDeadline } from "./race-deadline.js";
import { assertRouteParams } from "./route-params.js";
import { serveJson } from "./serve-json.js";
import { serveList } from "./serve-list.js";

/**
 * Serves one request to a resource, framework-free: `Allow` on every answer, OPTIONS (204, CORS
 * preflight), 405 for an undefined method, the API-key check, parameters from the query or the JSON body,
 * validation, the handler, pagination headers, CORS headers, and every {@link PagewiseError} as an
 * `application/problem+json` response, as is an error a handler throws with a 4xx `status` or
 * `statusCode` of its own (`http-errors`', Hono's `HTTPException`: see `frameworkError`). Other
 * errors (a bug in a handler) reject the promise. The handler's `signal` follows the request's
 * (`request.signal`: the client went away); with the resource's `deadline`, it is also aborted when
 * the deadline passes, and the answer is then the 503 `deadline_exceeded` problem at once.
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
 * (no microtask). Errors that are not problems (a bug) throw or reject. For the adapters.
 */
export function serveResource<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
): MaybePromise<ResourceResponse> {
  const method = request.method.toUpperCase();
  const { deadline } = resource.settings;
  // With a deadline, the handler's signal is one the pipeline can abort, following the adapter's;
  // without, the adapter's own, read only if the handler asks.
  const own = deadline === undefined ? undefined : handlerSignal(request.signal);
  const served = own === undefined ? request : { ...request, signal: own.signal };
  let response: MaybePromise<ResourceResponse>;
  try {
    response = dispatch(resource, served, method);
  } catch (error) {
    response = problemFor(resource, error);
  }
  if (!isThenable(response)) {
    own?.release();
    return complete(resource, request, method, response);
  }
  if (deadline === undefined || own === undefined) {
    return Promise.resolve(response).then(
      (value) => complete(resource, request, method, value),
      (error: unknown) => complete(resource, request, method, problemFor(resource, error)),
    );
  }
  const answer = Promise.resolve(response).then(undefined, (error: unknown) =>
    problemFor(resource, error),
  );
  return raceDeadline(answer, deadline, method, own).then((value) =>
    complete(resource, request, method, value),
  );
}

/**
 * The problem response of a {@link PagewiseError}, or of an error with a 4xx status of its own (see
 * {@link frameworkError}); anything else is a bug and goes on up.
 */
function problemFor<N>(resource: Resource<N>, error: unknown): ResourceResponse {
  const problem = frameworkError(error, resource.settings.maxBodyBytes);
  if (problem === undefined) throw error;
  return problemResponse(problem);
}

/**
 * Adds `Allow` (every answer advertises the resource's methods), CORS, and `Vary: Accept` when the
 * resource serves more than one version; drops a HEAD body.
 */
function complete<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
  method: string,
  response: ResourceResponse,
): ResourceResponse {
  response.headers.Allow = resource.allow;
  if (resource.settings.cors)
    Object.assign(response.headers, resourceCors(resource, request, method));
  // Of several versions, Accept may choose: a cache must not answer one's request with another's.
  if ((resource.settings.version?.served.length ?? 0) > 1 && method !== "OPTIONS") {
    const { Vary } = response.headers;
    response.headers.Vary = Vary === undefined ? "Accept" : `${Vary}, Accept`;
  }
  return method === "HEAD" ? { ...response, body: null } : response;
}

function dispatch<N>(
  resource: Resource<N>,
  request: ResourceRequest<N>,
  method: string,
): MaybePromise<ResourceResponse> {
  const { allow, settings } = resource;
  if (method === "OPTIONS") return { status: 204, headers: {}, body: null };
  const definition = resource.methods[(method === "HEAD" ? "GET" : method) as ResourceMethod];
  if (definition === undefined) {
    throw methodNotAllowed(method, allow);
  }
  if (resource.pattern !== undefined) assertRouteParams(resource.pattern, request.pathParams);
  const checked = settings.apiKey
    ? checkApiKey(settings.apiKey, request.header("x-api-key"), request.native)
    : undefined;
  return andThen(checked, () =>
    andThen(checkedParams(resource, definition, request, method), (raw) =>
      definition.kind === "list"
        ? serveList(resource, definition, request, method, raw as Record<string, unknown>)
        : definition.kind === "cursor"
          ? definition.serve(resource as never, request as never, method, raw as never)
          : serveJson(resource, definition, request, method, raw),
    ),
  );
}

function resourceCors<N>(resource: Resource<N>, request: ResourceRequest<N>, method: string) {
  const { cors, headerNames } = resource.settings;
  if (cors === undefined) return {};
  const preflight =
    method === "OPTIONS" && request.header("access-control-request-method") !== undefined;
  return corsHeaders(
    cors,
    { origin: request.header("origin"), preflight },
    resource.allow,
    headerNames,
  );
}
