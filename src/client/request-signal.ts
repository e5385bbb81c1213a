/** One request's signal, tied to a walk's, and the way to untie it. */
interface RequestSignal {
  /** Aborted when the walk's signal is (with its reason). */
  readonly signal: AbortSignal;
  /** Removes the tie: call it once the request has settled, body read. */
  readonly release: () => void;
}

const NOTHING = () => undefined;

/**
 * Signals of their own for a walk's requests, each aborted with `parent`. A walk passes these to
 * fetch instead of its own signal: Node 20's fetch adds an abort listener to the signal of every
 * request and drops it only when the request is garbage-collected, so a shared signal gathers one
 * per page (MaxListenersExceededWarning after 1,500 fast pages). Here the walk's signal holds one
 * listener, whatever the pages in flight (more than 10 at once warned too), and it aborts the
 * requests not yet released.
 *
 * @param parent - the walk's signal
 * @returns a function giving each request its signal and its `release`
 * @example
 * ```ts
 * const requestSignal = requestSignals(walkSignal);
 * const { signal, release } = requestSignal();
 * try { return await (await fetch(url, { signal })).json(); } finally { release(); }
 * ```
 */
export function requestSignals(parent: AbortSignal): () => RequestSignal {
  const open = new Set<AbortController>();
  const abortAll = () => {
    for (const controller of open) controller.abort(parent.reason);
    open.clear();
  };
  if (!parent.aborted) parent.addEventListener("abort", abortAll, { once: true });
  return () => {
    const controller = new AbortController();
    if (parent.aborted) {
      controller.abort(parent.reason);
      return { signal: controller.signal, release: NOTHING };
    }
    open.add(controller);
    return { signal: controller.signal, release: () => open.delete(controller) };
  };
}
