/**
 * Ctrl-C during a walk: the first asks it to stop after the page in flight, the second ends the
 * process at once.
 */

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
