import { bodyNotObject, malformedJson } from "../errors.js";

/** A request body as a server sees it: raw text or bytes, or a value a framework already parsed. */
export type BodyInput = string | Uint8Array | object | null | undefined;

/** Keys never copied from request data into a plain object: they would reach its prototype. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** True when no body was sent: `undefined`, `null`, `""` or zero bytes. */
export function isAbsentBody(body: BodyInput): boolean {
  if (body == null) return true;
  if (typeof body === "string") return body.length === 0;
  return body instanceof Uint8Array && body.byteLength === 0;
}

/**
 * Reads a JSON body as a fresh plain object, parsing raw text or bytes first (see {@link readJsonValue}).
 * `__proto__`, `constructor` and `prototype` keys are dropped at every depth; the walk is iterative,
 * so deep nesting cannot overflow the stack.
 *
 * @throws {PagewiseError} 400 `malformed_json` (not UTF-8 or not JSON) or `body_not_object`
 */
export function readJsonObject(body: BodyInput): Record<string, unknown> {
  const value = readJsonValue(body);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw bodyNotObject();
  }
  return value as Record<string, unknown>;
}

/**
 * Reads a JSON body as any JSON value (an array for bulk creation, say), parsed from text or bytes
 * and, for objects and arrays, freshly copied without the forbidden keys.
 *
 * @throws {PagewiseError} 400 `malformed_json`
 */
export function readJsonValue(body: BodyInput): unknown {
  const value = typeof body === "string" || body instanceof Uint8Array ? parseJson(body) : body;
  return typeof value === "object" && value !== null ? withoutForbiddenKeys(value) : value;
}

function parseJson(body: string | Uint8Array): unknown {
  try {
    // A leading byte order mark is ignored (RFC 8259 section 8.1), from text as from bytes.
    const text = typeof body === "string" ? body : utf8.decode(body);
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw malformedJson();
  }
}

/**
 * Deep-copies JSON data (objects, arrays, primitives) without the forbidden keys. A value that
 * JSON cannot hold (a cycle or a shared object, a function) is a TypeError: only a buggy body
 * parser produces one.
 */
export function withoutForbiddenKeys(root: object): unknown {
  const seen = new WeakSet<object>();
  const copyOf = (value: unknown): unknown => {
    if (typeof value === "function" || typeof value === "symbol") {
      throw new TypeError("A parsed body holds a value that JSON cannot");
    }
    if (typeof value !== "object" || value === null) return value;
    if (seen.has(value)) throw new TypeError("A parsed body holds a cycle or a shared object");
    seen.add(value);
    const copy: unknown[] | Record<string, unknown> = Array.isArray(value) ? [] : {};
    stack.push([value, copy]);
    return copy;
  };
  const stack: [object, unknown[] | Record<string, unknown>][] = [];
  const result = copyOf(root);
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const [source, target] = frame;
    if (Array.isArray(target)) {
      for (const item of source as unknown[]) target.push(copyOf(item));
      continue;
    }
    for (const [key, item] of Object.entries(source)) {
      if (!FORBIDDEN_KEYS.has(key)) target[key] = copyOf(item);
    }
  }
  return result;
}
