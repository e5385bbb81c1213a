/**
 * `cors`: a list that lets other origins read it exposes `Link` and the `X-Pagination-*` headers
 * it sends, and answers a preflight for GET with its headers (docs/adapters.md, CORS;
 * docs/decisions.md, names). A list that allows no other origin has nothing to expose.
 */

import type { CheckContext } from "./check-context.js";
import { type CheckResult, judged, skipped } from "./check-result.js";
import { CORS_HEADERS } from "./exchange.js";
import { headerList } from "./header-list.js";
import { paginationHeadersSent } from "./page-facts.js";

const HEADING = {
  name: "cors",
  title: "CORS exposes Link and X-Pagination-*, and answers a preflight",
  rule: "docs/adapters.md#cors",
  shows: CORS_HEADERS,
};

/** The origin a browser would send: one no server is expected to know. */
const ORIGIN = "https://pagewise-check.example";

/**
 * Runs the check.
 *
 * @param context - the run's context
 * @returns its result
 * @example
 * ```ts
 * (await corsCheck(context)).problems; // ["Access-Control-Expose-Headers lacks Link"]
 * ```
 */
export async function corsCheck(context: CheckContext): Promise<CheckResult> {
  const get = await context.probe.send({ url: context.url, headers: { Origin: ORIGIN } });
  if (get.headers["access-control-allow-origin"] === undefined) {
    return skipped(
      HEADING,
      "not-applicable",
      "no Access-Control-Allow-Origin: the list lets no other origin read it",
      [get],
    );
  }
  const exposed = headerList(get.headers["access-control-expose-headers"]);
  const problems = paginationHeadersSent(get)
    .filter((name) => !exposed.includes(name.toUpperCase()) && !exposed.includes("*"))
    .map((name) => `Access-Control-Expose-Headers lacks ${name}`);
  const asked = context.options.apiKeyGiven
    ? context.options.apiKeyHeader.toLowerCase()
    : undefined;
  const preflight = await context.probe.send({
    method: "OPTIONS",
    url: context.url,
    headers: {
      Origin: ORIGIN,
      "Access-Control-Request-Method": "GET",
      ...(asked === undefined ? {} : { "Access-Control-Request-Headers": asked }),
    },
  });
  problems.push(...preflightProblems(preflight.status, preflight.headers, asked));
  return judged(HEADING, problems, [get, preflight]);
}

function preflightProblems(
  status: number,
  headers: Readonly<Record<string, string>>,
  asked: string | undefined,
): string[] {
  const problems: string[] = [];
  if (status < 200 || status > 299) problems.push(`the preflight answered ${status}`);
  if (headers["access-control-allow-origin"] === undefined)
    problems.push("the preflight has no Access-Control-Allow-Origin");
  const methods = headerList(headers["access-control-allow-methods"]);
  if (!methods.includes("GET") && !methods.includes("*"))
    problems.push("the preflight does not allow GET");
  const allowed = headerList(headers["access-control-allow-headers"]);
  if (asked !== undefined && !allowed.includes(asked.toUpperCase()) && !allowed.includes("*")) {
    problems.push(`the preflight does not allow the ${asked} header`);
  }
  return problems;
}
