/**
 * A whole check run: the list's first page read (an answer that is no list ends the run as one
 * line), its kind told, its sample pages read, then every check in turn, the problem-details one
 * last since it reads what the others sent.
 */
import { PaginationError } from "../../client/pagination-error.js";
import { CliError } from "../cli-error.js";
import { errorLine } from "../error-line.js";
import { EXIT_STATUS } from "../exit-status.js";
import { allowCheck } from "./allow-check.js";
import type { CheckContext, CheckOptions } from "./check-context.js";
import type { CheckResult } from "./check-result.js";
import { corsCheck } from "./cors-check.js";
import { emptyListCheck } from "./empty-list-check.js";
import type { Exchange } from "./exchange.js";
import { headCheck } from "./head-check.js";
import { headersCheck } from "./headers-check.js";
import { linksCheck } from "./links-check.js";
import { type ListKind, listKind, pageFacts } from "./page-facts.js";
import { pageFallbackCheck } from "./page-fallback-check.js";
import { pageSizeCheck } from "./page-size-check.js";
import { pastEndCheck } from "./past-end-check.js";
import { createProbe, PROBE_LIMITS, type Probe, type ProbeLimits } from "./probe.js";
import { problemsCheck } from "./problems-check.js";
import { samplePages } from "./sample-pages.js";
import { walksCheck } from "./walks-check.js";
import { writeCheck } from "./write-check.js";

/** A check run's report: the list, its kind, and each check's result in order. */
export interface CheckReport {
  readonly url: string;
  readonly kind: ListKind;
  readonly checks: readonly CheckResult[];
}

/** The checks, in the order they run and are reported. */
const CHECKS: readonly ((context: CheckContext) => Promise<CheckResult>)[] = [
  headersCheck,
  linksCheck,
  pageFallbackCheck,
  pageSizeCheck,
  pastEndCheck,
  emptyListCheck,
  walksCheck,
  headCheck,
  allowCheck,
  corsCheck,
  writeCheck,
  problemsCheck,
];

/**
 * Checks the list at `url`.
 *
 * @param url - the list's URL, with its filters
 * @param options - the run's options
 * @param headers - the headers sent on every request (`-H`, the API key)
 * @param fetcher - the fetch to send with
 * @param limits - the time and body size each request may take
 * @default `fetcher` is `globalThis.fetch`; `limits` is {@link PROBE_LIMITS}
 * @returns the report
 * @throws {CliError} `notChecked` when the list cannot be reached, or its first page is no list
 * @example
 * ```ts
 * const report = await runChecks(url, { empty: undefined, key: "id", maxPages: 50,
 *   write: false, apiKeyHeader: "X-Api-Key", apiKeyGiven: true }, { "X-Api-Key": key });
 * ```
 */
export async function runChecks(
  url: string,
  options: CheckOptions,
  headers: Readonly<Record<string, string>>,
  fetcher: typeof fetch = fetch,
  limits: ProbeLimits = PROBE_LIMITS,
): Promise<CheckReport> {
  const probe = createProbe(headers, fetcher, limits);
  try {
    const context = await contextOf(url, options, probe);
    const checks: CheckResult[] = [];
    for (const check of CHECKS) checks.push(await check(context));
    return { url, kind: context.kind, checks };
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(errorLine(error).line, EXIT_STATUS.notChecked);
  }
}

async function contextOf(url: string, options: CheckOptions, probe: Probe): Promise<CheckContext> {
  const first = await probe.send({ url });
  if (first.status !== 200 || first.items === undefined)
    throw new CliError(notAList(first), EXIT_STATUS.notChecked);
  const facts = pageFacts(first);
  const samples = await samplePages(url, first, facts, probe);
  return { url, first, facts, kind: listKind(facts), samples, probe, options };
}

/** The body size limit as the error line says it. */
const SIZE_LIMIT = `${PROBE_LIMITS.maxBodyBytes / 1024 / 1024} MiB`;

/** The one line of a first page that is no list: its status, with the problem's title and detail. */
function notAList(first: Exchange): string {
  if (first.cut) return `GET ${first.url} answered a body over the size limit (${SIZE_LIMIT})`;
  if (first.status === 200) return `GET ${first.url} did not answer a JSON array`;
  const message = `GET ${first.url} answered ${first.status}`;
  return errorLine(new PaginationError("http_error", message, first.url, first.status, first.body))
    .line;
}
