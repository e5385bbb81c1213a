import {
  checkedHeaderNames,
  headerNamePresets,
  type PaginationHeaderNames,
} from "./header-names.js";
import { formatLink } from "./link-header.js";
import { assertOption } from "./option-checks.js";
import { linkUrlParts, type PageLinksOptions, pageTargets } from "./page-links.js";
import type { Page } from "./paginate.js";

/** Options of {@link paginationHeaders}. */
export interface PaginationHeadersOptions extends PageLinksOptions {
  /**
   * An empty dataset is never paginated: `'omit'` (default) sends no pagination headers for it;
   * `'zero'` sends Count 0, Page, PageTotal 1 and PageSize (still no `Link`), for clients that require them.
   */
  readonly emptyHeaders?: "omit" | "zero";
  /** Header names; default {@link headerNamePresets}.xPagination. */
  readonly headerNames?: PaginationHeaderNames;
}

/**
 * The spec's pagination response headers for a page: `Link` (only when at least one rel exists),
 * `X-Pagination-Count`, `X-Pagination-Page`, `X-Pagination-PageTotal` and `X-Pagination-PageSize`.
 * An empty dataset gets none of them (unless `emptyHeaders: 'zero'`).
 *
 * @param page - a {@link Page} from {@link paginate}
 * @param options - the request `url` plus link and header options (see {@link PageLinksOptions})
 * @returns a plain header map, e.g. `{ Link: "…", "X-Pagination-Count": "3", … }`
 *
 * @example
 * ```ts
 * const page = paginate({ count: 3, ...parsePageParams(req.query) });
 * res.set(paginationHeaders(page, { url: req.originalUrl }));
 * ```
 */
export function paginationHeaders(
  page: Page,
  options: PaginationHeadersOptions,
): Record<string, string> {
  const headers: Record<string, string> = {};
  writePaginationHeaders(headers, page, options, options.url, options.baseUrl);
  return headers;
}

const EMPTY_HEADERS = ["omit", "zero"] as const;

/**
 * {@link paginationHeaders}, writing into `headers`, with the URL and base given apart from the
 * options (no intermediate objects on a hot path).
 */
export function writePaginationHeaders(
  headers: Record<string, string>,
  page: Page,
  options: Omit<PaginationHeadersOptions, "url" | "baseUrl">,
  url: string | URL,
  baseUrl: string | URL | undefined,
): void {
  assertOption("emptyHeaders", options.emptyHeaders, EMPTY_HEADERS);
  if (page.count === 0 && options.emptyHeaders !== "zero") return;
  const [link, count, current, pageTotal, pageSize] = checkedHeaderNames(
    options.headerNames ?? headerNamePresets.xPagination,
  );
  const targets = link === null ? [] : pageTargets(page);
  if (link !== null && targets.length > 0) {
    const { prefix, suffix } = linkUrlParts(page.pageSize, options, url, baseUrl);
    let value = "";
    for (const [rel, target] of targets) {
      value += `${value === "" ? "" : ", "}${formatLink(prefix + target + suffix, rel)}`;
    }
    headers[link] = value;
  }
  if (count !== null) headers[count] = String(page.count);
  if (current !== null) headers[current] = String(page.page);
  if (pageTotal !== null) headers[pageTotal] = String(page.pageTotal);
  if (pageSize !== null) headers[pageSize] = String(page.pageSize);
}
