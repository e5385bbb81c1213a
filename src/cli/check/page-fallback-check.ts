/**
 * `page-fallback`: `page` omitted, `0` or negative gives the first page (spec 4.3); one that is not
 * a number gives it too, or a 400 in strict mode (docs/decisions.md, reading numbers).
 */

import { type CheckContext, withParam } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import { type Exchange, itemsOf, PAGE_HEADERS } from "./exchange.js";
import { pageFacts } from "./page-facts.js";
import { isRefusal } from "./problem-answer.js";
import { SPEC } from "./spec-terms.js";
import { aList } from "./wording.js";

const HEADING = {
  name: "page-fallback",
  title: "page omitted, 0, negative or not a number gives page 1",
  rule: "spec 4.3, query parameters; docs/decisions.md#reading-numbers",
  shows: [PAGE_HEADERS.page],
};

/** The values asked for, and whether a refusal is allowed instead of page 1. */
const ASKED: readonly (readonly [string | undefined, boolean])[] = [
  [undefined, false],
  ["0", false],
  ["-1", false],
  ["abc", true],
];

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await pageFallbackCheck(context)).outcome; // "pass"
 * ```
 */
export async function pageFallbackCheck(context: CheckContext): Promise<CheckResult> {
  if (context.kind === "cursor" || context.kind === "unpaginated") {
    return skipped(HEADING, "not-applicable", `${aList(context.kind)} has no page numbers`);
  }
  const page1 = await context.probe.send({ url: withParam(context.url, SPEC.pageParam, 1) });
  const evidence = [page1];
  const problems: string[] = [];
  const notes: string[] = [];
  for (const [value, mayRefuse] of ASKED) {
    const answer = await context.probe.send({
      url: withParam(context.url, SPEC.pageParam, value),
    });
    evidence.push(answer);
    if (mayRefuse && isRefusal(answer)) {
      notes.push(`page=${value} is refused with ${answer.status} (strict reading)`);
      continue;
    }
    const wrong = differs(answer, page1, context);
    if (wrong !== undefined) problems.push(`${describe(value)}: ${wrong}`);
  }
  return judged(HEADING, problems, evidence, notes);
}

function describe(value: string | undefined): string {
  return value === undefined ? "page omitted" : `page=${value}`;
}

/**
 * How an answer differs from page 1's, if it does. A countless list whose page 1 sends no
 * `X-Pagination-Page` (one with only `Link`) is told by its items alone.
 */
function differs(
  answer: Exchange,
  page1: Exchange,
  { kind, options }: CheckContext,
): string | undefined {
  if (answer.status !== 200) return `answered ${answer.status}, not page 1`;
  const page = pageFacts(answer).page;
  const numbered = kind === "counted" || pageFacts(page1).page !== undefined;
  if (numbered && page !== 1) return `X-Pagination-Page is ${page ?? "absent"}, not 1`;
  const keys = (exchange: Exchange) =>
    JSON.stringify(
      itemsOf(exchange).map((item) => (item as Record<string, unknown>)?.[options.key]),
    );
  return keys(answer) === keys(page1) ? undefined : "its items are not page 1's";
}
