import { readDigits } from "../../params/whole-number.js";
import type { Walk } from "../walk-context.js";
import type { FetchedPage, WalkOptions } from "../walk-options.js";
import { madeUpFor } from "./make-up.js";
import { type Step, stepper } from "./next-step.js";
import { startNumber } from "./page-number.js";
import { type KnownRows, readRows } from "./read-rows.js";
import { rowKeyOf } from "./row-key.js";
import type { WalkWatch } from "./walk-watch.js";

/** A page come in by a next link, made up for: what the walk serves, and goes on from. */
interface Arrived<T> {
  /** The page to yield in its turn: the rows not served before, once the list moved. */
  readonly served: FetchedPage<T>;
  /** The page the walk goes on from (its next link): the page, or the page read again. */
  readonly from: FetchedPage<T>;
  /** The page showed a move (another row at its edge, or no rows where a next link led). */
  readonly showsMove: boolean;
  /**
   * The page holds rows and every one was read before, under a page number read before: its next
   * link led round to rows the walk has (see {@link repeatsRows}).
   */
  readonly repeats: boolean;
}

/**
 * What keeps a walk whole while its list changes under it, in one place: the points at which
 * the walks (by next links, concurrent) hand it their pages. A walk over a list that holds still
 * goes through it unchanged: each step fetches the page, each arrival serves it as it is.
 */
export interface Repair<T> {
  /** Notes the rows of a page read: the page a walk by next links goes on from, a concurrent page. */
  noteRead(page: FetchedPage<T>): void;
  /** Notes that the list moved before the walk went on by next links (a concurrent page misfit). */
  noteMove(): void;
  /**
   * Fetches the page `next` after `previous` (see `stepper`): where the walk checks that edge,
   * with the row before it, and the page after begun meanwhile. A 404 is a page gone.
   */
  step(previous: FetchedPage<T>, next: string, seen: ReadonlySet<string>): Promise<Step<T>>;
  /**
   * Makes up for rows that moved between `previous` and the step's page (see `madeUpFor`):
   * yields the pages read again (rows moved back onto pages read; not steps onwards: no progress,
   * no news), notes the rows read, and returns the page to serve and go on from; undefined when
   * the page is past the end still (the move reported): the walk ends.
   */
  arrive(
    previous: FetchedPage<T>,
    step: Step<T>,
  ): AsyncGenerator<FetchedPage<T>, Arrived<T> | undefined>;
}

/**
 * The repair of one walk: the rows it read, whether its list moved, the number of its first
 * page, and what its edge requests showed of the server.
 *
 * @param walk - the walk
 * @param options - the walk's `checkEdges` (default `'uncounted'`) and `rowKey`
 * @param first - the walk's first page
 * @example
 * ```ts
 * const repair = createRepair(walk, options, first);
 * const arrived = yield* repair.arrive(first, await repair.step(first, next, seen));
 * ```
 */
export function createRepair<T>(
  walk: Walk,
  options: Pick<WalkOptions<T>, "checkEdges" | "rowKey">,
  first: FetchedPage<T>,
): Repair<T> {
  const watch: WalkWatch = {
    walk,
    keyOf: rowKeyOf(options.rowKey),
    edgeTrust: { pagesByOne: false, refused: false, failures: 0 },
  };
  const read = readRows(watch.keyOf);
  const startPage = startNumber(walk, first);
  let moved = false;
  // The numbers of the pages read (1 for one that says none), for `repeatsRows`.
  const numbers = new Set<number>();
  const numberOf = (page: FetchedPage<T>) => pageNumber(walk.pageParam, page);
  return {
    noteRead: (page) => {
      read.remember(page.items);
      numbers.add(numberOf(page) ?? 1);
    },
    noteMove: () => {
      moved = true;
    },
    step: stepper<T>(watch, options.checkEdges ?? "uncounted", startPage),
    async *arrive(previous, { page, edge, gone }) {
      const arrival = { previous, page, edge, read, moved, startPage, gone };
      const made = yield* madeUpFor(watch, arrival);
      moved = made.moved;
      if (made.from === page && gone) {
        walk.reportMove(page.url); // past the end still: the walk ends
        return undefined;
      }
      const number = numberOf(made.from);
      const repeats = repeatsRows(watch.keyOf, made.from, number, read, numbers);
      numbers.add(number ?? 1);
      // Every row the page holds (a repeat too, so a row pushed on from page to page stays known).
      read.remember(made.from.items);
      return { served: made.served, from: made.from, showsMove: made.showsMove, repeats };
    },
  };
}

/**
 * Whether `page` holds rows and only rows read before, and says a page number read before
 * (`X-Pagination-Page`, else its URL's page parameter; the walk's first page, saying none, is
 * page 1, as the spec reads an omitted `page`). A page that says no number (an offset, a cursor,
 * a changes feed whose updated rows come again) is never taken for a repeat: only `maxPages`
 * bounds a server that serves known rows under ever new URLs there.
 *
 * @param keyOf - a row's key (see `rowKeyOf`)
 * @param page - the page come in
 * @param number - the number it says (see `pageNumber`)
 * @param read - the rows read before it
 * @param numbers - the numbers of the pages read before it, 1 for a page that says none
 * @example
 * ```ts
 * repeatsRows(rowKeyOf(), { ...page, items: [{ id: 1 }] }, 1, readRowsHolding1, new Set([1])); // true
 * ```
 */
export function repeatsRows<T>(
  keyOf: (item: unknown) => string,
  page: FetchedPage<T>,
  number: number | undefined,
  read: KnownRows,
  numbers: ReadonlySet<number>,
): boolean {
  const keys = page.items.map(keyOf);
  if (keys.length === 0 || !keys.every((key) => read.has(key))) return false;
  return number !== undefined && numbers.has(number);
}

/** The number a page says: its `X-Pagination-Page`, else its URL's page parameter, if any. */
function pageNumber<T>(pageParam: string, page: FetchedPage<T>): number | undefined {
  return page.page ?? readDigits(new URL(page.url).searchParams.get(pageParam));
}
