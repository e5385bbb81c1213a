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
