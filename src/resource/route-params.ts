import { pathParameterNames } from "../http/path-pattern.js";

/**
 * Checks that a request's path parameters hold every `:name` of the pattern its resource was
 * defined with, as its handlers' types promise: a route that lacks one is mounted wrong, a bug.
 *
 * @param pattern - the pattern given to `defineResource`
 * @param pathParams - the router's path parameters for this request
 * @throws {TypeError} naming the first parameter the route did not give
 * @example
 * ```ts
 * assertRouteParams("/package/:owner/", { owner: "demo" }); // passes
 * ```
 */
export function assertRouteParams(
  pattern: string,
  pathParams: Readonly<Record<string, string>> | undefined,
): void {
  for (const name of pathParameterNames(pattern)) {
    const given = pathParams !== undefined && Object.hasOwn(pathParams, name);
    // Express gives an optional parameter (`:id?`) that is absent as `undefined`.
    if (!given || typeof pathParams[name] !== "string") {
      throw new TypeError(
        `The resource defined for ${JSON.stringify(pattern)} got no "${name}" path parameter: mount it on a route that names :${name}`,
      );
    }
  }
}
