/**
 * `write` (only with `--write`): two POSTs whose bodies no server can read as data, which must be
 * refused with a 4xx: malformed JSON as `application/json`, and the same as `text/plain` (spec
 * 4.1: a body is JSON with `Content-Type: application/json`; docs/decisions.md, request
 * parameters). Nothing that could change data is sent: never a DELETE or PATCH, never a body
 * that parses.
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import { isRefusal } from "./problem-answer.js";

const HEADING = {
  name: "write",
  title: "a write with a malformed body or a wrong Content-Type is refused",
  rule: "spec 4.1; docs/decisions.md#request-parameters-server-side",
  shows: ["content-type"],
};

/** A body no JSON reader accepts: whatever the server does with it, it can change no data. */
export const MALFORMED_BODY = '{"pagewise-check":';

const SENT: readonly string[] = ["application/json", "text/plain"];

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await writeCheck(context)).notes; // ["POST as application/json: 400", "POST as text/plain: 415"]
 * ```
 */
export async function writeCheck(context: CheckContext): Promise<CheckResult> {
  if (!context.options.write) {
    return skipped(
      HEADING,
      "not-run",
      "give --write to send two POSTs with malformed bodies, which must be refused",
    );
  }
  const problems: string[] = [];
  const notes: string[] = [];
  const evidence = [];
  for (const type of SENT) {
    const answer = await context.probe.send({
      method: "POST",
      url: new URL("?", context.url).href.replace(/\?$/, ""),
      headers: { "Content-Type": type },
      body: MALFORMED_BODY,
    });
    evidence.push(answer);
    notes.push(`POST as ${type}: ${answer.status}`);
    if (!isRefusal(answer))
      problems.push(`POST of malformed JSON as ${type} answered ${answer.status}, not a 4xx`);
  }
  return judged(HEADING, problems, evidence, notes);
}
