/** The signal a request's handler gets, and how the pipeline ends it. */
export interface HandlerSignal {
  /** The handler's signal: aborted when the client's is, or by {@link HandlerSignal.abort}. */
  readonly signal: AbortSignal;
  /** Aborts the handler's signal with `reason` (the deadline passed). */
  readonly abort: (reason: unknown) => void;
  /** Stops following the client's signal: the answer is settled. */
  readonly release: () => void;
}

/**
 * A signal of the pipeline's own for one request's handler, following the client's (when the
 * adapter gives one: it aborts when the client goes away) until released. Written out rather
 * than `AbortSignal.any` (Node 20.3): pagewise runs on every Node 20.
 *
 * @param client - the adapter's signal, if any
 * @example
 * ```ts
 * const own = handlerSignal(request.signal);
 * setTimeout(() => own.abort(deadlineExceeded(5000)), 5000);
 * ```
 */
export function handlerSignal(client: AbortSignal | undefined): HandlerSignal {
  const controller = new AbortController();
  const abort = (reason: unknown) => controller.abort(reason);
  if (client === undefined) return { signal: controller.signal, abort, release: () => undefined };
  if (client.aborted) controller.abort(client.reason);
  const follow = () => controller.abort(client.reason);
  client.addEventListener("abort", follow, { once: true });
  return {
    signal: controller.signal,
    abort,
    release: () => client.removeEventListener("abort", follow),
  };
}
