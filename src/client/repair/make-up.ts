import type { FetchedPage } from "../walk-options.js";
import type { EdgeRow } from "./edge-row.js";
import { type EdgeMove, edgeMove } from "./page-edge.js";
import { linkedByNumber } from "./page-number.js";
import type { ReadRows } from "./read-rows.js";
import { pagesBackToKnown } from "./recover-rows.js";
import type { WalkWatch } from "./walk-watch.js";

/** A page come in by a next link, with what the walk knows around it. */
interface Arrival<T> {
  readonly previous: FetchedPage<T>;
  /** The page the next link led to (no rows and no links when it answered 404). */
  readonly page: FetchedPage<T>;
  /** The row before the page, when its edge was checked and could be. */
  readonly edge: EdgeRow | undefined;
  readonly read: ReadRows;
  /**
   * Whether the list moved during the walk before this page: rows read before may stand on any
   * page after (a growth of more than a page pushes them past the next), so each is dropped.
   */
  readonly moved: boolean;
  /** The number of the walk's first page: pages are read again down to it, not below. */
  readonly startPage: number;
  /** The page answered 404 past the end. */
  readonly gone: boolean;
}

/** A page made up for: the rows it serves, and whether the list moved during the walk so far. */
interface MadeUp<T> {
  readonly served: FetchedPage<T>;
  readonly moved: boolean;
  /** The page as the walk goes on from it: the page, or the page read again. */
  readonly from: FetchedPage<T>;
  /** The page showed a move: another row at its edge, or no rows where a next link led. */
  readonly showsMove: boolean;
}

/**
 * Makes up for rows that moved between `previous` and `page`: yields the rows moved back onto
 * pages already read (read again), and returns the page without the rows it repeats.
 *
 * - Another row at the edge, not one read before; a count that changed, without an edge check
 *   (rows may have gone before the page as others came after it); a page with no rows where a
 *   next link led; an edge answered 404 before the server paged by one row (`unsure`): the
 *   pages are read again (see {@link pagesBackToKnown}), where the next link asked for the page
 *   after by number. An `unsure` edge where nothing was found stops the edge checks.
 * - A row read before at the edge: the page repeats rows.
 * - From the first move on, every page drops the rows read. Until then pages are returned as
 *   they are (rows without an id may rightly repeat the same JSON).
 *
 * @param watch - the walk, its row keys and its trust in edge requests (an `unsure` edge where
 *   nothing was found refuses further edge requests)
 * @param arrival - the page come in, the page before it, and what the walk knows
 * @returns the page to serve and go on from, whether the list moved so far, and whether this
 *   page showed the move
 */
export async function* madeUpFor<T>(
  watch: WalkWatch,
  arrival: Arrival<T>,
): AsyncGenerator<FetchedPage<T>, MadeUp<T>> {
  const { previous, page, edge, read } = arrival;
  const move = edgeMoveOf(watch, previous, edge, read);
  // No rows where a next link led, from a server that links on only while rows follow (one that
  // sends the spec's X-Pagination-Page or a count, or answered 404 past the end): rows went. A
  // server without them may link on from a full last page.
  const said = arrival.gone || previous.page !== undefined || previous.count !== undefined;
  const empty = page.items.length === 0 && said;
  const counted =
    previous.count !== undefined && page.count !== undefined && page.count !== previous.count;
  const unsure = edge?.unsure === true;
  if (!arrival.moved && !counted && !empty && !unsure && (move === undefined || move === "held")) {
    return { served: page, moved: false, from: page, showsMove: false };
  }
  let from = page;
  let found = false;
  const last = linkedByNumber(watch.walk.pageParam, previous, page.url);
  // A count that fell: rows went, perhaps before the page, whatever its edge says a round trip
  // later (rows created meanwhile can make it look held or grown); one that rose and an edge
  // that held or grew: rows came, and none of those read moved back.
  const fell = counted && (page.count as number) < (previous.count as number);
  const reread = move === "shrank" || fell || (move === undefined && (counted || empty || unsure));
  if (reread && last !== undefined) {
    const back = { last, lowest: arrival.startPage };
    const again = yield* remembered(pagesBackToKnown(watch, back, page, read), read);
    if (again.after !== undefined && !sameRows(watch, again.after, page)) from = again.after;
    found = again.found || from !== page;
  }
  if (unsure && !found) watch.edgeTrust.refused = true; // the server does not page by one row
  const showsMove = move === "grew" || move === "shrank" || empty || (unsure && found);
  const moved = arrival.moved || counted || showsMove;
  if (!moved) return { served: from, moved, from, showsMove };
  const items = from.items.filter((item) => !read.has(watch.keyOf(item)));
  const served = items.length === from.items.length ? from : { ...from, items };
  return { served, moved, from, showsMove };
}

/** Whether two reads of a page hold the same rows (by key), in the same order. */
function sameRows<T>(watch: WalkWatch, one: FetchedPage<T>, other: FetchedPage<T>): boolean {
  const { items } = other;
  return (
    one.items.length === items.length &&
    one.items.every((item, i) => watch.keyOf(item) === watch.keyOf(items[i]))
  );
}

/** The pages `pages` yields, their rows remembered as read; then what it returns. */
async function* remembered<T, R>(
  pages: AsyncGenerator<FetchedPage<T>, R>,
  read: ReadRows,
): AsyncGenerator<FetchedPage<T>, R> {
  for (;;) {
    const next = await pages.next();
    if (next.done) return next.value;
    read.remember(next.value.items);
    yield next.value;
  }
}

/**
 * How rows moved past the edge before a page, from the row standing there now (see
 * {@link edgeMove}); undefined when the edge was not checked, or its 404 was `unsure`.
 */
function edgeMoveOf<T>(
  watch: WalkWatch,
  previous: FetchedPage<T>,
  edge: EdgeRow | undefined,
  read: ReadRows,
): EdgeMove | undefined {
  if (edge === undefined || edge.unsure) return undefined;
  return edgeMove(watch.keyOf(previous.items.at(-1)), edge.key, (key) => read.has(key));
}
