/**
 * `links`: on each sample page the `Link` relations are those the page math gives, each parseable,
 * on the list's path, at the right page, keeping the filters and the page size served (spec 4.3,
 * `Link` relation types; docs/decisions.md, link URLs and the parameters a link carries). A
 * countless list has no total to count relations by: it must link `first` wherever it links
 * another page, and no `next` back to the page itself.
 */
import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import { PAGE_HEADERS } from "./exchange.js";
import { linkFindings, missingFirst } from "./link-rules.js";
import { pageFacts } from "./page-facts.js";
import { specPage } from "./spec-page.js";
import { SPEC } from "./spec-terms.js";

const HEADING = {
  name: "links",
  title:
    "Link relations present exactly when the spec says, on the list's path, keeping its filters",
  rule: "spec 4.3, Link relation types; docs/decisions.md#which-query-parameters-a-link-carries",
  shows: [PAGE_HEADERS.link],
};

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await linksCheck(context)).problems; // ['rel="next" <…> drops the filter status=failed']
 * ```
 */
export async function linksCheck(context: CheckContext): Promise<CheckResult> {
  if (context.kind === "unpaginated") {
    return skipped(HEADING, "not-applicable", "the list sends no pagination headers", [
      context.first,
    ]);
  }
  const problems: string[] = [];
  const notes = new Set<string>();
  for (const exchange of context.samples) {
    const facts = pageFacts(exchange);
    const targets =
      context.kind === "counted" && facts.count !== undefined && facts.page && facts.pageSize
        ? specPage(facts.count, facts.page, facts.pageSize).links
        : undefined;
    const found = linkFindings(exchange.url, facts, targets);
    if (context.kind === "countless") found.problems.push(...missingFirst(facts.link));
    problems.push(...found.problems.map((problem) => `${exchange.url}: ${problem}`));
    for (const note of found.notes) notes.add(note);
    if (dropsPageSize(exchange)) notes.add(DROPS_SIZE);
  }
  if (context.kind !== "counted") notes.add(UNCOUNTED[context.kind]);
  return judged(HEADING, problems, context.samples, [...notes]);
}

/** What a list without a page total is held to, said in a note. */
const UNCOUNTED = {
  countless:
    "a countless list: no page total to count the relations by; first wherever another page is linked",
  cursor: "a cursor list: relations not counted",
} as const;

const DROPS_SIZE = `links leave out ${SPEC.pageSizeParam} (spec 4.3 rule 3 allows it; a client following them as given switches to the default size: docs/decisions.md)`;

function dropsPageSize(exchange: Exchange): boolean {
  const asked = new URL(exchange.url).searchParams.has(SPEC.pageSizeParam);
  return asked && !(exchange.headers.link ?? "").includes(`${SPEC.pageSizeParam}=`);
}
