/**
 * Whether a whole number as a driver read it may have lost digits: a JavaScript number that is
 * not a safe integer (beyond 2^53, where a 64-bit id no longer fits). A safe integer, a `bigint`
 * and digits as text are exact.
 *
 * @param value - a value off a row
 * @example
 * ```ts
 * lostDigits(9007199254740993); // true: read as 9007199254740992
 * lostDigits(42); // false
 * lostDigits("9007199254740993"); // false
 * ```
 */
export function lostDigits(value: unknown): boolean {
  return typeof value === "number" && !Number.isSafeInteger(value);
}
