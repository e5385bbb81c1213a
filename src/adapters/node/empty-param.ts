/**
 * Whether the router matched an empty segment as a parameter (`/items/` on `/items/:id`, as
 * Fastify's does; Nest 12 refuses those itself, Nest 11 does not): Express's router and
 * `fetchRouter` match no route there, so neither does the Fastify adapter's route nor a
 * `@Pagewise` route. A wildcard (`*`) may be empty.
 *
 * @param params - the request's path parameters, as the router read them
 * @example
 * ```ts
 * if (hasEmptyParam(request.params)) throw new NotFoundException(`Cannot GET ${url}`);
 * ```
 */
export function hasEmptyParam(params: unknown): boolean {
  return Object.entries((params ?? {}) as Record<string, unknown>).some(
    ([name, value]) => value === "" && name !== "*",
  );
}
