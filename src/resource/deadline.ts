import { assertKnownNames, describeValue } from "../option-checks.js";
import { DEFAULT_DEADLINE_RETRY_AFTER } from "../options.js";
import { assertWholeNumber } from "../params/whole-number.js";

/**
 * A resource's deadline: the milliseconds its handler has to answer, or that with the
 * `Retry-After` (in seconds) a GET's 503 sends when it passes.
 */
export type DeadlineOption =
  | number
  | { readonly ms: number; readonly retryAfter?: number | undefined };

/** A deadline checked, its `Retry-After` filled in. */
export interface DeadlineSettings {
  readonly ms: number;
  readonly retryAfter: number;
}

/** The members of a `{ ms, retryAfter }` deadline (the type checker keeps this complete). */
const DEADLINE_NAMES: Record<keyof Exclude<DeadlineOption, number>, true> = {
  ms: true,
  retryAfter: true,
};

/** The longest delay `setTimeout` keeps (a longer one fires at once): about 24.8 days. */
const LONGEST_MS = 2 ** 31 - 1;

/**
 * The settings of a `deadline` option: a positive, finite number of milliseconds, up to
 * `setTimeout`'s longest, and a whole number of seconds for `Retry-After`.
 *
 * @param option - the resource's `deadline`
 * @returns `undefined` for none
 * @throws {TypeError} for a deadline that is not a positive, finite number of milliseconds; a
 *   {@link RangeError} for a `retryAfter` that is not a whole number of seconds
 * @example
 * ```ts
 * deadlineSettings(5000); // { ms: 5000, retryAfter: 1 }
 * ```
 */
export function deadlineSettings(option: DeadlineOption | undefined): DeadlineSettings | undefined {
  if (option === undefined) return undefined;
  const given = typeof option === "object" && option !== null;
  if (given) assertKnownNames("deadline member", option, DEADLINE_NAMES);
  const ms = given ? option.ms : option;
  if (typeof ms !== "number" || !(ms > 0 && ms <= LONGEST_MS)) {
    throw new TypeError(
      `deadline must be a positive, finite number of milliseconds up to ${LONGEST_MS} (e.g. 5000), or { ms, retryAfter }; leave it out for none. Got ${describeValue(ms)}`,
    );
  }
  const retryAfter = (given ? option.retryAfter : undefined) ?? DEFAULT_DEADLINE_RETRY_AFTER;
  assertWholeNumber("deadline.retryAfter", retryAfter, 0);
  return { ms, retryAfter };
}
