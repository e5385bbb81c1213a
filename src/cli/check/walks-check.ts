/**
 * `walks`: a walk by `next` links and, on a counted list, a walk by page numbers each give every
 * item once (told apart by `--key`), the same items in the same order, as many as
 * `X-Pagination-Count` says (spec 4.3). Both stop at `--max-pages`.
 */
import { type CheckContext, withParam } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import { PAGE_HEADERS } from "./exchange.js";
import { CURSOR_PARAMS, SPEC } from "./spec-terms.js";
import { type WalkedKeys, walkByLinks, walkByNumbers } from "./walk-keys.js";
import { counted } from "./wording.js";

const HEADING = {
  name: "walks",
  title: "a walk by links and one by page numbers give every item once",
  rule: "spec 4.3",
  shows: [PAGE_HEADERS.page],
};

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await walksCheck(context)).notes; // ["by links: 4 pages, 120 items", "by page numbers: 4 pages, 120 items"]
 * ```
 */
export async function walksCheck(context: CheckContext): Promise<CheckResult> {
  if (context.kind === "unpaginated") {
    return skipped(HEADING, "not-applicable", "the list sends no pagination headers");
  }
  const { key, maxPages } = context.options;
  let start = withParam(context.url, SPEC.pageParam, undefined);
  for (const cursor of CURSOR_PARAMS) start = withParam(start, cursor, undefined);
  const walks: [string, WalkedKeys][] = [
    ["by links", await walkByLinks(start, key, maxPages, context.probe)],
  ];
  const { count, pageTotal } = context.facts;
  if (context.kind === "counted" && pageTotal !== undefined) {
    walks.push([
      "by page numbers",
      await walkByNumbers(start, pageTotal, key, maxPages, context.probe),
    ]);
  }
  const noKey = walks.find(([, walk]) => walk.problem?.includes("(give --key)"));
  if (noKey !== undefined) return skipped(HEADING, "not-run", noKey[1].problem ?? "");
  const problems = walks.flatMap(([name, walk]) => walkProblems(name, walk, count));
  const [links, numbers] = walks.map(([, walk]) => walk);
  if (links && numbers && !samePrefix(links.keys, numbers.keys)) {
    problems.push("the walk by links and the walk by page numbers read different items");
  }
  const notes = walks.map(([name, walk]) => summary(name, walk, maxPages));
  if (links?.sizeAdded)
    notes.push(`next links leave out ${SPEC.pageSizeParam}: the walk kept the URL's`);
  const evidence = walks
    .flatMap(([, walk]) => [walk.pages[0], walk.pages.at(-1)])
    .filter((page) => page !== undefined);
  return judged(HEADING, problems, [...new Set(evidence)], notes);
}

function walkProblems(name: string, walk: WalkedKeys, count: number | undefined): string[] {
  const problems = walk.problem === undefined ? [] : [`${name}: ${walk.problem}`];
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const key of walk.keys) {
    const text = JSON.stringify(key);
    if (seen.has(text)) twice.add(text);
    seen.add(text);
  }
  if (twice.size > 0)
    problems.push(
      `${name}: ${counted(twice.size, "item")} read twice (${[...twice].slice(0, 5).join(", ")})`,
    );
  if (count !== undefined && countDisagrees(walk, count)) {
    problems.push(
      `${name}: ${counted(walk.keys.length, "item")}, X-Pagination-Count says ${count}`,
    );
  }
  return problems;
}

/** A whole walk must read the count; one stopped early (the cap, an error) at most the count. */
function countDisagrees(walk: WalkedKeys, count: number): boolean {
  const whole = !walk.capped && walk.problem === undefined;
  return whole ? walk.keys.length !== count : walk.keys.length > count;
}

function samePrefix(a: readonly unknown[], b: readonly unknown[]): boolean {
  const length = Math.min(a.length, b.length);
  return JSON.stringify(a.slice(0, length)) === JSON.stringify(b.slice(0, length));
}

function summary(name: string, walk: WalkedKeys, maxPages: number): string {
  const cap = walk.capped ? ` (stopped at --max-pages ${maxPages})` : "";
  return `${name}: ${counted(walk.pages.length, "page")}, ${counted(walk.keys.length, "item")}${cap}`;
}
