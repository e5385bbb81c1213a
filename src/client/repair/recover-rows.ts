import { unlessPastTheEnd } from "../pagination-error.js";
import type { Walk } from "../walk-context.js";
import type { FetchedPage } from "../walk-options.js";
import type { KnownRows } from "./read-rows.js";
import type { WalkWatch } from "./walk-watch.js";

/** Pages a walk reads again when a list shrank under it, at most. */
const MAX_PAGES_BACK = 10;

/** Where a walk reads pages again from: the page before an edge, and the walk's first page. */
interface PagesBack {
  /** The number of the page before the edge (its next link asked for this number + 1). */
  readonly last: number;
  /** The lowest page to read again: the walk's first (rows before it are not the walk's). */
  readonly lowest: number;
}

/**
 * After rows before an edge may have gone (see `madeUpFor`): `page` (the page after the edge)
 * read again, as the rows that moved back may have moved on since it was read, and the pages
 * before it back until one begins with a row read before (every row that moved back lies after
 * it) or {@link MAX_PAGES_BACK} pages, yielded in order with only the rows not yielded yet.
 * Pages now past the end are passed over.
 *
 * @param watch - the walk and its row keys
 * @param back - the page before the edge, and the lowest page number
 * @param page - the page after it
 * @param known - the keys of the rows read; the rows yielded here are added
 * @returns `page` as read again, for the walk to go on from (undefined when it is past the end),
 *   and whether rows not read before were found
 */
export async function* pagesBackToKnown<T>(
  watch: WalkWatch,
  back: PagesBack,
  page: FetchedPage<T>,
  known: KnownRows,
): AsyncGenerator<FetchedPage<T>, { after: FetchedPage<T> | undefined; found: boolean }> {
  const again: FetchedPage<T>[] = [];
  const lowest = Math.max(back.lowest, back.last - MAX_PAGES_BACK + 1);
  let after: FetchedPage<T> | undefined;
  for (let number = back.last + 1; number >= lowest; number--) {
    const read = await readAgain<T>(watch.walk, page.url, number);
    if (read === undefined) continue;
    if (number > back.last) after = read;
    else again.unshift(read);
    const first = read.items[0];
    if (first !== undefined && known.has(watch.keyOf(first))) break;
  }
  let found = false;
  for (const read of again) {
    const missed = unseen(watch, read, known);
    if (missed === undefined) continue;
    found = true;
    yield missed;
  }
  return { after, found };
}

/** Page `number` of the list `url` walks, or undefined when it is past the end now (a 404). */
async function readAgain<T>(
  walk: Walk,
  url: string,
  number: number,
): Promise<FetchedPage<T> | undefined> {
  const target = new URL(url);
  target.searchParams.set(walk.pageParam, String(number));
  return unlessPastTheEnd(walk.fetchPage<T>(target.href));
}

/**
 * A page read again with only the rows not yielded yet (their keys added to `known`), or
 * undefined when it holds none.
 */
function unseen<T>(
  watch: WalkWatch,
  page: FetchedPage<T>,
  known: KnownRows,
): FetchedPage<T> | undefined {
  const missed = page.items.filter((item) => {
    const key = watch.keyOf(item);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  return missed.length === 0 ? undefined : { ...page, items: missed };
}
