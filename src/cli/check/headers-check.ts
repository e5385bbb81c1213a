/**
 * `headers-agree`: on each sample page the four `X-Pagination-*` headers agree with each other and
 * with the body (spec 4.3, rules 1 and 2); a page without a total is held to what it sends.
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import { PAGE_HEADERS } from "./exchange.js";
import { pageFacts } from "./page-facts.js";
import { pageMathProblems } from "./page-math.js";
import { aList, counted } from "./wording.js";

const HEADING = {
  name: "headers-agree",
  title: "the X-Pagination-* headers agree with each other and with the body",
  rule: "spec 4.3, rules 1-2",
  shows: [PAGE_HEADERS.count, PAGE_HEADERS.page, PAGE_HEADERS.pageTotal, PAGE_HEADERS.pageSize],
};

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await headersCheck(context)).outcome; // "pass"
 * ```
 */
export async function headersCheck(context: CheckContext): Promise<CheckResult> {
  if (context.kind === "unpaginated") {
    if (context.first.items === 0) {
      return skipped(HEADING, "not-applicable", "the list is empty (see empty-list)", [
        context.first,
      ]);
    }
    return judged(
      HEADING,
      [`${counted(context.first.items ?? 0, "item")} and no pagination headers`],
      [context.first],
    );
  }
  const problems = context.samples.flatMap((exchange) =>
    withPage(exchange, problemsOf(exchange, context.kind === "counted")),
  );
  const notes =
    context.kind === "counted"
      ? []
      : [`${aList(context.kind)}: no page total, so only items ≤ X-Pagination-PageSize is held`];
  return judged(HEADING, problems, context.samples, notes);
}

function problemsOf(exchange: Exchange, ofCountedList: boolean): string[] {
  const facts = pageFacts(exchange);
  const items = exchange.items ?? 0;
  if (exchange.status !== 200) return [`answered ${exchange.status}, not 200`];
  if (ofCountedList) return pageMathProblems(facts, items);
  if (facts.pageSize === undefined) return ["no X-Pagination-PageSize"];
  return items > facts.pageSize
    ? [`${counted(items, "item")}, over X-Pagination-PageSize ${facts.pageSize}`]
    : [];
}

function withPage(exchange: Exchange, problems: string[]): string[] {
  return problems.map((problem) => `${exchange.method} ${exchange.url}: ${problem}`);
}
