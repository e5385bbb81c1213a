/**
 * `problem-json`: every refusal the run met, and one it provokes (a wrong API key, when a key was
 * given), is an RFC 9457 problem, `application/problem+json` (docs/adapters.md, errors; the spec
 * shows no error shape, section 7). It runs last, reading what the others sent.
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import { isRefusal, problemAnswerProblems } from "./problem-answer.js";
import { counted } from "./wording.js";

const HEADING = {
  name: "problem-json",
  title: "errors are application/problem+json (RFC 9457)",
  rule: "RFC 9457; docs/adapters.md#order-of-checks-and-the-api-key",
  shows: ["content-type"],
};

/** The most problems listed; finding a refused maximum alone can meet 20 refusals. */
const SHOWN = 5;

/** The key sent to provoke a 401: no server issues it. */
const WRONG_KEY = "pagewise-check-wrong-key";

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await problemsCheck(context)).notes; // ["a wrong API key: 401"]
 * ```
 */
export async function problemsCheck(context: CheckContext): Promise<CheckResult> {
  const notes: string[] = [];
  if (context.options.apiKeyGiven) {
    const answer = await context.probe.send({
      url: context.url,
      headers: { [context.options.apiKeyHeader]: WRONG_KEY },
    });
    notes.push(`a wrong API key: ${answer.status}`);
  }
  const errors = context.probe.log.filter(
    (exchange) => isRefusal(exchange) || exchange.status >= 500,
  );
  if (errors.length === 0) {
    return skipped(
      HEADING,
      "not-run",
      "no request was refused: give --api-key (a wrong one is then sent) or --write",
    );
  }
  const problems = atMost(SHOWN, errors.flatMap(problemAnswerProblems));
  notes.push(`${counted(errors.length, "error answer")} read`);
  return judged(HEADING, problems, errors.slice(0, 3), notes);
}

/** The first `most` problems, then how many more there are. */
function atMost(most: number, problems: string[]): string[] {
  if (problems.length <= most) return problems;
  return [
    ...problems.slice(0, most),
    `… and ${counted(problems.length - most, "more error answer")} like these`,
  ];
}
