import { boundError } from "./pagination-error.js";
import type { FetchedPage } from "./walk-options.js";

/**
 * `pages`, at most `maxPages` of them: a page past the bound ends the walk (its request has gone,
 * so a list that ends at exactly `maxPages` pages is complete, and one that goes on is known to).
 *
 * @param pages - the walk's pages, in their turn
 * @param maxPages - the most yielded, or `undefined` for no bound
 * @throws {PaginationError} `max_pages`, its `url` the first page not yielded
 * @example
 * ```ts
 * for await (const page of atMostPages(pagesOf(start, options), 100)) console.log(page.url);
 * ```
 */
export async function* atMostPages<T>(
  pages: AsyncGenerator<FetchedPage<T>, void, undefined>,
  maxPages: number | undefined,
): AsyncGenerator<FetchedPage<T>, void, undefined> {
  if (maxPages === undefined) return yield* pages;
  let yielded = 0;
  for await (const page of pages) {
    if (yielded === maxPages) {
      const reason = `the list goes on past ${maxPages} page${maxPages === 1 ? "" : "s"}, the most the walk reads`;
      throw boundError("max_pages", page.url, { reason, option: "maxPages", limit: maxPages });
    }
    yielded += 1;
    yield page;
  }
}
