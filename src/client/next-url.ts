import { expandTemplate, type TemplateValue } from "./expand-template.js";
import { keepSort } from "./kept-sort.js";
import { parseLinkHeader } from "./parse-link-header.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/**
 * The next page's absolute URL: the page's `rel="next"` link, expanded (RFC 6570, with the walk's
 * page size and sort), resolved against the page's URL, with the walk's page size added when it
 * lacks one, and the walk's sort kept (see {@link keepSort}).
 *
 * @param walk - the walk (its page size, sort and their parameters)
 * @param page - the page whose `Link` header is read
 * @returns the URL, or undefined when the page links to no next page
 * @throws {PaginationError} `sort_mismatch` for a link that asks for another order
 * @example
 * ```ts
 * nextUrl(walk, page); // "https://api.test/items/?page=3&page_size=10"
 * ```
 */
export function nextUrl<T>(walk: Walk, page: FetchedPage<T>): string | undefined {
  const link = parseLinkHeader(page.headers.get("link") ?? "").find((l) => l.rel === "next");
  if (link === undefined) return undefined;
  const values: Record<string, TemplateValue> = {};
  if (walk.pageSize !== undefined) values[walk.pageSizeParam] = walk.pageSize;
  if (walk.sort !== undefined) values[walk.sortParam] = walk.sort;
  const target = link.url.includes("{") ? expandTemplate(link.url, values) : link.url;
  const url = new URL(target, page.url);
  if (walk.pageSize !== undefined && !url.searchParams.has(walk.pageSizeParam)) {
    url.searchParams.set(walk.pageSizeParam, String(walk.pageSize));
  }
  keepSort(walk, url, page.url);
  return url.href;
}
