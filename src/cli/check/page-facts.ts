/**
 * A list answer's pagination values, read from its headers as the client reads them, and the kind
 * of list they show: counted (the spec's four headers), countless, cursor, or not paginated.
 */
import { type Exchange, PAGE_HEADERS } from "./exchange.js";
import { SPEC_HEADERS } from "./spec-terms.js";

/** The values of the `X-Pagination-*` headers (each `undefined` when absent or not digits) and `Link`. */
export interface PageFacts {
  readonly count: number | undefined;
  readonly page: number | undefined;
  readonly pageTotal: number | undefined;
  readonly pageSize: number | undefined;
  readonly link: string | undefined;
}

/**
 * The kind of list an answer shows: `counted` (a page number and a count: the spec's), `countless`
 * (a page number, no count: docs/databases.md), `cursor` (a page size, no page number:
 * docs/cursors.md) or `unpaginated` (no pagination header and no link).
 */
export type ListKind = "counted" | "countless" | "cursor" | "unpaginated";

const names = SPEC_HEADERS;

/**
 * The answer's pagination values.
 *
 * @param exchange - the answer
 * @returns its facts
 * @example
 * ```ts
 * pageFacts(exchange); // { count: 120, page: 2, pageTotal: 4, pageSize: 30, link: "<…>; rel=\"first\", …" }
 * ```
 */
export function pageFacts(exchange: Exchange): PageFacts {
  const { headers } = exchange;
  return {
    count: wholeNumber(headers[PAGE_HEADERS.count]),
    page: wholeNumber(headers[PAGE_HEADERS.page]),
    pageTotal: wholeNumber(headers[PAGE_HEADERS.pageTotal]),
    pageSize: wholeNumber(headers[PAGE_HEADERS.pageSize]),
    link: headers[PAGE_HEADERS.link],
  };
}

/** A header's value when it is digits alone (at most the largest safe integer), else `undefined`. */
function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^[0-9]+$/.test(value)) return undefined;
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

/**
 * The kind of list the facts show. A page total makes a list counted whatever else is missing
 * (countless and cursor lists never send one), so a counted list that leaves out a header is held
 * to the spec's four, not to a looser kind's rules. A list that sends only `Link` (Django REST
 * framework's, Grape's api-pagination with its own headers) has page numbers and no count the
 * check can read: countless.
 *
 * @param facts - an answer's facts
 * @returns its kind
 * @example
 * ```ts
 * listKind({ count: 3, page: 2, pageTotal: 3, pageSize: 1, link: "…" }); // "counted"
 * listKind({ count: 3, page: undefined, pageTotal: undefined, pageSize: 1, link: "…" }); // "cursor"
 * listKind({ count: undefined, page: undefined, pageTotal: undefined, pageSize: undefined, link: "…" }); // "countless"
 * ```
 */
export function listKind(facts: PageFacts): ListKind {
  if (facts.pageTotal !== undefined) return "counted";
  if (facts.page !== undefined) return facts.count === undefined ? "countless" : "counted";
  if (facts.pageSize !== undefined) return "cursor";
  if (facts.count !== undefined) return "counted";
  return facts.link === undefined ? "unpaginated" : "countless";
}

/**
 * The names of the pagination headers an answer carries (`Link` and `X-Pagination-*`), as spelt in
 * {@link SPEC_HEADERS}.
 *
 * @param exchange - the answer
 * @returns the names present, e.g. `["Link", "X-Pagination-Count", …]`
 * @example
 * ```ts
 * paginationHeadersSent(emptyAnswer); // []
 * ```
 */
export function paginationHeadersSent(exchange: Exchange): string[] {
  return Object.values(names).filter((name) => exchange.headers[name.toLowerCase()] !== undefined);
}
