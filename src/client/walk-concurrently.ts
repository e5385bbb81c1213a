import { followNextLinks } from "./follow-next-links.js";
import { unlessPastTheEnd } from "./pagination-error.js";
import { startNumber } from "./repair/page-number.js";
import type { Repair } from "./repair/repair.js";
import type { Walk } from "./walk-context.js";
import type { FetchedPage } from "./walk-options.js";

/**
 * The pages after `first` that its `X-Pagination-PageTotal` announces, `concurrency` at a time,
 * in order, each reported and yielded; then on by next links from the last one that fitted (the
 * list grew, or changed: a page past the end, or with another count or page number than asked
 * for, stops the launching). `repair` is told the rows read, and a page that did not fit.
 *
 * @param walk - the walk
 * @param repair - the walk's repair (see `createRepair`)
 * @param first - the walk's first page, with `X-Pagination-PageTotal` and `-Count`
 */
export async function* walkConcurrently<T>(
  walk: Walk,
  repair: Repair<T>,
  first: FetchedPage<T>,
): AsyncGenerator<FetchedPage<T>> {
  const firstNumber = startNumber(walk, first);
  // The last page's number: the page total, less one where pages are numbered from 0.
  const total = (first.pageTotal ?? 0) - (firstNumber === 0 ? 1 : 0);
  const inFlight: { readonly number: number; readonly page: Promise<FetchedPage<T>> }[] = [];
  let launched = firstNumber + 1;
  const launch = () => {
    const url = new URL(walk.startUrl);
    const number = launched++;
    url.searchParams.set(walk.pageParam, String(number));
    const page = walk.fetchPage<T>(url.href);
    // Observed at once: a later page failing while an earlier one loads is reported in order,
    // never as an unhandled rejection.
    page.catch(() => undefined);
    inFlight.push({ number, page });
  };
  while (launched <= total && inFlight.length < walk.concurrency) launch();
  repair.noteRead(first);
  let last = first;
  while (inFlight.length > 0) {
    const { number, page: pending } = inFlight.shift() as (typeof inFlight)[number];
    const page = await unlessPastTheEnd(pending);
    // The list changed under the walk (a page past the end now, another count or none, or
    // another page served for this one): the pages fetched at once no longer fit together. Drop
    // them and go on by next links from the last page that did, which make up for what moved.
    if (page === undefined || !fits(first, page, number)) {
      repair.noteMove();
      break;
    }
    if (launched <= total) launch();
    repair.noteRead(page);
    last = page;
    walk.notePage(page);
    yield page;
  }
  // The list grew or changed during the walk: go on by the last good page's next links.
  yield* followNextLinks(walk, repair, last);
}

/** Whether `page` is page `number` of the list `first` began: its number, and the same count. */
function fits<T>(first: FetchedPage<T>, page: FetchedPage<T>, number: number): boolean {
  const sameNumber = page.page === undefined || page.page === number;
  return sameNumber && (first.count === undefined || page.count === first.count);
}
