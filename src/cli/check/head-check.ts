/**
 * `head`: HEAD answers the status and headers GET does, without a body (RFC 9110 section 9.3.2;
 * docs/adapters.md, methods, Allow and HEAD).
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged } from "./check-result.js";

const HEADING = {
  name: "head",
  title: "HEAD answers the headers GET does",
  rule: "RFC 9110 9.3.2; docs/adapters.md#methods-allow-and-head",
  shows: [],
};

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await headCheck(context)).outcome; // "pass"
 * ```
 */
export async function headCheck(context: CheckContext): Promise<CheckResult> {
  const head = await context.probe.send({ method: "HEAD", url: context.url });
  const get = context.first;
  const problems: string[] = [];
  if (head.status !== get.status) problems.push(`HEAD answered ${head.status}, GET ${get.status}`);
  const names = new Set([...Object.keys(get.headers), ...Object.keys(head.headers)]);
  for (const name of names) {
    if (head.headers[name] !== get.headers[name]) {
      problems.push(
        `${name}: HEAD ${JSON.stringify(head.headers[name] ?? null)}, GET ${JSON.stringify(get.headers[name] ?? null)}`,
      );
    }
  }
  if (head.body !== undefined) problems.push("HEAD answered a body");
  return judged(HEADING, problems, [get, head]);
}
