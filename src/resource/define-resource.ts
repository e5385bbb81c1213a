import { assertPlainPattern, type PathParams } from "../http/path-pattern.js";
import { assertObject } from "../option-checks.js";
import {
  assertMethodDefinition,
  METHOD_ORDER,
  type MethodDefinition,
  type ResourceMethod,
} from "./method-definition.js";
import type { ResourceOptions } from "./resource-options.js";
import { type ResourceSettings, resolveSettings } from "./settings.js";
import { assertSortParamFree } from "./sort-param-apart.js";

/**
 * A resource's methods by name; one left `undefined` is not defined. `Path`: the path parameters
 * their handlers receive ({@link PathParams}).
 */
export type ResourceMethods<N = unknown, Path = PathParams> = Readonly<
  Partial<Record<ResourceMethod, MethodDefinition<N, Path> | undefined>>
>;

/** A resource: its methods and options, ready for an adapter. */
export interface Resource<N = unknown> {
  readonly methods: ResourceMethods<N>;
  readonly options: ResourceOptions<N>;
  /** The `Allow` header value: the defined methods in a fixed order, then OPTIONS. */
  readonly allow: string;
  /** The options checked and resolved, with every default filled in: what each request reads. */
  readonly settings: ResourceSettings<N>;
  /**
   * The route's pattern the resource was defined with, if any: each request's path parameters
   * must hold its `:name`s (else a TypeError, a bug, for the framework's error handling).
   */
  readonly pattern?: string;
}

/**
 * Defines a resource (one URL) from its methods. Requests for other methods get 405 with an `Allow`
 * header listing the defined ones and OPTIONS; OPTIONS gets 204 with the same `Allow`; HEAD is
 * served like GET without a body.
 *
 * Given first, the route's Express-style pattern types the handlers' `path`: a `string` for each
 * `:name` ({@link PathParams}). The resource is still mounted by the adapter (at that pattern, or
 * one naming the same parameters under a prefix); a request whose route lacks one of its names is
 * a TypeError, a bug, for the framework's error handling. Only plain `:name` parameters: an
 * optional or wildcard one is refused (define a resource per route).
 *
 * @param pattern - optional: the route, e.g. `"/package/:owner/:repo/packages/"`
 * @param methods - e.g. `{ GET: list({...}), DELETE: json({...}) }`
 * @param options - see {@link ResourceOptions}
 * @returns a resource to hand to `pagewise/express`, `pagewise/fastify` or `pagewise/fetch`
 * @throws {TypeError} or {@link RangeError} for an invalid option (checked here, not per request;
 *   the resource keeps a frozen copy of `options`)
 *
 * @example
 * ```ts
 * const packages = defineResource(
 *   "/package/:owner/:repo/packages/",
 *   { GET: list({ handler: ({ path }) => store.packages(path.owner, path.repo) }) },
 *   { apiKey: apiKeyVerifier(process.env.API_KEY ?? ""), cors: true },
 * ); // Allow: GET, OPTIONS
 * ```
 */
export function defineResource<N = unknown, Pattern extends string = string>(
  pattern: Pattern,
  methods: ResourceMethods<N, PathParams<Pattern>>,
  options?: ResourceOptions<N>,
): Resource<N>;
export function defineResource<N = unknown>(
  methods: ResourceMethods<N>,
  options?: ResourceOptions<N>,
): Resource<N>;
export function defineResource<N>(...args: readonly unknown[]): Resource<N> {
  // A handler's path is typed for the callers; the pipeline hands every handler a record.
  const [pattern, methods, options] = (
    typeof args[0] === "string" ? args : [undefined, ...args]
  ) as [string | undefined, ResourceMethods<N>, ResourceOptions<N>?];
  return define(pattern, methods, options);
}

function define<N>(
  pattern: string | undefined,
  methods: ResourceMethods<N>,
  options: ResourceOptions<N> = {},
): Resource<N> {
  if (pattern !== undefined) assertPlainPattern(pattern);
  assertObject("A resource's methods", methods);
  for (const [name, definition] of Object.entries(methods)) {
    if (!METHOD_ORDER.includes(name as ResourceMethod)) {
      throw new TypeError(
        `A resource defines GET, POST, PUT, PATCH or DELETE, not ${JSON.stringify(name)}`,
      );
    }
    // A method left `undefined` (`{ GET, POST: canWrite ? post : undefined }`) is not defined.
    if (definition !== undefined) assertMethodDefinition(name, definition);
  }
  // A frozen copy, checked now rather than on the first request: changing the caller's object
  // afterwards cannot leave some settings read once and others per request.
  assertObject("A resource's options", options);
  const own = Object.freeze({ ...options });
  const settings = resolveSettings(own);
  const get = methods.GET;
  if (get?.kind === "cursor") get.assertApart(settings, own);
  const { pageParam } = settings.pageParams;
  for (const method of Object.values(methods)) {
    if (method?.kind !== "list") continue;
    assertSortParamFree(method.sort?.param, { [pageParam]: "the page parameter" }, settings);
  }
  const allow = [...METHOD_ORDER.filter((m) => methods[m] !== undefined), "OPTIONS"].join(", ");
  const resource = { methods, options: own, allow, settings };
  return pattern === undefined ? resource : { ...resource, pattern };
}
