import { isPastTheEnd } from "./pagination-error.js";
import type { KnownRows } from "./read-rows.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/** Pages a walk reads again when a list shrank under it, at most. */
export const MAX_PAGES_BACK = 10;

/**
 * After rows before an edge went (an edge check found another row where the last one read stood,
 * not one read before; or the count fell): `page` (the page after the edge) read again, as the rows that moved back may have moved on
 * since it was read, and the pages before it back until one begins with a row read before (every
 * row that moved back lies after it) or {@link MAX_PAGES_BACK} pages, yielded in order with only
 * the rows not yielded yet. Pages now past the end are passed over.
 *
 * @param walk - the walk
 * @param last - the page before the edge, with its number
 * @param page - the page after it
 * @param known - the keys of the rows yielded lately; the rows yielded here are added
 * @returns `page` as read again, for the walk to go on from, or undefined when it is past the end
 */
export async function* pagesBackToKnown<T>(
  walk: Walk,
  last: FetchedPage<T> & { readonly page: number },
  page: FetchedPage<T>,
  known: KnownRows,
): AsyncGenerator<FetchedPage<T>, FetchedPage<T> | undefined> {
  const again: FetchedPage<T>[] = [];
  const lowest = Math.max(1, last.page - MAX_PAGES_BACK + 1);
  let after: FetchedPage<T> | undefined;
  for (let number = last.page + 1; number >= lowest; number--) {
    const read = await readAgain<T>(walk, page.url, number);
    if (read === undefined) continue;
    if (number > last.page) after = read;
    else again.unshift(read);
    const first = read.items[0];
    if (first !== undefined && known.has(walk.keyOf(first))) break;
  }
  for (const read of again) {
    const missed = unseen(walk, read, known);
    if (missed !== undefined) yield missed;
  }
  return after;
}

/** Page `number` of the list `url` walks, or undefined when it is past the end now (a 404). */
async function readAgain<T>(
  walk: Walk,
  url: string,
  number: number,
): Promise<FetchedPage<T> | undefined> {
  const target = new URL(url);
  target.searchParams.set(walk.pageParam, String(number));
  try {
    return await walk.fetchPage<T>(target.href);
  } catch (error) {
    if (isPastTheEnd(error)) return undefined;
    throw error;
  }
}

/**
 * A page read again with only the rows not yielded yet (their keys added to `known`, the page
 * marked as read again), or undefined when it holds none.
 */
function unseen<T>(walk: Walk, page: FetchedPage<T>, known: KnownRows): FetchedPage<T> | undefined {
  const missed = page.items.filter((item) => {
    const key = walk.keyOf(item);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  if (missed.length === 0) return undefined;
  const recovered = { ...page, items: missed };
  walk.reread.add(recovered);
  return recovered;
}
