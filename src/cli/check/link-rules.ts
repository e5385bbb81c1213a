/**
 * The `Link` header of one answer held against the spec (section 4.3, `Link` relation types) and
 * pagewise's decisions on link URLs: the relations present exactly when the page math says, each
 * parseable, on the request's origin and path, pointing at the right page, keeping the request's filters, and
 * stating the page size, if at all, as the page served it.
 */
import { expandTemplate } from "../../client/expand-template.js";
import { parseLinkHeader } from "../../client/parse-link-header.js";
import { defaults } from "../../options.js";
import { forEachLinkTarget, type LinkTargets, type PageRel } from "../../pagination/paginate.js";
import type { PageFacts } from "./page-facts.js";

/** What a look at an answer found: what breaks a rule, and what the server chose where it may. */
export interface Findings {
  readonly problems: string[];
  readonly notes: string[];
}

/** The parameters a link sets itself, never filters: the page, its size and the cursors. */
const PAGING_PARAMS: ReadonlySet<string> = new Set([
  defaults.pageParam,
  defaults.pageSizeParam,
  defaults.afterParam,
  defaults.beforeParam,
]);

/**
 * What breaks the link rules in one answer.
 *
 * @param requestUrl - the URL the answer is for (links resolve against it)
 * @param facts - the answer's header values (its `Link` and page size)
 * @param targets - the page each of `first`, `prev`, `next` and `last` must point at (from
 *   `paginate`), or `undefined` for a list without page numbers or a total, whose relations are
 *   not counted
 * @returns problems and notes
 * @example
 * ```ts
 * linkFindings("http://h/items/?page=2&page_size=1",
 *   { count: 3, page: 2, pageTotal: 3, pageSize: 1,
 *     link: '</items/?page=1>; rel="first", </items/?page=1>; rel="prev", </items/?page=3>; rel="next", </items/?page=3>; rel="last"' },
 *   { first: 1, prev: 1, next: 3, last: 3 }); // { problems: [], notes: [...] }
 * ```
 */
export function linkFindings(
  requestUrl: string,
  facts: PageFacts,
  targets: LinkTargets | undefined,
): Findings {
  const findings: Findings = { problems: [], notes: [] };
  const links = parseLinkHeader(facts.link ?? "").filter((link) => isPageRel(link.rel));
  const request = new URL(requestUrl);
  const seen = new Set<string>();
  for (const link of links) {
    if (seen.has(link.rel)) findings.problems.push(`rel="${link.rel}" is given twice`);
    seen.add(link.rel);
    const url = resolved(link.url, request, facts.pageSize);
    if (url === undefined) {
      findings.problems.push(`rel="${link.rel}" <${link.url}> is not a URL`);
      continue;
    }
    urlFindings(link.rel as PageRel, url, request, facts, targets, findings);
  }
  if (targets !== undefined) relationFindings(seen, targets, findings);
  return findings;
}

function isPageRel(rel: string): rel is PageRel {
  return rel === "first" || rel === "prev" || rel === "next" || rel === "last";
}

/** The link's URL resolved against the request's, a template expanded with the page size. */
function resolved(text: string, request: URL, pageSize: number | undefined): URL | undefined {
  const expanded = text.includes("{")
    ? expandTemplate(text, { [defaults.pageSizeParam]: pageSize })
    : text;
  try {
    return new URL(expanded, request);
  } catch {
    return undefined;
  }
}

/** The rules one link's URL must keep. */
function urlFindings(
  rel: PageRel,
  url: URL,
  request: URL,
  facts: PageFacts,
  targets: LinkTargets | undefined,
  findings: Findings,
): void {
  const name = `rel="${rel}" <${url.pathname}${url.search}>`;
  if (url.origin !== request.origin) {
    findings.problems.push(`rel="${rel}" <${url.href}> leaves the list's origin ${request.origin}`);
  } else if (url.pathname !== request.pathname) {
    findings.problems.push(`${name} leaves the list's path ${request.pathname}`);
  }
  for (const filter of new Set(request.searchParams.keys())) {
    if (PAGING_PARAMS.has(filter)) continue;
    const want = request.searchParams.getAll(filter).join("&");
    if (url.searchParams.getAll(filter).join("&") !== want) {
      findings.problems.push(`${name} drops the filter ${filter}=${want}`);
    }
  }
  const size = url.searchParams.get(defaults.pageSizeParam);
  if (size !== null && Number(size) !== facts.pageSize) {
    findings.problems.push(
      `${name} asks ${defaults.pageSizeParam}=${size}, but the page was served at ${facts.pageSize}`,
    );
  }
  const target = targets?.[rel];
  const page = url.searchParams.get(defaults.pageParam);
  if (target !== undefined && page !== String(target)) {
    findings.problems.push(`${name} must point at ${defaults.pageParam}=${target}`);
  }
}

/** The relations present must be exactly those the page math gives. */
function relationFindings(seen: ReadonlySet<string>, targets: LinkTargets, findings: Findings) {
  const expected: PageRel[] = [];
  forEachLinkTarget(targets, expected, (list, rel) => list.push(rel));
  for (const rel of expected) {
    if (!seen.has(rel)) findings.problems.push(`no rel="${rel}" (spec 4.3: ${WHEN[rel]})`);
  }
  for (const rel of seen) {
    if (!expected.includes(rel as PageRel)) {
      findings.problems.push(
        `rel="${rel}" where the spec has none (spec 4.3: ${WHEN[rel as PageRel]})`,
      );
    }
  }
}

/** When the spec says each relation is present (section 4.3). */
const WHEN: Readonly<Record<PageRel, string>> = {
  first: "present when there is more than one page",
  prev: "present when the page is greater than 1",
  next: "present when the page is less than the final page",
  last: "present when there is more than one page",
};
