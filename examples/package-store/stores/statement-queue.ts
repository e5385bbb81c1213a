/**
 * The wait in front of a database that runs one statement at a time (PGlite, on its thread:
 * `pglite-thread.ts`): bounded in length and in time, so a request past either bound is answered
 * at once with the 503 problem instead of waiting past its client's patience; and a statement
 * whose client has left is never started.
 */
import { serviceUnavailable } from "pagewise";

/** How long the wait may grow. */
export interface QueueBounds {
  /** The most statements waiting behind the running one: one more is refused at once. */
  readonly maxQueued: number;
  /** The longest a statement waits for its turn, in milliseconds: then it is refused. */
  readonly maxWaitMs: number;
}

/**
 * 64 statements (about half a second of the example's list pages on PGlite), 2 seconds: a busy
 * database answers within a client's patience, and a burst still queues.
 */
export const DEFAULT_QUEUE_BOUNDS: QueueBounds = { maxQueued: 64, maxWaitMs: 2_000 };

/** A statement run through the queue, given the signal of the request it serves (if any). */
export type Queued = <R>(run: () => Promise<R>, signal?: AbortSignal) => Promise<R>;

/** The 503 of a full or slow queue: nothing was done, so a retry is safe. */
function busy() {
  return serviceUnavailable("The database is busy; try again shortly.", 1);
}

/**
 * A queue running one statement at a time, in order of arrival. A statement waits only while the
 * bounds allow (else it rejects with the 503 problem, `Retry-After: 1`) and while its signal is
 * not aborted (else it rejects with the signal's reason and never runs). Its wait is bounded by the
 * clock, not only by its timer: one whose turn comes past `maxWaitMs` (a busy event loop ran the
 * timer late) is refused then.
 *
 * @param bounds - see {@link QueueBounds}
 * @example
 * ```ts
 * const queued = statementQueue(DEFAULT_QUEUE_BOUNDS);
 * const rows = await queued(() => db.query(text, values), signal);
 * ```
 */
export function statementQueue(bounds: QueueBounds): Queued {
  const waiting: (() => void)[] = [];
  let running = false;
  // Hands the turn to the first waiting statement, or marks the database idle.
  const handOn = () => {
    const turn = waiting.shift();
    if (turn === undefined) running = false;
    else turn();
  };
  const start = <R>(run: () => Promise<R>): Promise<R> => {
    running = true;
    const done = new Promise<R>((resolve) => resolve(run()));
    done.then(handOn, handOn);
    return done;
  };
  return <R>(run: () => Promise<R>, signal?: AbortSignal): Promise<R> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!running) return start(run);
    if (waiting.length >= bounds.maxQueued) return Promise.reject(busy());
    const queuedAt = Date.now();
    return new Promise<R>((resolve, reject) => {
      const stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const turn = () => {
        stopWaiting();
        // A busy event loop runs the timer below late: a turn that comes after the bound is
        // refused as the timer would have refused it, and passes on.
        if (Date.now() - queuedAt > bounds.maxWaitMs) {
          reject(busy());
          handOn();
          return;
        }
        start(run).then(resolve, reject);
      };
      const leave = (reason: unknown) => {
        stopWaiting();
        waiting.splice(waiting.indexOf(turn), 1);
        reject(reason);
      };
      const onAbort = () => leave(signal?.reason);
      const timer = setTimeout(() => leave(busy()), bounds.maxWaitMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      waiting.push(turn);
    });
  };
}
