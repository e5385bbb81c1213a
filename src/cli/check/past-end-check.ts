/**
 * `past-end`: the page after the last is answered as one of pagewise's documented readings
 * (docs/decisions.md, a page past the last): empty (no items, `prev` to the last page, no
 * `next`), the last page, or a 404 refusal. The spec says nothing of it. The reading is noted
 * only when the answer keeps it: a failed one's problems say what is wrong.
 */

import { type CheckContext, withParam } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import { PAGE_HEADERS } from "./exchange.js";
import { linkFindings } from "./link-rules.js";
import { pageFacts } from "./page-facts.js";
import { specPage } from "./spec-page.js";
import { SPEC } from "./spec-terms.js";
import { counted } from "./wording.js";

const HEADING = {
  name: "past-end",
  title: "a page past the last: empty, the last page, or a 404",
  rule: "docs/decisions.md#a-page-past-the-last",
  shows: [PAGE_HEADERS.page, PAGE_HEADERS.link],
};

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await pastEndCheck(context)).notes; // ["page=5 of 4 is served empty"]
 * ```
 */
export async function pastEndCheck(context: CheckContext): Promise<CheckResult> {
  const { count, pageTotal, pageSize } = context.facts;
  if (context.kind !== "counted" || count === undefined || pageTotal === undefined || !pageSize) {
    return skipped(HEADING, "not-applicable", "the list sends no page total to go past");
  }
  // Past the last page the count makes: a wrong X-Pagination-PageTotal is headers-agree's failure.
  const last = Math.max(1, specPage(count, 1, pageSize).pageTotal);
  const page = last + 1;
  const answer = await context.probe.send({
    url: withParam(context.url, SPEC.pageParam, page),
  });
  const { problems, reading } = judge(answer, { count, page, pageSize });
  const notes = reading && problems.length === 0 ? [`page=${page} of ${last} ${reading}`] : [];
  return judged(HEADING, problems, [answer], notes);
}

function judge(
  answer: Exchange,
  asked: { count: number; page: number; pageSize: number },
): { problems: string[]; reading?: string } {
  if (answer.status === 404) return { problems: [], reading: "is refused with 404" };
  if (answer.status !== 200)
    return { problems: [`answered ${answer.status}: not empty, the last page or 404`] };
  const facts = pageFacts(answer);
  const { pageTotal } = specPage(asked.count, asked.page, asked.pageSize);
  if (facts.page === pageTotal) {
    const { items } = specPage(asked.count, pageTotal, asked.pageSize);
    const problems =
      answer.items === items
        ? []
        : [`served as the last page with ${counted(answer.items ?? 0, "item")}, not ${items}`];
    return { problems, reading: "is served as the last page" };
  }
  const empty = specPage(asked.count, asked.page, asked.pageSize).links;
  const problems = linkFindings(answer.url, facts, empty).problems;
  if (answer.items !== 0)
    problems.push(`${counted(answer.items ?? 0, "item")} on a page past the last`);
  if (facts.page !== asked.page)
    problems.push(
      `X-Pagination-Page is ${facts.page ?? "absent"}, not the page asked (${asked.page})`,
    );
  return { problems, reading: "is served empty" };
}
