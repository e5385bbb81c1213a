import { nextUrl } from "./next-url.js";
import { PaginationError } from "./pagination-error.js";
import type { Repair } from "./repair/repair.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/**
 * The pages after `from`, by `rel="next"` links: each fetched, reported (progress, a change it
 * shows) and yielded. `repair` keeps the walk whole where the list moves under it (see
 * `createRepair`): it takes each step (with the row before the page, where edges are checked),
 * yields the pages it reads again, and says which page to serve and go on from.
 *
 * @param walk - the walk
 * @param repair - the walk's repair
 * @param from - the page to go on from: the walk's first, or a concurrent walk's last that fitted
 * @throws {PaginationError} `link_loop` for a next link seen before, or to a page of rows read
 *   before under a number read before that links on (see `repeatsRows`), `empty_page_with_next` for
 *   an empty page that links onwards, and the errors of fetching a page
 */
export async function* followNextLinks<T>(
  walk: Walk,
  repair: Repair<T>,
  from: FetchedPage<T>,
): AsyncGenerator<FetchedPage<T>> {
  const seen = new Set([from.url]);
  repair.noteRead(from);
  let page = from;
  for (let next = nextUrl(walk, page); next !== undefined; next = nextUrl(walk, page)) {
    assertOnwards(seen, page, next);
    seen.add(next);
    const step = await repair.step(page, next, seen);
    const arrived = yield* repair.arrive(page, step);
    if (arrived === undefined) return; // past the end now: the list ends before this page
    // A page read before that links on leads round; one that ends the list ends the walk, its
    // rows written already (a page past the end served as the last).
    if (arrived.repeats && nextUrl(walk, arrived.from) !== undefined) throw repeatsRead(next);
    if (arrived.repeats) return;
    page = arrived.from;
    walk.notePage(arrived.served, arrived.showsMove);
    yield arrived.served;
  }
}

function assertOnwards<T>(seen: ReadonlySet<string>, page: FetchedPage<T>, next: string): void {
  if (seen.has(next))
    throw new PaginationError("link_loop", `The next link leads back to ${next}`, page.url);
  if (page.items.length === 0) {
    throw new PaginationError(
      "empty_page_with_next",
      "An empty page links to a next page",
      page.url,
    );
  }
}

/** The error of a next link to a page of rows the walk has (its URL new: a junk parameter). */
function repeatsRead(next: string): PaginationError {
  return new PaginationError(
    "link_loop",
    `The next link leads to ${next}, whose rows the walk has already read: the links lead round`,
    next,
  );
}
