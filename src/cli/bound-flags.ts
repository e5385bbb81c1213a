/**
 * `walk`'s flags for the walker's bounds: one home for their names, which the options define and
 * the error lines name.
 */
import type { BoundOption } from "../client/pagination-error.js";

/**
 * The flag that sets each bound of the walker (its option in `WalkOptions`).
 *
 * @example
 * ```ts
 * `${BOUND_FLAGS.timeoutMs} raises it`; // "--timeout raises it"
 * ```
 */
export const BOUND_FLAGS: Readonly<Record<BoundOption, string>> = {
  timeoutMs: "--timeout",
  maxPageBytes: "--max-page-bytes",
  maxRetryDelayMs: "--max-wait",
  maxPages: "--max-pages",
};

/** The bounds whose flags take seconds where their options take milliseconds. */
const IN_SECONDS: ReadonlySet<BoundOption> = new Set(["timeoutMs", "maxRetryDelayMs"]);

/**
 * The text a bound's flag takes for a value of its option: seconds (rounded up) for a time,
 * else the number as it is.
 *
 * @param option - the walker's option
 * @param value - its value, in the option's unit (ms, bytes, pages)
 * @example
 * ```ts
 * flagValue("timeoutMs", 60_000); // "60"
 * flagValue("maxPageBytes", 16_777_216); // "16777216"
 * ```
 */
export function flagValue(option: BoundOption, value: number): string {
  return String(IN_SECONDS.has(option) ? Math.ceil(value / 1000) : value);
}
