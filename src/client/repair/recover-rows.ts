import { PaginationError, unlessPastTheEnd } from "../pagination-error.js";
import type { Walk } from "../walk-context.js";
import type { FetchedPage } from "../walk-options.js";
import { type KnownRows, MAX_ROWS_REMEMBERED } from "./read-rows.js";
import type { WalkWatch } from "./walk-watch.js";

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
 * it) or the walk's first page, yielded in order with only the rows not yielded yet. Pages now
 * past the end are passed over. As many pages as that takes: rows that stayed may have moved
 * back any number of pages (half a list deleted at once), and every one of them is read. A
 * change while they are read shows in the pages after (their counts or edges), as any other.
 *
 * @param watch - the walk and its row keys
 * @param back - the page before the edge, and the lowest page number
 * @param page - the page after it
 * @param known - the keys of the rows read; the rows yielded here are added
 * @returns `page` as read again, for the walk to go on from (undefined when it is past the end),
 *   and whether rows not read before were found
 * @throws {PaginationError} `list_moved_too_far` when more than {@link MAX_ROWS_REMEMBERED} rows
 *   are read back without meeting a row the walk remembers: it can no longer tell the rows it
 *   wrote from those it did not, and would lose or repeat rows if it went on
 */
export async function* pagesBackToKnown<T>(
  watch: WalkWatch,
  back: PagesBack,
  page: FetchedPage<T>,
  known: KnownRows,
): AsyncGenerator<FetchedPage<T>, { after: FetchedPage<T> | undefined; found: boolean }> {
  const reads = await settled(watch.walk, page.url, await readBack(watch, back, page, known));
  let found = false;
  for (const again of reads.filter((read) => read.number <= back.last).reverse()) {
    const missed = unseen(watch, again.page, known);
    if (missed === undefined) continue;
    found = true;
    yield missed;
  }
  return { after: reads.find((read) => read.number > back.last)?.page, found };
}

/** A page read again, and its number. */
interface PageRead<T> {
  readonly number: number;
  readonly page: FetchedPage<T>;
}

/**
 * Reads the page after the edge and the pages back before it until one begins with a known row:
 * the pages read, in the order read (downward; pages past the end left out).
 */
async function readBack<T>(
  watch: WalkWatch,
  back: PagesBack,
  page: FetchedPage<T>,
  known: KnownRows,
): Promise<PageRead<T>[]> {
  const reads: PageRead<T>[] = [];
  let rowsBack = 0;
  for (let number = back.last + 1; number >= back.lowest; number--) {
    const read = await readAgain<T>(watch.walk, page.url, number);
    if (read === undefined) continue;
    reads.push({ number, page: read });
    const first = read.items[0];
    if (first !== undefined && known.has(watch.keyOf(first))) break;
    rowsBack += read.items.length;
    if (rowsBack > MAX_ROWS_REMEMBERED) throw movedTooFar(read.url);
  }
  return reads;
}

/**
 * The pages of a pass as one state of the list, as far as counts tell. Read downward, a pass
 * misses no row that rows deleted meanwhile pull back (onto a page still to be read), but rows
 * created meanwhile push a row from a page read after onto one read before, across the seam: so
 * where a count rose between two reads, the pages read before the last rise are read again, lowest
 * first, where a row pushed on lands on a page still to be read. A list without counts shows no
 * such move.
 */
async function settled<T>(walk: Walk, url: string, reads: PageRead<T>[]): Promise<PageRead<T>[]> {
  const rise = lastRise(reads);
  if (rise < 0) return reads;
  const settledReads = [...reads];
  for (let index = rise; index >= 0; index--) {
    const { number } = reads[index] as PageRead<T>;
    const page = await readAgain<T>(walk, url, number);
    if (page !== undefined) settledReads[index] = { number, page };
    else settledReads.splice(index, 1);
  }
  return settledReads;
}

/** The index of the last read after which a later read's count is higher; -1 for none. */
function lastRise<T>(reads: readonly PageRead<T>[]): number {
  for (let index = reads.length - 2; index >= 0; index--) {
    const before = reads[index]?.page.count;
    const after = reads[index + 1]?.page.count;
    if (before !== undefined && after !== undefined && after > before) return index;
  }
  return -1;
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

/** The error of a walk that read back past the rows it remembers without meeting one. */
function movedTooFar(url: string): PaginationError {
  return new PaginationError(
    "list_moved_too_far",
    `The list lost more than ${MAX_ROWS_REMEMBERED} rows before this page during the walk, more than the walk remembers: walk it again from the start`,
    url,
  );
}
