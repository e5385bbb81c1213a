/**
 * Ctrl-C during a walk: the first asks it to stop after the page in flight (at once during a wait,
 * and within {@link STOP_GRACE_MS} when the page does not come), the second ends the process at
 * once.
 */
import { msText } from "../client/bound-text.js";

/**
 * The longest the first Ctrl-C waits for the page in flight before it ends the walk anyway (the
 * page is then fetched again by `--from`): a server that answers nothing is not waited for.
 *
 * @default 1,000 ms
 * @example
 * ```ts
 * setTimeout(() => walk.abort(INTERRUPTED), STOP_GRACE_MS);
 * ```
 */
export const STOP_GRACE_MS = 1000;

/**
 * The reason a walk ended by Ctrl-C is aborted with: what tells it from an error.
 *
 * @example
 * ```ts
 * if (signal.reason === INTERRUPTED) return EXIT_STATUS.interrupted;
 * ```
 */
export const INTERRUPTED: unique symbol = Symbol("interrupted by Ctrl-C");

/**
 * Listens for SIGINT until the returned function is called: `first` on the first, `again` on
 * every one after it.
 *
 * @param first - asks the walk to stop after the page in flight
 * @param again - ends at once (restores the terminal, exits)
 * @returns a function that stops listening
 * @example
 * ```ts
 * const stopListening = onInterrupt(() => { stopAsked = true; }, () => process.exit(130));
 * ```
 */
export function onInterrupt(first: () => void, again: () => void): () => void {
  let seen = 0;
  const listener = () => {
    seen += 1;
    if (seen === 1) first();
    else again();
  };
  process.on("SIGINT", listener);
  return () => process.off("SIGINT", listener);
}

/**
 * Stops a walk on the first Ctrl-C: at once while it waits to ask again (nothing can arrive before
 * `waitUntil`), else once the page in flight has come, or after {@link STOP_GRACE_MS}, whichever
 * is first.
 *
 * @param walk - aborted with {@link INTERRUPTED}
 * @param waitUntil - when the walk's last wait ends, in ms since the epoch (0: none)
 * @returns the line that says so
 * @example
 * ```ts
 * progress.say(stopSoon(abort, written.waitUntil));
 * ```
 */
export function stopSoon(walk: AbortController, waitUntil: number): string {
  if (Date.now() < waitUntil) {
    walk.abort(INTERRUPTED);
    return "pagewise: stopping now, during a wait";
  }
  setTimeout(() => walk.abort(INTERRUPTED), STOP_GRACE_MS).unref();
  return `pagewise: stopping after the page in flight, if it comes within ${msText(STOP_GRACE_MS)} (Ctrl-C again stops at once)`;
}
