import { sendsParamsInBody } from "../http/methods.js";

/** What {@link splitRequestParams} gives: where each parameter goes on the wire. */
export interface SplitRequest {
  /** The query parameters (GET and other query methods). */
  readonly query?: URLSearchParams;
  /** The JSON body (DELETE/PATCH/POST/PUT with at least one parameter). */
  readonly body?: string;
  /** `Content-Type: application/json` when there is a body; otherwise empty. */
  readonly headers: Record<string, string>;
}

/** Options of {@link splitRequestParams}. */
export interface SplitRequestParamsOptions {
  /** Names the URL path already carries (`owner`, `repo`): never copied into the query or body. */
  readonly pathParams?: readonly string[];
}

/**
 * Places a request's parameters per the spec, section 4.1: a GET's go in the query string; a
 * DELETE's, PATCH's, POST's or PUT's go in a JSON body with `Content-Type: application/json`.
 *
 * Query values: strings, numbers, booleans and bigints as text, a `Date` as ISO 8601, an array as
 * the parameter repeated; `undefined` and `null` are left out, and a nested object is a TypeError.
 * Body values must be JSON-serialisable (a bigint there is a TypeError). A body method with no
 * parameters sends no body (and no `Content-Type`).
 *
 * @param method - the HTTP method, any letter case
 * @param params - the parameters; default none
 * @param options - `pathParams`: names to leave out
 * @returns `{ query }` or `{ body, headers }`
 *
 * @example
 * ```ts
 * splitRequestParams("GET", { status: "awaiting_sync", page: 2 }).query?.toString();
 * // "status=awaiting_sync&page=2"
 * splitRequestParams("DELETE", { status: "awaiting_sync" });
 * // { body: '{"status":"awaiting_sync"}', headers: { "Content-Type": "application/json" } }
 * ```
 */
export function splitRequestParams(
  method: string,
  params: Readonly<Record<string, unknown>> = {},
  options: SplitRequestParamsOptions = {},
): SplitRequest {
  const skip = new Set(options.pathParams);
  const entries = Object.entries(params).filter(
    ([name, value]) => !skip.has(name) && value != null,
  );
  if (!sendsParamsInBody(method)) return { query: toQuery(entries), headers: {} };
  if (entries.length === 0) return { headers: {} };
  return {
    body: JSON.stringify(Object.fromEntries(entries)),
    headers: { "Content-Type": "application/json" },
  };
}

function toQuery(entries: [string, unknown][]): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of entries) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item != null) query.append(name, queryText(name, item));
    }
  }
  return query;
}

function queryText(name: string, value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    default:
      if (value instanceof Date) return value.toISOString();
      throw new TypeError(`Query parameter "${name}" cannot be sent as text: ${typeof value}`);
  }
}
