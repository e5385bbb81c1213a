import { SetMetadata } from "@nestjs/common";
import type { Resource } from "../../resource/define-resource.js";

/**
 * The metadata key of `@RouteConfig()` (`@nestjs/platform-fastify`), whose value Nest hands
 * Fastify as the route's `config`: on Fastify, a request's `routeOptions.config`.
 */
const FASTIFY_ROUTE_CONFIG = "__fastify_route_config__";

/** reflect-metadata's reader, which Nest loads, and with which its decorators' metadata is read. */
type MetadataReader = (key: string, target: object, property?: string | symbol) => unknown;

/**
 * Reads Nest's metadata (reflect-metadata, loaded by Nest); `undefined` without it.
 *
 * @param key - the metadata's key (`"method"`, `"__routeArguments__"`, …)
 * @param target - what it is on: a route's method, a controller class
 * @param property - the property it is on, for a class's
 * @example
 * ```ts
 * nestMetadata("method", descriptor.value); // RequestMethod.GET under @Get()
 * ```
 */
export function nestMetadata(key: string, target: object, property?: string | symbol): unknown {
  const read = (Reflect as typeof Reflect & { getMetadata?: MetadataReader }).getMetadata;
  if (typeof target !== "object" && typeof target !== "function") return undefined;
  return property === undefined ? read?.(key, target) : read?.(key, target, property);
}

/**
 * Marks a route as `@Pagewise`'s, where an error met outside its interceptor finds its resource
 * ({@link routeResource}): the resource goes in the route's Fastify config (beside any
 * `@RouteConfig()` of the user's; on Fastify, a request's `routeOptions.config`), which Nest also
 * copies onto the handler Express routes to (a request's `req.route`).
 *
 * @param resource - the route's resource
 * @example
 * ```ts
 * markRoute(resource, target, key, descriptor); // request.routeOptions.config.pagewise
 * ```
 */
export function markRoute(
  resource: Resource<never>,
  target: object,
  key: string | symbol,
  descriptor: PropertyDescriptor,
): void {
  const config = nestMetadata(FASTIFY_ROUTE_CONFIG, descriptor.value as object) as
    | object
    | undefined;
  SetMetadata(FASTIFY_ROUTE_CONFIG, { ...config, pagewise: resource })(target, key, descriptor);
}

/** What a request tells of its route: Fastify's `routeOptions`, Express's `route`. */
export interface RoutedRequest {
  readonly routeOptions?: { readonly config?: unknown; readonly url?: string };
  readonly route?: { readonly stack?: readonly { readonly handle?: unknown }[] };
}

/**
 * The resource of the `@Pagewise` route a request took; `undefined` for another route's request
 * or one no route matched.
 *
 * @param request - Fastify's request or Express's `req`
 * @example
 * ```ts
 * const resource = routeResource(host.switchToHttp().getRequest());
 * ```
 */
export function routeResource(request: RoutedRequest): Resource<never> | undefined {
  const config =
    request.routeOptions?.config ??
    request.route?.stack
      ?.map((layer) => nestMetadata(FASTIFY_ROUTE_CONFIG, layer.handle as object))
      .find((found) => found !== undefined);
  return (config as { pagewise?: Resource<never> } | undefined)?.pagewise;
}

/**
 * Whether a route matched the request: Express sets `req.route` for one, Fastify's
 * `routeOptions.url` is the route's (none in its not-found handler).
 *
 * @param request - Fastify's request or Express's `req`
 * @example
 * ```ts
 * if (!isRouted(request)) writeNestResponse(response, problemResponse(notFoundProblem(path)));
 * ```
 */
export function isRouted(request: RoutedRequest): boolean {
  return request.route !== undefined || request.routeOptions?.url !== undefined;
}
