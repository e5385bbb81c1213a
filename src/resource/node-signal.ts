/** The part of a Node response (a `ServerResponse`) that {@link nodeClientSignal} uses. */
export interface NodeResponseStream {
  once(event: "close", listener: () => void): unknown;
  readonly writableFinished: boolean;
}

/**
 * A signal aborted when a Node response closes before its answer was finished: the client went
 * away (its connection closed). The response's `close` also follows a finished answer, which
 * aborts nothing. For the Express and Fastify adapters.
 *
 * @param res - the Node response (`res`, Fastify's `reply.raw`)
 * @example
 * ```ts
 * const signal = nodeClientSignal(res);
 * signal.aborted; // true once the client has gone without its answer
 * ```
 */
export function nodeClientSignal(res: NodeResponseStream): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
