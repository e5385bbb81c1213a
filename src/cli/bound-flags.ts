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
