/**
 * `allow`: OPTIONS answers with `Allow` listing GET and OPTIONS, and the list's GET carries the
 * same `Allow` (spec 4.2, the `/packages/` list: `Allow: GET, OPTIONS`; docs/adapters.md).
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged } from "./check-result.js";
import { headerList } from "./header-list.js";

const HEADING = {
  name: "allow",
  title: "OPTIONS answers Allow, and GET carries the same",
  rule: "spec 4.2; docs/adapters.md#methods-allow-and-head",
  shows: ["allow"],
};

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await allowCheck(context)).outcome; // "pass"
 * ```
 */
export async function allowCheck(context: CheckContext): Promise<CheckResult> {
  const options = await context.probe.send({ method: "OPTIONS", url: context.url });
  const problems: string[] = [];
  if (options.status < 200 || options.status > 299)
    problems.push(`OPTIONS answered ${options.status}`);
  const allowed = headerList(options.headers.allow);
  for (const method of ["GET", "OPTIONS"]) {
    if (!allowed.includes(method))
      problems.push(`OPTIONS's Allow (${options.headers.allow ?? "absent"}) lacks ${method}`);
  }
  const onGet = headerList(context.first.headers.allow);
  if (onGet.length === 0) problems.push("GET's answer has no Allow");
  else if ([...onGet].sort().join() !== [...allowed].sort().join()) {
    problems.push(`GET's Allow (${context.first.headers.allow}) differs from OPTIONS's`);
  }
  return judged(HEADING, problems, [options, context.first], [`Allow: ${allowed.join(", ")}`]);
}
