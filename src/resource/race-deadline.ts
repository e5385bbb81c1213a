import { deadlineExceeded } from "../errors.js";
import type { ResourceResponse } from "./contract.js";
import type { DeadlineSettings } from "./deadline.js";
import type { HandlerSignal } from "./handler-signal.js";
import { problemResponse } from "./problem-response.js";

/**
 * The answer, or the 503 `deadline_exceeded` problem when the deadline passes first: then the
 * handler's signal is aborted with that problem as its reason, and the answer that comes later
 * (a value, or a bug's rejection) is dropped. `Retry-After` goes with a GET or HEAD only: a
 * write's handler may still finish its change, and a blind retry would make it twice.
 *
 * @param answer - the pipeline's answer (a problem already made a response; a bug rejects)
 * @param deadline - the resource's deadline, from its settings
 * @param method - the request method, in upper case
 * @param own - the handler's signal, released once the race is settled
 * @example
 * ```ts
 * const response = await raceDeadline(answer, { ms: 5000, retryAfter: 1 }, "GET", own);
 * ```
 */
export function raceDeadline(
  answer: Promise<ResourceResponse>,
  deadline: DeadlineSettings,
  method: string,
  own: HandlerSignal,
): Promise<ResourceResponse> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      own.release();
      const safe = method === "GET" || method === "HEAD";
      const problem = deadlineExceeded(deadline.ms, safe ? deadline.retryAfter : undefined);
      resolve(problemResponse(problem));
      own.abort(problem);
    }, deadline.ms);
    const settle = () => {
      clearTimeout(timer);
      own.release();
    };
    answer.then(
      (value) => {
        settle();
        resolve(value);
      },
      (bug: unknown) => {
        settle();
        reject(bug);
      },
    );
  });
}
