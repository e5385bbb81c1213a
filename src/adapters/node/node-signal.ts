/** The part of a Node response (a `ServerResponse`) that {@link nodeClientSignal} uses. */
export interface NodeResponseStream {
  once(event: "close", listener: () => void): unknown;
  /** True once the response closed (its socket did), its answer finished or not. */
  readonly destroyed: boolean;
  readonly writableFinished: boolean;
}

/**
 * Whether a Node response's client went away: the response closed before its answer was
 * finished. Nothing can be written to it then.
 *
 * @param res - the Node response (`res`, Fastify's `reply.raw`)
 * @example
 * ```ts
 * if (!clientGone(res)) res.end(body);
 * ```
 */
export function clientGone(res: NodeResponseStream): boolean {
  return res.destroyed && !res.writableFinished;
}

/**
 * The signal of a Node response's client, made when first asked for (most requests never ask:
 * no controller, no listener for them): aborted when the response closes before its answer was
 * finished, or at once when it already has. The response's `close` also follows a finished
 * answer, which aborts nothing. For the Express and Fastify adapters.
 *
 * @param res - the Node response (`res`, Fastify's `reply.raw`)
 * @returns a function giving the one signal of this response
 * @example
 * ```ts
 * const signal = nodeClientSignal(res);
 * signal().aborted; // true once the client has gone without its answer
 * ```
 */
export function nodeClientSignal(res: NodeResponseStream): () => AbortSignal {
  let signal: AbortSignal | undefined;
  return () => {
    if (signal !== undefined) return signal;
    const controller = new AbortController();
    signal = controller.signal;
    if (clientGone(res)) controller.abort();
    else
      res.once("close", () => {
        if (!res.writableFinished) controller.abort();
      });
    return signal;
  };
}
