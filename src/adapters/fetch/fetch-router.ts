import { badRequest, notFoundProblem } from "../../errors.js";
import {
  assertPlainPattern,
  compilePathPattern,
  pathParameterNames,
} from "../../http/path-pattern.js";
import { requestPath } from "../../http/request-target.js";
import { assertVersionOffPath } from "../../params/api-version.js";
import type { Resource } from "../../resource/index.js";
import { problemResponse } from "../../resource/problem-response.js";
import { fetchHandler, toResponse } from "./fetch-handler.js";

/** A route of {@link fetchRouter}: an Express-style path pattern and the resource served there. */
export type FetchRoute = readonly [pattern: string, resource: Resource<Request>];

/**
 * A fetch handler that routes by path to resources, for runtimes without a router (Workers, Deno,
 * Bun, `node:http` through an adapter). Patterns are Express-style (`/package/:owner/:repo/`),
 * tried in order, with an optional trailing slash; path parameters are percent-decoded. A path
 * no route matches gets a 404 `application/problem+json` answer.
 *
 * @param routes - `[pattern, resource]` pairs
 * @returns `(request) => Response | Promise<Response>` (see `FetchHandler`)
 * @throws {TypeError} for a pattern with an optional, wildcard or pattern-matched parameter, or a
 *   resource whose version parameter shares a path parameter's name
 * @example
 * ```ts
 * const handle = fetchRouter([
 *   ["/package/:owner/:repo/", repository],
 *   ["/package/:owner/:repo/packages/", packages],
 * ]);
 * export default { fetch: handle }; // Cloudflare Workers
 * ```
 */
export function fetchRouter(
  routes: readonly FetchRoute[],
): (request: Request) => Response | Promise<Response> {
  const table = routes.map(([pattern, resource]) => {
    assertPlainPattern(pattern);
    assertVersionOffPath(resource.settings.version, pathParameterNames(pattern));
    return { match: compilePathPattern(pattern), serve: fetchHandler(resource) };
  });
  return (request) => {
    const path = requestPath(request.url);
    if (!wellEscaped(path)) return toResponse(problemResponse(badRequest()));
    for (const { match, serve } of table) {
      const params = match(path);
      if (params) return serve(request, params);
    }
    return toResponse(problemResponse(notFoundProblem(path)));
  };
}

/** False for a path with a malformed percent-escape (`%ZZ`, a cut UTF-8 sequence). */
function wellEscaped(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
