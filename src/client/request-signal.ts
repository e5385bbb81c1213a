/** One request's signal, tied to a walk's, and the way to untie it. */
export interface RequestSignal {
  /** Aborted when the walk's signal is (with its reason). */
  readonly signal: AbortSignal;
  /** Removes the tie: call it once the request has settled, body read. */
  readonly release: () => void;
}

const NOTHING = () => undefined;

/**
 * A signal of its own for one request, aborted with `parent`. A walk passes this to fetch instead
 * of its own signal: Node 20's fetch adds an abort listener to the signal of every request and
 * drops it only when the request is garbage-collected, so a shared signal gathers one per page
 * (MaxListenersExceededWarning after 1,500 fast pages). Here the walk's signal holds one listener
 * per request in flight, removed by `release`.
 *
 * @param parent - the walk's signal
 * @example
 * ```ts
 * const { signal, release } = requestSignal(walkSignal);
 * try { return await (await fetch(url, { signal })).json(); } finally { release(); }
 * ```
 */
export function requestSignal(parent: AbortSignal): RequestSignal {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, release: NOTHING };
  }
  const abort = () => controller.abort(parent.reason);
  parent.addEventListener("abort", abort, { once: true });
  return { signal: controller.signal, release: () => parent.removeEventListener("abort", abort) };
}
