import { PagewiseError, resultNotJson } from "../errors.js";

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A `bigint` as JSON can carry it to any reader: a number within `Number.MIN_SAFE_INTEGER` ..
 * `Number.MAX_SAFE_INTEGER`, which every JSON reader keeps exactly; beyond, its decimal digits as a
 * string, which a JavaScript reader would otherwise round (I-JSON, RFC 7493 section 2.2).
 *
 * @example
 * ```ts
 * bigintJson(3n); // 3
 * bigintJson(2n ** 64n); // "18446744073709551616"
 * ```
 */
export function bigintJson(value: bigint): number | string {
  return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value.toString();
}

function writeBigints(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? bigintJson(value) : value;
}

/**
 * A handler's result (a json method's value, a list's rows) as JSON text: pagewise's one rule for
 * what JSON cannot hold, the same on every adapter (docs/decisions.md, "Writing results").
 * `JSON.stringify`'s reading (`toJSON` first, so a `Date` is its ISO text; NaN and ±Infinity are
 * `null`; a `Map` or `Set` is `{}`; `undefined`, functions and symbols are left out of objects and
 * `null` in arrays), and a `bigint` as {@link bigintJson} writes it.
 *
 * A value with a bigint is written twice (the first, plain pass is the fast one for everything
 * else), so its `toJSON` methods and getters run twice.
 *
 * @param value - the handler's result
 * @returns its JSON text
 * @throws {PagewiseError} 500 `result_not_json` when it still cannot be written: a cycle, a
 *   `toJSON` or getter that throws (a {@link PagewiseError} thrown there is answered as itself),
 *   nesting too deep, or nothing at all (a function or a symbol as the whole result)
 * @example
 * ```ts
 * resultJson({ deleted: 3n }); // '{"deleted":3}'
 * ```
 */
export function resultJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    if (error instanceof PagewiseError) throw error;
    text = withBigints(value);
  }
  if (text === undefined) throw resultNotJson();
  return text;
}

function withBigints(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, writeBigints);
  } catch (error) {
    if (error instanceof PagewiseError) throw error;
    throw resultNotJson();
  }
}
