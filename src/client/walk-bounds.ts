/**
 * The bounds on a walk's waits and reads, by default: one home for each figure, which the client,
 * `walk` and `check` import.
 */

/**
 * How long one request may take, its body read whole, before the walk gives up on it (`check`'s
 * bound on a request too).
 *
 * @default 30,000 ms
 * @example
 * ```ts
 * walkItems(url, { timeoutMs: DEFAULT_TIMEOUT_MS * 2 });
 * ```
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The most bytes of one page's body read (8 MiB: a page of 500 items of 16 KB each); a longer one
 * ends the walk, and `check` leaves it unread.
 *
 * @default 8,388,608 bytes
 * @example
 * ```ts
 * walkItems(url, { maxPageBytes: DEFAULT_MAX_PAGE_BYTES / 8 });
 * ```
 */
export const DEFAULT_MAX_PAGE_BYTES = 8 * 1024 * 1024;

/**
 * The longest wait a walk makes before asking again after a 429 or 503; a `Retry-After` further
 * off ends the walk.
 *
 * @default 30,000 ms
 * @example
 * ```ts
 * walkItems(url, { maxRetryDelayMs: DEFAULT_MAX_RETRY_DELAY_MS * 20 });
 * ```
 */
export const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;

/**
 * The longest delay `setTimeout` keeps (2^31 − 1 ms, about 24.8 days; a longer one fires at once):
 * the most a time bound may be.
 *
 * @example
 * ```ts
 * assertWholeNumber("timeoutMs", value, 1, MAX_TIMER_MS);
 * ```
 */
export const MAX_TIMER_MS = 2_147_483_647;
