/**
 * `write` (only with `--write`): one POST that a server following the convention must refuse
 * before any handler runs: a body of malformed JSON as `application/json` (spec 4.1 rule 3: a
 * write's body is JSON with that type, so a server reading it cannot parse it into anything).
 * Never a DELETE or PATCH, never a body any JSON reader accepts, never a body of another type
 * (a lenient server reads `text/plain` as no body at all, and creates a record: json-server does).
 * A server that does not follow the convention may still act on it: a 2xx answer is reported with
 * what it created (its status, `Location` and the body's opening), so it can be removed.
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import { isRefusal } from "./problem-answer.js";

const HEADING = {
  name: "write",
  title: "a POST of malformed JSON is refused",
  rule: "spec 4.1; docs/decisions.md#request-parameters-server-side",
  shows: ["content-type", "location"],
};

/**
 * A body no JSON reader accepts: a server following the convention cannot read it as data.
 *
 * @example
 * ```ts
 * JSON.parse(MALFORMED_BODY); // throws SyntaxError
 * ```
 */
export const MALFORMED_BODY = '{"pagewise-check":';

/**
 * The one type the body is sent as: the type the spec gives a write's body (section 4.1).
 *
 * @example
 * ```ts
 * probe.send({ method: "POST", url, headers: { "Content-Type": WRITE_TYPE }, body: MALFORMED_BODY });
 * ```
 */
export const WRITE_TYPE = "application/json";

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await writeCheck(context)).notes; // ["POST as application/json: 400"]
 * ```
 */
export async function writeCheck(context: CheckContext): Promise<CheckResult> {
  if (!context.options.write) {
    return skipped(
      HEADING,
      "not-run",
      "give --write to send a POST of malformed JSON, which must be refused",
    );
  }
  const answer = await context.probe.send({
    method: "POST",
    url: new URL("?", context.url).href.replace(/\?$/, ""),
    headers: { "Content-Type": WRITE_TYPE },
    body: MALFORMED_BODY,
  });
  const notes = [`POST as ${WRITE_TYPE}: ${answer.status}`];
  if (isRefusal(answer)) return judged(HEADING, [], [answer], notes);
  const problems = [`POST of malformed JSON as ${WRITE_TYPE} answered ${answer.status}, not a 4xx`];
  if (answer.status >= 200 && answer.status < 300) notes.push(createdText(answer));
  return judged(HEADING, problems, [answer], notes);
}

/** What a write answered 2xx may have created, for the user to find and remove. */
function createdText(answer: Exchange): string {
  const location = answer.headers.location;
  const where = location === undefined ? "no Location" : `Location: ${location}`;
  const body = answer.opening === "" ? "no body" : `body: ${answer.opening}`;
  return `the server may have acted on it (${answer.status}, ${where}, ${body}): look for a record it created and remove it`;
}
