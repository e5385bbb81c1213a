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
  return property === undefined ? read?.(key, target) : read?.(key, target, property);
}

/**
 * Puts the resource in the route's Fastify config (beside any `@RouteConfig()` of the user's),
 * where an error Fastify meets before Nest's route (a Content-Type it cannot parse) finds it:
 * `PagewiseProblemFilter` then answers it through the resource, as the Fastify adapter does
 * (Allow, CORS, the API key first). Express ignores it.
 *
 * @param resource - the route's resource
 * @example
 * ```ts
 * fastifyRouteConfig(resource, target, key, descriptor); // request.routeOptions.config.pagewise
 * ```
 */
export function fastifyRouteConfig(
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

/**
 * The resource of the route a Fastify request took, if a `@Pagewise` route.
 *
 * @param request - Fastify's request (Express's has no `routeOptions`: `undefined`)
 * @example
 * ```ts
 * const resource = routeResource(host.switchToHttp().getRequest());
 * ```
 */
export function routeResource(request: {
  readonly routeOptions?: { readonly config?: unknown };
}): Resource<never> | undefined {
  return (request.routeOptions?.config as { pagewise?: Resource<never> } | undefined)?.pagewise;
}
