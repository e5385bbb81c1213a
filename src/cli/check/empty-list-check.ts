/**
 * `empty-list`: a list with no items is never paginated (spec 4.3): no `Link` and no
 * `X-Pagination-*` headers, or pagewise's `emptyHeaders: 'zero'` set (Count 0, PageTotal 1, no
 * `Link`: docs/decisions.md, an empty dataset). The list is `--empty`'s, or the URL's own when it
 * has no items.
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import { PAGE_HEADERS } from "./exchange.js";
import { pageFacts, paginationHeadersSent } from "./page-facts.js";
import { counted } from "./wording.js";

const HEADING = {
  name: "empty-list",
  title: "an empty list is not paginated",
  rule: "spec 4.3; docs/decisions.md#an-empty-dataset",
  shows: Object.values(PAGE_HEADERS),
};

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await emptyListCheck(context)).outcome; // "not-run" without --empty on a list with items
 * ```
 */
export async function emptyListCheck(context: CheckContext): Promise<CheckResult> {
  const url = context.options.empty;
  if (url === undefined && context.first.items !== 0) {
    return skipped(
      HEADING,
      "not-run",
      "give --empty URL: a list with no items (a filter that matches none)",
    );
  }
  const answer = url === undefined ? context.first : await context.probe.send({ url });
  if (answer.status !== 200 || answer.items !== 0) {
    const what =
      answer.status === 200
        ? answer.items === undefined
          ? "no items"
          : counted(answer.items, "item")
        : `status ${answer.status}`;
    return skipped(
      HEADING,
      "not-run",
      `--empty's list answered ${what}: give a list with no items`,
      [answer],
    );
  }
  const { problems, notes } = judge(answer);
  return judged(HEADING, problems, [answer], notes);
}

function judge(answer: Exchange): { problems: string[]; notes: string[] } {
  const sent = paginationHeadersSent(answer);
  if (sent.length === 0) return { problems: [], notes: [] };
  const facts = pageFacts(answer);
  if (facts.link === undefined && facts.count === 0 && facts.pageTotal === 1) {
    return {
      problems: [],
      notes: ["sends Count 0 and PageTotal 1 without Link (pagewise's emptyHeaders: 'zero')"],
    };
  }
  return { problems: [`paginated: sends ${sent.join(", ")}`], notes: [] };
}
