import { formatLink } from "../http/link-header.js";
import { assertOption } from "../option-checks.js";
import { EMPTY_HEADERS, type EmptyHeaders } from "../options.js";
import type { CountlessPage } from "./countless-page.js";
import { X_PAGINATION } from "./header-name-presets.js";
import {
  checkedHeaderNames,
  type PaginationHeaderNames,
  type ResolvedHeaderNames,
} from "./header-names.js";
import { writeHeaderValues } from "./header-values.js";
import {
  type LinkSettings,
  linkPrefix,
  linkSettings,
  linkUrlParts,
  type PageLinksOptions,
} from "./page-links.js";
import { forEachLinkTarget, hasLinkTarget, type Page, type PageRel } from "./paginate.js";

/** Options of {@link paginationHeaders}. */
export interface PaginationHeadersOptions extends PageLinksOptions {
  /**
   * An empty dataset is never paginated: `'omit'` (default) sends no pagination headers for it;
   * `'zero'` sends Count 0, Page, PageTotal 1 and PageSize (still no `Link`), for clients that require them.
   *
   * @default `'omit'`
   */
  readonly emptyHeaders?: EmptyHeaders;
  /**
   * Header names; default {@link headerNamePresets}.xPagination.
   *
   * @default `headerNamePresets.xPagination`
   */
  readonly headerNames?: PaginationHeaderNames;
}

/**
 * The spec's pagination response headers for a page: `Link` (only when at least one rel exists),
 * `X-Pagination-Count`, `X-Pagination-Page`, `X-Pagination-PageTotal` and `X-Pagination-PageSize`.
 * An empty dataset gets none of them (unless `emptyHeaders: 'zero'`). A {@link CountlessPage}
 * gets no `X-Pagination-Count` or `X-Pagination-PageTotal` (and has no `last` link).
 *
 * @param page - a {@link Page} from {@link paginate}, or a page from {@link paginateCountless}
 * @param options - the request `url` plus link and header options (see {@link PageLinksOptions})
 * @returns a plain header map, e.g. `{ Link: "…", "X-Pagination-Count": "3", … }`
 * @throws {PagewiseError} 414 `uri_too_long` for links longer than `defaults.maxLinkLength` before
 *   their page number
 *
 * @example
 * ```ts
 * const page = paginate({ count: 3, ...parsePageParams(req.query) });
 * res.set(paginationHeaders(page, { url: req.originalUrl }));
 * ```
 */
export function paginationHeaders(
  page: Page | CountlessPage,
  options: PaginationHeadersOptions,
): Record<string, string> {
  const headers: Record<string, string> = {};
  writePaginationHeaders(headers, page, headerSettings(options), options);
  return headers;
}

/** {@link PaginationHeadersOptions} (but the URLs) checked and resolved. */
export interface HeaderSettings {
  readonly emptyHeadersZero: boolean;
  /** The header names, each by its key; `null` for one not sent. */
  readonly names: ResolvedHeaderNames;
  readonly links: LinkSettings;
}

/**
 * Checks header options and resolves them, once per resource rather than per request.
 *
 * @throws {TypeError} for an unknown option value or an invalid header name
 */
export function headerSettings(
  options: Omit<PaginationHeadersOptions, "url" | "baseUrl">,
): HeaderSettings {
  assertOption("emptyHeaders", options.emptyHeaders, EMPTY_HEADERS);
  return {
    emptyHeadersZero: options.emptyHeaders === "zero",
    names: checkedHeaderNames(options.headerNames ?? X_PAGINATION),
    links: linkSettings(options),
  };
}

/** Where a page's links come from: the request URL, a trusted base, and which parameters they carry. */
export interface LinkSource {
  /** The request's URL; only its path and query are used. */
  readonly url: string | URL;
  /** A trusted absolute base, else links are path-absolute. */
  readonly baseUrl?: string | URL | undefined;
  /** Whether a parameter of this (decoded) name may be carried; every one when absent. */
  readonly linked?: ((name: string) => boolean) | undefined;
}

/**
 * {@link paginationHeaders}, writing into `headers`, with resolved settings (no intermediate
 * objects on a hot path). The links are built only when the page has one.
 *
 * @throws {PagewiseError} 414 `uri_too_long` for links longer than `defaults.maxLinkLength` before
 *   their page number
 */
export function writePaginationHeaders(
  headers: Record<string, string>,
  page: Page | CountlessPage,
  settings: HeaderSettings,
  { url, baseUrl, linked }: LinkSource,
): void {
  if (page.count === 0 && !settings.emptyHeadersZero) return;
  let link: string | undefined;
  if (settings.names.link !== null && hasLinkTarget(page)) {
    const start = linkPrefix(settings.links, url, baseUrl, linked);
    const { prefix, suffix } = linkUrlParts(page, settings.links, start);
    const header = { value: "", prefix, suffix };
    forEachLinkTarget(page, header, appendLink);
    link = header.value;
  }
  writeHeaderValues(headers, settings.names, page, link);
}

/** Appends the link to page `target` to a Link header value being built. */
function appendLink(
  header: { value: string; readonly prefix: string; readonly suffix: string },
  rel: PageRel,
  target: number,
): void {
  const entry = formatLink(`${header.prefix}${target}${header.suffix}`, rel);
  header.value = header.value === "" ? entry : `${header.value}, ${entry}`;
}
