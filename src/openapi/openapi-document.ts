import { isParameterName, segmentParameterName } from "../http/path-pattern.js";
import { assertObject, describeValue } from "../option-checks.js";
import type { Resource } from "../resource/define-resource.js";
import type { OpenApiDocument, OpenApiPaths } from "./openapi-types.js";
import { resourcePathItem } from "./resource-path-item.js";

/** Routes to describe: `[path, resource]` pairs, or an object of resources by path. */
export type OpenApiRoutes =
  // biome-ignore lint/suspicious/noExplicitAny: a resource of any framework's request
  | Iterable<readonly [path: string, resource: Resource<any>]>
  // biome-ignore lint/suspicious/noExplicitAny: a resource of any framework's request
  | Readonly<Record<string, Resource<any>>>;

/** What {@link openApiPaths} takes besides the routes. */
export interface OpenApiPathsOptions {
  /**
   * The name of the `apiKey` security scheme that operations checking the key require (declared
   * in the document's `components.securitySchemes`).
   *
   * @default "apiKey"
   */
  readonly securityScheme?: string;
}

/** What {@link openApiDocument} takes besides the routes. */
export interface OpenApiDocumentOptions extends OpenApiPathsOptions {
  /**
   * The document's `info`: at least `title` and `version`; its `license` as OpenAPI 3.1 writes
   * one, e.g. `{ name: "MIT", identifier: "MIT" }` (an SPDX identifier, or a `url`).
   */
  readonly info: OpenApiDocument["info"];
  /**
   * The document's `servers`, e.g. `[{ url: "https://packages.example.com" }]`.
   *
   * @default [{ url: "/" }] (what OpenAPI reads an absent or empty list as: the document's own origin)
   */
  readonly servers?: readonly Readonly<Record<string, unknown>>[];
}

/**
 * A route's path as OpenAPI writes it (`/package/{owner}/{repo}/`) and its parameters' names, from
 * an Express-style pattern (`/package/:owner/:repo/`, as the adapters route) or an OpenAPI one.
 *
 * @throws {TypeError} for a path that does not start with `/`, or names a parameter twice
 */
export function openApiPath(pattern: string): { path: string; names: string[] } {
  if (typeof pattern !== "string" || !pattern.startsWith("/")) {
    throw new TypeError(`A route's path starts with "/"; got ${describeValue(pattern)}`);
  }
  const names: string[] = [];
  const path = pattern
    .split("/")
    .map((segment) => {
      const name = parameterOf(segment);
      if (name === undefined) return segment;
      if (names.includes(name)) {
        throw new TypeError(`The route ${JSON.stringify(pattern)} names "${name}" twice`);
      }
      names.push(name);
      return `{${name}}`;
    })
    .join("/");
  return { path, names };
}

/** A segment's parameter: Express-style `:name`, or OpenAPI's `{name}`. */
function parameterOf(segment: string): string | undefined {
  const braced =
    segment.startsWith("{") && segment.endsWith("}") ? segment.slice(1, -1) : undefined;
  return braced !== undefined && isParameterName(braced) ? braced : segmentParameterName(segment);
}

/**
 * The OpenAPI 3.1 `paths` of resources, to merge into a document of one's own (with the
 * `components` of {@link openApiDocument}, whose security scheme the operations name). Each
 * path item holds an operation per defined method and OPTIONS, described from the resource
 * itself: page or cursor parameters with their defaults and limits, the schema's filters and
 * request body, the success body and pagination headers (by their configured names), every
 * problem the method can answer (`application/problem+json`, the `code` values listed) and the
 * API key.
 *
 * @param routes - `[path, resource]` pairs or an object by path; `:name` or `{name}` parameters
 * @param options - `securityScheme`, the name operations checking the API key require
 * @throws {TypeError} for a bad path, a path or an operationId given twice, or something not a
 *   resource
 * @example
 * ```ts
 * const paths = openApiPaths([["/package/:owner/:repo/", packages]]);
 * // { "/package/{owner}/{repo}/": { get: { parameters: [...], responses: { 200: …, 400: …, 401: … } }, options: … } }
 * ```
 */
export function openApiPaths(
  routes: OpenApiRoutes,
  options: OpenApiPathsOptions = {},
): OpenApiPaths {
  const { securityScheme = "apiKey" } = options;
  const paths: Record<string, OpenApiPaths[string]> = {};
  const operationIds = new Set<string>();
  for (const [pattern, resource] of routeList(routes)) {
    assertObject(`The resource of ${JSON.stringify(pattern)}`, resource);
    if (typeof resource.allow !== "string" || typeof resource.settings !== "object") {
      throw new TypeError(
        `The resource of ${JSON.stringify(pattern)} must come from defineResource`,
      );
    }
    const { path, names } = openApiPath(pattern);
    if (Object.hasOwn(paths, path)) {
      throw new TypeError(`The path ${JSON.stringify(path)} is given twice`);
    }
    const item = resourcePathItem(resource, pattern, names, { scheme: securityScheme });
    for (const value of Object.values(item)) {
      const id = typeof value === "object" ? value.operationId : undefined;
      if (id === undefined) continue;
      if (operationIds.has(id)) throw new TypeError(`The operationId "${id}" is given twice`);
      operationIds.add(id);
    }
    paths[path] = item;
  }
  return paths;
}

/**
 * An OpenAPI 3.1 document of resources: `info`, `servers` (`[{ url: "/" }]` unless given), the
 * {@link openApiPaths} and the `components` they refer to (the `apiKey` security scheme in header
 * `X-Api-Key` when a resource checks a key), nothing unused: clean under Redocly's `recommended`
 * lint but for `no-path-trailing-slash` (the convention's paths end in `/`).
 *
 * @param routes - `[path, resource]` pairs or an object by path
 * @param options - `info` (title, version, optionally `license`…), optionally `servers` and
 *   `securityScheme`
 * @example
 * ```ts
 * app.get("/openapi.json", (req, res) =>
 *   res.json(openApiDocument(routes, { info: { title: "Packages", version: "1.0.0" } })),
 * );
 * ```
 */
export function openApiDocument(
  routes: OpenApiRoutes,
  options: OpenApiDocumentOptions,
): OpenApiDocument {
  assertObject("openApiDocument's options", options);
  const { info, servers, securityScheme = "apiKey" } = options;
  assertObject("info", info);
  if (typeof info.title !== "string" || typeof info.version !== "string") {
    throw new TypeError("info needs a title and a version (text)");
  }
  const list = routeList(routes);
  const paths = openApiPaths(list, { securityScheme });
  const keyed = list.some(([, resource]) => resource.settings.apiKey !== undefined);
  return {
    openapi: "3.1.1",
    info,
    servers: servers === undefined || servers.length === 0 ? [{ url: "/" }] : servers,
    paths,
    components: keyed
      ? {
          securitySchemes: {
            [securityScheme]: {
              type: "apiKey",
              in: "header",
              name: "X-Api-Key",
              description: "The API key; a missing or wrong key is a 401 problem.",
            },
          },
        }
      : {},
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a resource of any framework's request
function routeList(routes: OpenApiRoutes): [string, Resource<any>][] {
  if (typeof routes !== "object" || routes === null) {
    throw new TypeError(
      `routes must be [path, resource] pairs or an object; got ${describeValue(routes)}`,
    );
  }
  const pairs = Symbol.iterator in routes ? [...routes] : Object.entries(routes);
  return pairs.map((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new TypeError(`A route is a [path, resource] pair; got ${describeValue(pair)}`);
    }
    return [pair[0], pair[1]];
  });
}
