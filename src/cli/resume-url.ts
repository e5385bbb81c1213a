import { parseLinkHeader } from "../client/parse-link-header.js";
import type { FetchedPage } from "../client/walk-options.js";

/**
 * Where a walk stopped after `page` goes on: the page's `rel="next"` link, resolved against the
 * page's URL, with the parameters the walker put on the page's own URL (the page size, the sort)
 * where the link lacks them, as a server whose links carry only the page writes them. The walker
 * keeps them on every page the same way, so `--from` this URL walks on in the same order and size.
 * An RFC 6570 template link (`?page=3{&page_size}`) is expanded with nothing: the walker adds
 * the page size and sort it lacks when it starts there.
 *
 * @param page - the last page written
 * @param keep - the names of the parameters to carry over (page size, sort)
 * @returns the URL, or undefined when the page links to no next page (the walk was complete)
 * @example
 * ```ts
 * resumeUrl(page, ["page_size", "sort"]);
 * // "http://127.0.0.1:3000/package/demo/tools/packages/?page=4&page_size=10"
 * ```
 */
export function resumeUrl(
  page: Pick<FetchedPage<unknown>, "url" | "headers">,
  keep: readonly string[],
): string | undefined {
  const link = parseLinkHeader(page.headers.get("link") ?? "").find((l) => l.rel === "next");
  if (link === undefined) return undefined;
  const url = new URL(link.url.replace(/\{[^}]*\}/g, ""), page.url);
  const from = new URL(page.url).searchParams;
  for (const name of keep) {
    const value = from.get(name);
    if (value !== null && !url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.href;
}
