/**
 * What one check found: held, failed, not run (and how to run it) or not applicable (and why),
 * with the problems, notes and exchanges that show it.
 */
import type { Exchange } from "./exchange.js";

/** A check's outcome. */
export type Outcome = "pass" | "fail" | "not-run" | "not-applicable";

/** One check's result: a line of the report. */
export interface CheckResult {
  /** The answer headers (lower case) its evidence shows in the text report, the ones its rule reads (`--json` gives them all). */
  readonly shows: readonly string[];
  /** The check's stable name (`headers-agree`, `links`, …), as `--json` and the docs give it. */
  readonly name: string;
  /** What it checks, in a few words. */
  readonly title: string;
  /** Where the rule comes from: a section of the spec, or a decision in pagewise's docs. */
  readonly rule: string;
  readonly outcome: Outcome;
  /** What breaks the rule (a failed check), or why it did not run. */
  readonly problems: readonly string[];
  /** What the server chose where the rules allow several answers, and caps applied. */
  readonly notes: readonly string[];
  readonly evidence: readonly Exchange[];
}

/** A check as it is defined: its name, title, rule's source and the headers its evidence shows. */
export type CheckHeading = Pick<CheckResult, "name" | "title" | "rule" | "shows">;

/**
 * A result that passes when `problems` is empty and fails otherwise.
 *
 * @param heading - the check's name, title and rule
 * @param problems - what breaks the rule
 * @param evidence - the exchanges read
 * @param notes - what the server chose, caps applied
 * @default `notes` is none
 * @returns the result
 * @example
 * ```ts
 * judged(HEADING, [], [exchange]).outcome; // "pass"
 * ```
 */
export function judged(
  heading: CheckHeading,
  problems: readonly string[],
  evidence: readonly Exchange[],
  notes: readonly string[] = [],
): CheckResult {
  const outcome = problems.length === 0 ? "pass" : "fail";
  return { ...heading, outcome, problems, notes, evidence };
}

/**
 * A result that did not judge: not run (the user can make it run) or not applicable (the list's
 * kind has no such rule).
 *
 * @param heading - the check's name, title and rule
 * @param outcome - `not-run` or `not-applicable`
 * @param why - why, and for `not-run` how to run it
 * @param evidence - the exchanges read
 * @default `evidence` is none
 * @returns the result
 * @example
 * ```ts
 * skipped(HEADING, "not-run", "give --empty URL, a list with no items");
 * ```
 */
export function skipped(
  heading: CheckHeading,
  outcome: "not-run" | "not-applicable",
  why: string,
  evidence: readonly Exchange[] = [],
): CheckResult {
  return { ...heading, outcome, problems: [why], notes: [], evidence };
}
