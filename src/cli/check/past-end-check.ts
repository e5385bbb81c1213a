/**
 * `past-end`: the page after the last is answered as one of pagewise's documented readings
 * (docs/decisions.md, a page past the last): empty (no items, `prev` to the last page, no
 * `next`), the last page, or a 404 refusal. The spec says nothing of it.
 */
import { defaults } from "../../options.js";
import { paginate } from "../../pagination/paginate.js";
import { type CheckContext, withParam } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import { PAGE_HEADERS } from "./exchange.js";
import { linkFindings } from "./link-rules.js";
import { pageFacts } from "./page-facts.js";

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
  const page = pageTotal + 1;
  const answer = await context.probe.send({
    url: withParam(context.url, defaults.pageParam, page),
  });
  const { problems, reading } = judge(answer, { count, page, pageSize });
  return judged(
    HEADING,
    problems,
    [answer],
    reading ? [`page=${page} of ${pageTotal} ${reading}`] : [],
  );
}

function judge(
  answer: Exchange,
  asked: { count: number; page: number; pageSize: number },
): { problems: string[]; reading?: string } {
  if (answer.status === 404) return { problems: [], reading: "is refused with 404" };
  if (answer.status !== 200)
    return { problems: [`answered ${answer.status}: not empty, the last page or 404`] };
  const facts = pageFacts(answer);
  const last = paginate(asked, { overflow: "last" });
  if (facts.page === last.page) {
    const problems =
      answer.items === last.limit
        ? []
        : [`served as the last page with ${answer.items} items, not ${last.limit}`];
    return { problems, reading: "is served as the last page" };
  }
  const empty = paginate(asked, { overflow: "empty" });
  const problems = linkFindings(answer.url, facts, empty).problems;
  if (answer.items !== 0) problems.push(`${answer.items} items on a page past the last`);
  if (facts.page !== asked.page)
    problems.push(
      `X-Pagination-Page is ${facts.page ?? "absent"}, not the page asked (${asked.page})`,
    );
  return { problems, reading: "is served empty" };
}
