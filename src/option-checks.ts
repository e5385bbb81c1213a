import { closestName } from "./closest-name.js";

/**
 * Throws a TypeError unless `value` is one of `allowed` (or `undefined`, the default): an option
 * misspelt as `linkParams: "All"` must not fall back silently to another behaviour.
 */
export function assertOption(name: string, value: unknown, allowed: readonly unknown[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new TypeError(
      `${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}; got ${showValue(value)}`,
    );
  }
}

/**
 * Throws a TypeError for a name in `options` that is not a key of `known`, naming the nearest valid
 * one: `linkParam: "all"` would otherwise be ignored without a word.
 *
 * @param what - what the options belong to, e.g. `"resource option"`
 * @param options - the object given
 * @param known - every valid name, as the keys of a record the type checker keeps complete
 */
export function assertKnownNames(
  what: string,
  options: object,
  known: Readonly<Record<string, true>>,
): void {
  for (const name of Object.keys(options)) {
    if (Object.hasOwn(known, name)) continue;
    const valid = Object.keys(known);
    const near = closestName(name, valid);
    throw new TypeError(
      `Unknown ${what} ${JSON.stringify(name)}; ${near === undefined ? `the ${what}s are ${valid.join(", ")}` : `did you mean ${JSON.stringify(near)}?`}`,
    );
  }
}

/** Throws a TypeError unless `value` is a plain object (not `null`, not an array). */
export function assertObject(name: string, value: unknown): asserts value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object; got ${describeValue(value)}`);
  }
}

/** A value as JSON for a message, or its kind when JSON cannot show it (a BigInt, a cycle). */
export function showValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? describeValue(value);
  } catch {
    return describeValue(value);
  }
}

/** A value's kind for a message, never the value itself (for secrets): `a string`, `null`, `an array`. */
export function describeKind(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * A text as a message quotes it: as JSON, cut to 32 characters (a request's text may be long).
 *
 * @example
 * ```ts
 * quoteText("v2"); // '"v2"'
 * ```
 */
export function quoteText(text: string): string {
  return text.length > 32 ? `${JSON.stringify(text.slice(0, 32))}…` : JSON.stringify(text);
}

/**
 * Names a bad value for a message, the one describer of them all: `a string ("*")`, `number 3`,
 * `true`'s `boolean true`, and for anything else its kind ({@link describeKind}).
 *
 * @example
 * ```ts
 * describeValue("abc"); // 'a string ("abc")'
 * describeValue(1.5); // "number 1.5"
 * ```
 */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return `a string (${quoteText(value)})`;
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${value}`;
  return describeKind(value);
}

/**
 * Checks the name of a request parameter an option gives (`pageParam`, `afterParam`,
 * `sort.param`, a client's `sortParam`): text, not empty. The one wording of this check.
 *
 * @param name - the option's name, for the message
 * @param value - the option's value
 * @throws {TypeError} for anything else
 * @example
 * ```ts
 * assertParamName("sortParam", ""); // TypeError: sortParam must be a parameter name (text, not empty); got a string ("")
 * ```
 */
export function assertParamName(name: string, value: unknown): asserts value is string {
  if (typeof value !== "string" || value === "") {
    throw new TypeError(
      `${name} must be a parameter name (text, not empty); got ${describeValue(value)}`,
    );
  }
}
