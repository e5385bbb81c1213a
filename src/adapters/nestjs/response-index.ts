import { nestMetadata } from "./route-resource.js";

/** Nest's metadata key for a route method's parameters (`ROUTE_ARGS_METADATA` in @nestjs/common). */
const ROUTE_ARGS = "__routeArguments__";

/**
 * The index after every parameter of a route method, where `@Pagewise` puts Nest's `@Res()`: a
 * method with `@Res()` is one whose answer Nest leaves to it (the interceptor writes pagewise's).
 * Past both the method's declared parameters and those its parameter decorators (which run
 * before a method decorator) name, so none of the user's is taken.
 *
 * @param target - the controller's prototype
 * @param key - the method's name
 * @param method - the method
 * @example
 * ```ts
 * Res()(target, key, responseIndex(target, key, descriptor.value));
 * ```
 */
export function responseIndex(target: object, key: string | symbol, method: unknown): number {
  const args = (nestMetadata(ROUTE_ARGS, target.constructor, key) ?? {}) as Record<
    string,
    { readonly index: number }
  >;
  const declared = typeof method === "function" ? method.length : 0;
  return Math.max(declared, ...Object.values(args).map((arg) => arg.index + 1));
}
