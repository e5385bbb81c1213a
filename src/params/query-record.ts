import { indexWithin } from "../http/request-target.js";
import { FORBIDDEN_KEYS } from "./json-body.js";

/**
 * A query string as a record of its parameters, as `URLSearchParams` reads it (`+` is a space,
 * escapes decoded, a leading `?` dropped): a repeated name gets an array of its values in order;
 * `__proto__`, `constructor` and `prototype` are dropped. A query holding no `%`, `+` or surrogate
 * reads the same without decoding, so it is split by hand without building a `URLSearchParams`.
 */
export function queryRecord(query: string | URLSearchParams): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  if (typeof query !== "string" || NEEDS_DECODING.test(query)) {
    for (const [name, value] of new URLSearchParams(query)) addParam(params, name, value);
    return params;
  }
  for (let start = query.startsWith("?") ? 1 : 0; start < query.length; ) {
    const amp = query.indexOf("&", start);
    const end = amp < 0 ? query.length : amp;
    if (end > start) {
      const eq = indexWithin(query, 61, start, end); // "="
      addParam(params, query.slice(start, eq), eq < end ? query.slice(eq + 1, end) : "");
    }
    start = end + 1;
  }
  return params;
}

const NEEDS_DECODING = /[%+\uD800-\uDFFF]/;

function addParam(params: Record<string, string | string[]>, name: string, value: string): void {
  if (FORBIDDEN_KEYS.has(name)) return;
  const seen = Object.hasOwn(params, name) ? params[name] : undefined; // not an inherited `toString`
  if (seen === undefined) params[name] = value;
  else if (Array.isArray(seen)) seen.push(value);
  else params[name] = [seen, value];
}
