/**
 * What a server hands pagewise as a request's query: a `URLSearchParams`, a raw query string (with
 * or without the leading `?`), or an already-parsed object such as Express's `req.query`,
 * Fastify's `request.query` or a JSON body.
 */
export type QueryInput = URLSearchParams | string | Readonly<Record<string, unknown>>;

/**
 * The first value of parameter `name`, or `undefined` when it is absent. A repeated parameter
 * (`?page=2&page=5`, or an array in a parsed object) yields its first value; `null` counts as absent.
 */
export function firstValue(query: QueryInput, name: string): unknown {
  if (typeof query === "string") return firstValue(new URLSearchParams(query), name);
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  if (!Object.hasOwn(query, name)) return undefined;
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ?? undefined;
}
