/**
 * Aborts `controller` when `signal` aborts, with the signal's reason (at once if it already has):
 * what `AbortSignal.any([signal, controller.signal])` gives, without that API, which Node 20.0-20.2
 * lack (it came in 20.3). The walk's signal then holds one listener, removed when the walk ends.
 *
 * @param controller - the walk's own controller, aborted when the walk ends early
 * @param signal - the caller's signal, if any
 * @returns removes the tie (call it when the walk ends)
 * @example
 * ```ts
 * const stop = new AbortController();
 * const untie = abortWith(stop, options.signal);
 * try { await walk(stop.signal); } finally { untie(); stop.abort(); }
 * ```
 */
export function abortWith(
  controller: AbortController,
  signal: AbortSignal | undefined,
): () => void {
  if (signal === undefined) return () => undefined;
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => undefined;
  }
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", abort, { once: true });
  return () => signal.removeEventListener("abort", abort);
}
