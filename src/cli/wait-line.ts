/** `walk`'s line for a wait before asking again: what the server answered and when it is asked. */
import { clockText } from "../client/bound-text.js";
import type { RetryWait } from "../client/fetch-with-retry.js";

/** What each status that asks to wait means. */
const WAIT_REASONS: Readonly<Record<number, string>> = {
  429: "rate limited",
  503: "unavailable",
};

/**
 * The line a wait before a retry gets on standard error.
 *
 * @param wait - the wait, as the walker tells it
 * @param now - the time now, to tell another day
 * @default `now` is the current time
 * @example
 * ```ts
 * waitLine({ url: "http://x/?page=2", status: 429, until: new Date("2026-11-27T10:42:07Z") });
 * // "pagewise: rate limited (429) at http://x/?page=2; asking again at 10:42:07 UTC"
 * ```
 */
export function waitLine(wait: RetryWait, now: Date = new Date()): string {
  const reason = WAIT_REASONS[wait.status] ?? "answered";
  return `pagewise: ${reason} (${wait.status}) at ${wait.url}; asking again at ${clockText(wait.until, now)}`;
}

/**
 * What the progress says while a wait lasts, in place of the time left.
 *
 * @param wait - the wait, as the walker tells it
 * @param now - the time now, to tell another day
 * @default `now` is the current time
 * @example
 * ```ts
 * waitText({ url: "http://x/?page=2", status: 429, until: new Date("2026-11-27T10:42:07Z") });
 * // "rate limited (429), asking again at 10:42:07 UTC"
 * ```
 */
export function waitText(wait: RetryWait, now: Date = new Date()): string {
  const reason = WAIT_REASONS[wait.status] ?? "answered";
  return `${reason} (${wait.status}), asking again at ${clockText(wait.until, now)}`;
}
