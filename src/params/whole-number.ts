import { describeValue } from "../option-checks.js";

const WHOLE_DECIMAL = /^-?[0-9]+$/;

/**
 * Reads a request value as a whole decimal number.
 *
 * Accepted: a string of ASCII digits with an optional leading `-`, or a JS number that is an
 * integer (as a JSON body carries it). Anything else (`"1.5"`, `"1e3"`, `"0x10"`, `" 2"`, `""`,
 * booleans, objects) is `undefined`. Magnitudes past `Number.MAX_SAFE_INTEGER` saturate to
 * `±Number.MAX_SAFE_INTEGER`, so a number is never silently rounded.
 */
export function readWholeNumber(value: unknown): number | undefined {
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return undefined;
    return saturate(value);
  }
  if (typeof value !== "string" || !WHOLE_DECIMAL.test(value)) return undefined;
  return saturate(Number(value));
}

const DIGITS = /^[0-9]+$/;

/**
 * Reads a count as a response header carries it (`X-Pagination-Page: 2`): ASCII digits only, no
 * sign; anything else, or no value, is `undefined`. Saturates as {@link readWholeNumber} does.
 *
 * @example
 * ```ts
 * readDigits(response.headers.get("x-pagination-pagetotal")); // 4, or undefined
 * ```
 */
export function readDigits(value: string | null | undefined): number | undefined {
  return typeof value === "string" && DIGITS.test(value) ? saturate(Number(value)) : undefined;
}

/** Clamps to the safe-integer range and folds `-0` into `0`. */
function saturate(n: number): number {
  if (n > Number.MAX_SAFE_INTEGER) return Number.MAX_SAFE_INTEGER;
  if (n < -Number.MAX_SAFE_INTEGER) return -Number.MAX_SAFE_INTEGER;
  return n === 0 ? 0 : n;
}

/**
 * Whether a value is a whole number (a safe integer) from `min` to `max`: the one whole-number
 * check of pagewise's inputs and options.
 *
 * @param value - anything
 * @param min - the least allowed
 * @param max - the most allowed
 * @default max `Number.MAX_SAFE_INTEGER`
 * @example
 * ```ts
 * isWholeNumber(404, 400, 499); // true
 * isWholeNumber(1.5, 0); // false
 * ```
 */
export function isWholeNumber(
  value: unknown,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): value is number {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
}

/**
 * Throws a RangeError unless `value` is a whole number from `min` to `max` (a programming error:
 * an option or an input of the code), in one wording:
 * `pageSize must be a whole number of at least 1; got number 0`.
 *
 * @param name - what the value is, e.g. `"maxBodyBytes"`
 * @param value - the value given
 * @param min - the least allowed
 * @param max - the most allowed
 * @default max `Number.MAX_SAFE_INTEGER` (the message then says "of at least `min`")
 * @throws {RangeError} for anything else
 * @example
 * ```ts
 * assertWholeNumber("rows", 31, 0, 30); // RangeError: rows must be a whole number from 0 to 30; got number 31
 * ```
 */
export function assertWholeNumber(
  name: string,
  value: unknown,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): asserts value is number {
  if (isWholeNumber(value, min, max)) return;
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  throw new RangeError(`${name} must be a whole number ${range}; got ${describeValue(value)}`);
}
