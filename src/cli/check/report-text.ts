/**
 * The report as text: a line a check (✓ held, ✗ failed, ○ not run, – not applicable) with its
 * problems and notes, then the exchanges that show it (each with the headers its check reads),
 * then a count of each outcome.
 */
import type { CheckResult, Outcome } from "./check-result.js";
import type { Exchange } from "./exchange.js";
import type { CheckReport } from "./run-checks.js";
import { aList, counted } from "./wording.js";

/** Each outcome's mark and word. */
export const OUTCOME_MARKS: Readonly<Record<Outcome, string>> = {
  pass: "✓",
  fail: "✗",
  "not-run": "○ not run:",
  "not-applicable": "– not applicable:",
};

/**
 * The report as lines of text.
 *
 * @param report - the report
 * @returns its text, ending in a newline
 * @example
 * ```ts
 * process.stdout.write(reportText(report));
 * ```
 */
export function reportText(report: CheckReport): string {
  const lines = [`pagewise check ${report.url} (${aList(report.kind)})`, ""];
  for (const check of report.checks) lines.push(...checkLines(check), "");
  lines.push(tally(report.checks));
  return `${lines.join("\n")}\n`;
}

function checkLines(check: CheckResult): string[] {
  const lines = [`${OUTCOME_MARKS[check.outcome]} ${check.name}: ${check.title} (${check.rule})`];
  const judging = check.outcome === "pass" || check.outcome === "fail";
  for (const problem of check.problems) lines.push(`    ${judging ? "✗ " : ""}${problem}`);
  for (const note of check.notes) lines.push(`    note: ${note}`);
  for (const exchange of check.evidence) lines.push(...exchangeLines(exchange, check.shows));
  return lines;
}

/** Headers this long or shorter go on the request's line; longer ones on a line of their own. */
const INLINE_HEADERS = 60;

/** The request, its status and items, then the headers `shows` names that came back. */
function exchangeLines(exchange: Exchange, shows: readonly string[]): string[] {
  const sent = Object.entries(exchange.sent).map(([name, value]) => ` (${name}: ${value})`);
  const request = `    ${exchange.method} ${exchange.url}${sent.join("")} → ${exchange.status}${itemsText(exchange)}`;
  const headers = shows
    .filter((name) => exchange.headers[name] !== undefined)
    .map((name) => `${name}: ${exchange.headers[name]}`)
    .join(" | ");
  if (headers === "") return [request];
  return headers.length <= INLINE_HEADERS
    ? [`${request}; ${headers}`]
    : [request, `      ${headers}`];
}

/** What the body held: its items, or that it was too long to read. */
function itemsText(exchange: Exchange): string {
  if (exchange.cut) return ", body over the size limit, not read";
  return exchange.items === undefined ? "" : `, ${counted(exchange.items, "item")}`;
}

/**
 * The last line: how many checks each outcome has.
 *
 * @param checks - the results
 * @returns e.g. `12 checks: 10 passed, 1 failed, 1 not run, 0 not applicable`
 * @example
 * ```ts
 * tally(report.checks);
 * ```
 */
export function tally(checks: readonly CheckResult[]): string {
  const count = (outcome: Outcome) => checks.filter((check) => check.outcome === outcome).length;
  return `${checks.length} checks: ${count("pass")} passed, ${count("fail")} failed, ${count("not-run")} not run, ${count("not-applicable")} not applicable`;
}
