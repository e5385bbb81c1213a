import { expandTemplate } from "./expand-template.js";
import { parseLinkHeader } from "./parse-link-header.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/**
 * The next page's absolute URL: the page's `rel="next"` link, expanded (RFC 6570, with the walk's
 * page size), resolved against the page's URL, with the walk's page size added when it lacks one.
 *
 * @param walk - the walk (its page size and page-size parameter)
 * @param page - the page whose `Link` header is read
 * @returns the URL, or undefined when the page links to no next page
 * @example
 * ```ts
 * nextUrl(walk, page); // "https://api.test/items/?page=3&page_size=10"
 * ```
 */
export function nextUrl<T>(walk: Walk, page: FetchedPage<T>): string | undefined {
  const link = parseLinkHeader(page.headers.get("link") ?? "").find((l) => l.rel === "next");
  if (link === undefined) return undefined;
  const sizeValues = walk.pageSize === undefined ? {} : { [walk.pageSizeParam]: walk.pageSize };
  const target = link.url.includes("{") ? expandTemplate(link.url, sizeValues) : link.url;
  const url = new URL(target, page.url);
  if (walk.pageSize !== undefined && !url.searchParams.has(walk.pageSizeParam)) {
    url.searchParams.set(walk.pageSizeParam, String(walk.pageSize));
  }
  return url.href;
}
