import { nextUrl } from "../next-url.js";
import { PaginationError, unlessPastTheEnd } from "../pagination-error.js";
import type { FetchedPage } from "../walk-options.js";
import { type EdgeRow, rowAtEdge } from "./edge-row.js";
import type { EdgeCheck } from "./page-edge.js";
import type { WalkWatch } from "./walk-watch.js";

/** A step of a walk by next links: the page a link led to, and the row before it. */
export interface Step<T> {
  /** The page the next link led to (no rows, links or counts when it answered 404). */
  readonly page: FetchedPage<T>;
  /** The row before the page, when its edge was checked and could be (see `rowAtEdge`). */
  readonly edge: EdgeRow | undefined;
  /** The page answered 404: it is past the end now (the list shrank under the walk). */
  readonly gone: boolean;
}

/** A step's page fetched, and the read of the row before it when its edge is checked. */
interface Fetched<T> {
  readonly page: FetchedPage<T>;
  readonly edge: Promise<EdgeRow | undefined> | undefined;
}

/** A step begun ahead: the page it goes on from, the URL it fetches, and the step. */
interface Ahead<T> {
  readonly previous: FetchedPage<T>;
  readonly next: string;
  readonly step: Promise<Fetched<T>>;
}

/** Takes the step to the page `next` after `previous` (`seen`: the URLs the walk has been led to). */
type Stepper<T> = (
  previous: FetchedPage<T>,
  next: string,
  seen: ReadonlySet<string>,
) => Promise<Step<T>>;

/**
 * A walk's steps by next links: each fetches the page `next` and, where the walk checks that
 * edge, the row before it (see {@link fetcher}). While that row is read, the page after is
 * fetched; the next step takes it when it goes on from the same page.
 *
 * @param watch - the walk, its row keys and its trust in edge requests
 * @param checkEdges - when the walk checks edges (see `WalkOptions.checkEdges`)
 * @param startPage - the number of the walk's first page (see `startNumber`)
 * @example
 * ```ts
 * const step = stepper(watch, "uncounted", 1);
 * const { page, edge, gone } = await step(first, next, seen);
 * ```
 */
export function stepper<T>(watch: WalkWatch, checkEdges: EdgeCheck, startPage: number): Stepper<T> {
  const fetchStep = fetcher<T>(watch, checkEdges, startPage);
  let ahead: Ahead<T> | undefined;
  return async (previous, next, seen) => {
    const begun = ahead?.previous === previous && ahead.next === next ? ahead.step : undefined;
    ahead = undefined;
    const fetched = await unlessPastTheEnd(begun ?? fetchStep(previous, next));
    // A page now past the end (a 404: the list shrank under the walk): no rows, no links.
    if (fetched === undefined) return { page: goneAt<T>(next), edge: undefined, gone: true };
    // Where edges are checked, the page after is fetched meanwhile (its own edge read once it is in).
    if (fetched.edge !== undefined) ahead = stepAhead(watch, fetchStep, fetched.page, seen);
    return { page: fetched.page, edge: await fetched.edge, gone: false };
  };
}

/**
 * Fetches the page `next` after `previous`, then at once, where the walk checks that edge, the
 * row before it: a move before the page shows there whenever it happened, and the window in
 * which a move can undo itself unseen is one request long. Never where pages are numbered from
 * 0 (the row before page `p` is not at page `p × size` there).
 */
function fetcher<T>(
  watch: WalkWatch,
  checkEdges: EdgeCheck,
  startPage: number,
): (previous: FetchedPage<T>, next: string) => Promise<Fetched<T>> {
  const checks = checkEdges !== "never" && startPage >= 1;
  const wanted = (read: FetchedPage<T>) =>
    checks && (checkEdges === "always" || read.count === undefined);
  return async (previous, next) => {
    const page = await watch.walk.fetchPage<T>(next);
    // A count that moved says rows came or went, not where: the edge tells whether any went
    // before the page (reading the pages back only then; rows added after it move nothing read).
    const recounted = checks && page.count !== previous.count;
    const check = wanted(previous) || wanted(page) || recounted;
    return { page, edge: check ? rowAtEdge(watch, previous, next) : undefined };
  };
}

/** The step after `page`, begun now (observed at once: it may never be awaited). */
function stepAhead<T>(
  watch: WalkWatch,
  fetchStep: (previous: FetchedPage<T>, next: string) => Promise<Fetched<T>>,
  page: FetchedPage<T>,
  seen: ReadonlySet<string>,
): Ahead<T> | undefined {
  const after = linkOnwards(watch, page);
  if (after === undefined || seen.has(after) || page.items.length === 0) return undefined;
  const step = fetchStep(page, after);
  step.catch(() => undefined);
  return { previous: page, next: after, step };
}

/**
 * The page's next link, or undefined when it asks for another order: the walk fetches nothing
 * ahead in that order, and ends when it goes on by that link (see `keepSort`).
 */
function linkOnwards<T>(watch: WalkWatch, page: FetchedPage<T>): string | undefined {
  try {
    return nextUrl(watch.walk, page);
  } catch (error) {
    if (error instanceof PaginationError) return undefined;
    throw error;
  }
}

/** The page `next` led to when it answered 404 past the end: no rows, links, or counts. */
function goneAt<T>(next: string): FetchedPage<T> {
  return {
    url: next,
    items: [],
    headers: new Headers(),
    count: undefined,
    page: undefined,
    pageTotal: undefined,
    countAtLeast: undefined,
    countEstimate: undefined,
  };
}
