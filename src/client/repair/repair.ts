import type { Walk } from "../walk-context.js";
import type { FetchedPage, WalkOptions } from "../walk-options.js";
import { madeUpFor } from "./make-up.js";
import { type Step, stepper } from "./next-step.js";
import { startNumber } from "./page-number.js";
import { readRows } from "./read-rows.js";
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
  return {
    noteRead: (page) => read.remember(page.items),
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
      // Every row the page holds (a repeat too, so a row pushed on from page to page stays known).
      read.remember(made.from.items);
      return { served: made.served, from: made.from, showsMove: made.showsMove };
    },
  };
}
