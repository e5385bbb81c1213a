/**
 * The `Link` header of one answer held against the spec (section 4.3, `Link` relation types) and
 * pagewise's decisions on link URLs: the relations present exactly when the page math says, each
 * parseable, on the request's origin and path, pointing at the right page, keeping the request's filters, and
 * stating the page size, if at all, as the page served it; a `next` never back to the page itself.
 */
import { expandTemplate } from "../../client/expand-template.js";
import { parseLinkHeader } from "../../client/parse-link-header.js";
import type { PageFacts } from "./page-facts.js";
import { type LinkPages, PAGE_RELS, type PageRel } from "./spec-page.js";
import { CURSOR_PARAMS, OTHER_PAGING_PARAMS, SPEC } from "./spec-terms.js";

/** What a look at an answer found: what breaks a rule, and what the server chose where it may. */
export interface Findings {
  readonly problems: string[];
  readonly notes: string[];
}

/** The parameters a link sets itself, never filters: the page, its size and the cursors. */
const PAGING_PARAMS: ReadonlySet<string> = new Set([
  SPEC.pageParam,
  SPEC.pageSizeParam,
  ...CURSOR_PARAMS,
]);

/**
 * What breaks the link rules in one answer.
 *
 * @param requestUrl - the URL the answer is for (links resolve against it)
 * @param facts - the answer's header values (its `Link` and page size)
 * @param targets - the page each of `first`, `prev`, `next` and `last` must point at (from
 *   {@link specPage}), or `undefined` for a list without page numbers or a total, whose relations
 *   are not counted
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
  targets: LinkPages | undefined,
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
    ? expandTemplate(text, { [SPEC.pageSizeParam]: pageSize })
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
  targets: LinkPages | undefined,
  findings: Findings,
): void {
  const name = `rel="${rel}" <${url.pathname}${url.search}>`;
  if (url.origin !== request.origin) {
    findings.problems.push(`rel="${rel}" <${url.href}> leaves the list's origin ${request.origin}`);
  } else if (url.pathname !== request.pathname) {
    findings.problems.push(`${name} leaves the list's path ${request.pathname}`);
  }
  filterFindings(name, url, request, findings);
  const size = url.searchParams.get(SPEC.pageSizeParam);
  if (size !== null && facts.pageSize !== undefined && Number(size) !== facts.pageSize) {
    findings.problems.push(
      `${name} asks ${SPEC.pageSizeParam}=${size}, but the page was served at ${facts.pageSize}`,
    );
  }
  const target = targets?.[rel];
  const page = url.searchParams.get(SPEC.pageParam);
  if (target !== undefined && page !== String(target)) {
    findings.problems.push(`${name} must point at ${SPEC.pageParam}=${target}`);
  } else if (rel === "next" && pointsBack(url, request, facts)) {
    findings.problems.push(`${name} points back at the page itself`);
  }
}

/**
 * The request's filters must stay on the link; a pagination parameter of another convention
 * (json-server's `_page`, …) is no filter: leaving it out is a note.
 */
function filterFindings(name: string, url: URL, request: URL, findings: Findings): void {
  for (const filter of new Set(request.searchParams.keys())) {
    if (PAGING_PARAMS.has(filter)) continue;
    const want = request.searchParams.getAll(filter).join("&");
    if (url.searchParams.getAll(filter).join("&") === want) continue;
    if (!OTHER_PAGING_PARAMS.includes(filter)) {
      findings.problems.push(`${name} drops the filter ${filter}=${want}`);
      continue;
    }
    const note = `${filter}=${want} is not kept: a pagination parameter of another convention, not a filter`;
    if (!findings.notes.includes(note)) findings.notes.push(note);
  }
}

/**
 * Whether a `next` link leads back to the page it is on: the same URL, or the same page number
 * (the answer's `X-Pagination-Page`, else the request's `page`, 1 when it has none).
 */
function pointsBack(next: URL, request: URL, facts: PageFacts): boolean {
  if (next.href === request.href) return true;
  const page = next.searchParams.get(SPEC.pageParam);
  if (page === null || CURSOR_PARAMS.some((name) => request.searchParams.has(name))) return false;
  const current = facts.page ?? Number(request.searchParams.get(SPEC.pageParam) ?? 1);
  return Number(page) === current;
}

/** The relations present must be exactly those the page math gives. */
function relationFindings(seen: ReadonlySet<string>, targets: LinkPages, findings: Findings) {
  const expected = PAGE_RELS.filter((rel) => targets[rel] !== undefined);
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

/**
 * A page without a page total still shows there is more than one page when it links `prev`,
 * `next` or `last`: the spec then has `first` on it, page 1 included (section 4.3, `Link`
 * relation types).
 *
 * @param link - the answer's `Link` header
 * @returns the problem, if `first` is missing
 * @example
 * ```ts
 * missingFirst('</items/?page=2>; rel="next", </items/?page=2>; rel="last"');
 * // ['no rel="first" (spec 4.3: present when there is more than one page)']
 * ```
 */
export function missingFirst(link: string | undefined): string[] {
  const rels = new Set(parseLinkHeader(link ?? "").map((each) => each.rel));
  const more = rels.has("prev") || rels.has("next") || rels.has("last");
  return more && !rels.has("first") ? [`no rel="first" (spec 4.3: ${WHEN.first})`] : [];
}

/** When the spec says each relation is present (section 4.3). */
const WHEN: Readonly<Record<PageRel, string>> = {
  first: "present when there is more than one page, page 1 included",
  prev: "present when the page is greater than 1",
  next: "present when the page is less than the final page",
  last: "present when there is more than one page",
};
