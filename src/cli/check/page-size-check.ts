/**
 * `page-size`: the default and the maximum page size, found by asking (none, then a huge one,
 * then halving between where refused); over the maximum clamped or refused, both as
 * docs/decisions.md allows; the maximum within the spec's 500 (section 8); a size of 0 read as
 * the default, clamped to 1, or refused (docs/decisions.md, reading numbers, gives the first or
 * the last; the spec says nothing, so a server clamping it is keeping the convention too); the
 * default within the maximum.
 */

import { type CheckContext, withParam } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import { PAGE_HEADERS } from "./exchange.js";
import { pageFacts } from "./page-facts.js";
import { isRefusal } from "./problem-answer.js";
import { SPEC } from "./spec-terms.js";
import { counted } from "./wording.js";

const HEADING = {
  name: "page-size",
  title: "page_size: the default and maximum found; over the maximum clamped or refused",
  rule: "spec 4.3 and 8; docs/decisions.md#page_size-over-the-maximum",
  shows: [PAGE_HEADERS.pageSize],
};

/** The size asked to find the maximum: far over any a server serves. */
const HUGE = 1_000_000;

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await pageSizeCheck(context)).notes; // ["default 30", "maximum 500: page_size=1000000 is clamped to it"]
 * ```
 */
export async function pageSizeCheck(context: CheckContext): Promise<CheckResult> {
  if (context.kind === "unpaginated") {
    return skipped(HEADING, "not-applicable", "the list sends no X-Pagination-PageSize");
  }
  const ask = (size: number | undefined) => context.probe.send({ url: sized(context.url, size) });
  const plain = await ask(undefined);
  const defaultSize = pageFacts(plain).pageSize;
  if (defaultSize === undefined) return judged(HEADING, ["no X-Pagination-PageSize"], [plain]);
  const huge = await ask(HUGE);
  const zero = await ask(0);
  const found = await maximum(huge, defaultSize, ask);
  const zeroRead = zeroReading(zero, defaultSize);
  const problems = [...found.problems, ...zeroRead.problems];
  const notes = [`default ${defaultSize}`, ...found.notes, ...zeroRead.notes];
  if (defaultSize !== SPEC.defaultPageSize)
    notes.push(`the spec's default is ${SPEC.defaultPageSize} (section 8)`);
  problems.push(...limitProblems(defaultSize, found.max));
  return judged(HEADING, problems, [plain, huge, zero], notes);
}

function sized(url: string, size: number | undefined): string {
  return withParam(withParam(url, SPEC.pageParam, undefined), SPEC.pageSizeParam, size);
}

interface Maximum {
  readonly max: number | undefined;
  readonly problems: string[];
  readonly notes: string[];
}

/** The maximum, from the answer to the huge size: clamped to it, or refused above it. */
async function maximum(
  huge: Exchange,
  defaultSize: number,
  ask: (size: number) => Promise<Exchange>,
): Promise<Maximum> {
  const served = pageFacts(huge).pageSize;
  if (huge.status === 200 && served !== undefined) {
    if (served >= HUGE)
      return {
        max: served,
        problems: [`page_size=${HUGE} is served as asked: no maximum`],
        notes: [],
      };
    const over =
      (huge.items ?? 0) > served
        ? [`page_size=${HUGE} gives ${counted(huge.items ?? 0, "item")}, over ${served}`]
        : [];
    return {
      max: served,
      problems: over,
      notes: [`maximum ${served}: page_size=${HUGE} is clamped to it`],
    };
  }
  if (!isRefusal(huge)) {
    return {
      max: undefined,
      problems: [`page_size=${HUGE} answered ${huge.status}: neither clamped nor refused`],
      notes: [],
    };
  }
  const { largest, asked } = await largestServed(defaultSize, ask);
  return {
    max: largest,
    problems: [],
    notes: [
      `maximum ${largest}: a larger page_size is refused with ${huge.status} (found in ${counted(asked, "request")})`,
    ],
  };
}

/** Halves the range between a size served and one refused until they meet. */
async function largestServed(
  served: number,
  ask: (size: number) => Promise<Exchange>,
): Promise<{ largest: number; asked: number }> {
  let [low, high, asked] = [served, HUGE, 0];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const answer = await ask(middle);
    asked += 1;
    if (answer.status === 200) low = middle;
    else high = middle;
  }
  return { largest: low, asked };
}

/** The maximum within the spec's, and the default within the maximum. */
function limitProblems(defaultSize: number, max: number | undefined): string[] {
  if (max === undefined) return [];
  const problems: string[] = [];
  if (max > SPEC.maxPageSize) {
    problems.push(
      `serves pages of ${max}, over the spec's maximum ${SPEC.maxPageSize} (section 8)`,
    );
  }
  if (defaultSize > max) problems.push(`the default ${defaultSize} is over the maximum ${max}`);
  return problems;
}

/** `page_size=0`: the default, clamped to the least size (1), or refused; the spec says nothing. */
function zeroReading(zero: Exchange, defaultSize: number): { problems: string[]; notes: string[] } {
  if (isRefusal(zero))
    return { problems: [], notes: [`page_size=0 is refused with ${zero.status}`] };
  const served = pageFacts(zero).pageSize;
  if (zero.status === 200 && served === defaultSize) return { problems: [], notes: [] };
  if (zero.status === 200 && served === 1) {
    return { problems: [], notes: ["page_size=0 is clamped to 1"] };
  }
  return {
    problems: [
      `page_size=0 answered ${zero.status} with X-Pagination-PageSize ${served ?? "absent"}: neither the default ${defaultSize}, 1 (clamped) nor refused`,
    ],
    notes: [],
  };
}
