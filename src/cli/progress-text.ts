/**
 * The words of `walk`'s progress, shared by the bar and the plain lines: pages and items of their
 * totals when the list counts them, the rate, and the time left.
 */

/**
 * Where a walk is: counted from its pages, of the totals of what it covers (the list's, from the
 * page it began at: see `walkSpan`).
 */
export interface ProgressFigures {
  readonly pages: number;
  readonly items: number;
  /** The pages the walk covers (`X-Pagination-PageTotal` from its first page), when sent. */
  readonly pageTotal: number | undefined;
  /** The items on them (from `X-Pagination-Count`), when sent. */
  readonly count: number | undefined;
  /** The list's page the walk began at, when it went on `--from` a page after the first. */
  readonly fromPage?: number;
  /** Since the walk began, in ms. */
  readonly elapsedMs: number;
  /** What the walk waits for now (see `waitText`), said in place of the time left. */
  readonly waiting?: string;
}

/**
 * The progress as words: `3/12 pages, 60/240 items, 150 items/s, about 2 s left`; without totals
 * (a countless or cursor list) `3 pages, 60 items, 150 items/s`; a walk that went on from page 10
 * of 12 `3/3 pages from page 10, 60/60 items, 150 items/s`.
 *
 * @param figures - where the walk is
 * @example
 * ```ts
 * progressText({ pages: 1, items: 20, pageTotal: 6, count: 120, elapsedMs: 1000 });
 * // "1/6 pages, 20/120 items, 20 items/s, about 5 s left"
 * ```
 */
export function progressText(figures: ProgressFigures): string {
  const { pages, items, pageTotal, count, elapsedMs, fromPage } = figures;
  const rate = elapsedMs > 0 ? (items * 1000) / elapsedMs : 0;
  const from = fromPage === undefined ? "" : ` from page ${fromPage}`;
  const parts = [
    pageTotal === undefined ? counted(pages, "page") : `${pages}/${pageTotal} pages${from}`,
    count === undefined ? counted(items, "item") : `${items}/${count} items`,
    `${Math.round(rate)} items/s`,
  ];
  if (figures.waiting !== undefined) parts.push(figures.waiting);
  else if (count !== undefined && rate > 0 && items < count) {
    parts.push(`about ${duration((count - items) / rate)} left`);
  }
  return parts.join(", ");
}

/**
 * A duration in seconds as a person reads it: `12 s`, `3 min 5 s`, `2 h 10 min`.
 *
 * @param seconds - the duration
 * @example
 * ```ts
 * duration(185); // "3 min 5 s"
 * ```
 */
export function duration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/**
 * A count and its noun, singular for one: `1 page`, `3 pages`.
 *
 * @param count - how many
 * @param noun - the noun, singular
 * @example
 * ```ts
 * counted(1, "item"); // "1 item"
 * ```
 */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
