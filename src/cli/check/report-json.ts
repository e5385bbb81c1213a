/**
 * The report as JSON for CI (`--json`): one object, its shape stable and documented in docs/cli.md.
 */
import type { CheckReport } from "./run-checks.js";

/**
 * The report as one JSON text: `{ url, kind, ok, checks: [{ name, title, rule, outcome, problems,
 * notes, evidence: [{ method, url, sent, status, headers, items }] }] }`. Bodies are left out.
 *
 * @param report - the report
 * @returns the JSON text, ending in a newline
 * @example
 * ```ts
 * JSON.parse(reportJson(report)).ok; // true when every check held
 * ```
 */
export function reportJson(report: CheckReport): string {
  const checks = report.checks.map(({ shows: _, ...check }) => ({
    ...check,
    evidence: check.evidence.map(({ body: _, opening: __, ...exchange }) => exchange),
  }));
  return `${JSON.stringify({ url: report.url, kind: report.kind, ok: reportOk(report), checks }, null, 2)}\n`;
}

/**
 * Whether the report shows a list that keeps every rule checked: no check failed.
 *
 * @param report - the report
 * @returns true when none failed
 * @example
 * ```ts
 * process.exitCode = reportOk(report) ? 0 : 1;
 * ```
 */
export function reportOk(report: CheckReport): boolean {
  return report.checks.every((check) => check.outcome !== "fail");
}
