/**
 * The totals a list last counted exactly, by what filters it (path parameters, the request's own
 * parameters, the API version): what tells pagewise that a page past page 1 is in range before
 * its count comes back, so its rows are asked for beside the count rather than after it. Only the
 * order of two queries depends on it, never an answer: a total gone stale costs at most the rows
 * query of a page past the end, which is what every such page cost before.
 */

/** A list's total for one request's filters: the last one counted, and a way to keep a new one. */
export interface ListTotal {
  /** The total last counted exactly for these filters; `undefined` when none is known. */
  readonly known: number | undefined;
  /** Keeps an exact total counted (or told by a short page) for these filters. */
  keep(total: number): void;
}

/** The filters kept per list, the oldest forgotten first beyond this. */
export const MOST_TOTALS_KEPT = 256;
/** Filters longer than this (as JSON) are not kept: a page past page 1 then waits for its count. */
export const LONGEST_FILTERS_KEPT = 1024;

const totals = new WeakMap<object, Map<string, number>>();

/**
 * The total of `list` for `filters`, kept in memory with the list (at most
 * {@link MOST_TOTALS_KEPT} filters each, the oldest forgotten first).
 *
 * @param list - the list's definition (its totals go with it)
 * @param filters - what filters its rows in a request: path parameters, own parameters, version
 * @returns the known total and `keep`; none known for filters that JSON cannot write (a bigint)
 *   or longer than {@link LONGEST_FILTERS_KEPT}, and such are never kept
 * @example
 * ```ts
 * const total = listTotal(definition, [request.pathParams, own, version]);
 * if (total.known !== undefined && offset < total.known) { ... } // the page holds rows
 * ```
 */
export function listTotal(list: object, filters: unknown): ListTotal {
  const key = keyOf(filters);
  if (key === undefined) return { known: undefined, keep: () => undefined };
  let kept = totals.get(list);
  if (kept === undefined) {
    kept = new Map();
    totals.set(list, kept);
  }
  const map = kept;
  return {
    known: map.get(key),
    keep: (total) => {
      map.delete(key); // kept again as the newest
      map.set(key, total);
      if (map.size > MOST_TOTALS_KEPT) map.delete(map.keys().next().value as string);
    },
  };
}

function keyOf(filters: unknown): string | undefined {
  if (textLength(filters, 0) > LONGEST_FILTERS_KEPT) return undefined; // no JSON written for it
  try {
    const key = JSON.stringify(filters);
    return key !== undefined && key.length <= LONGEST_FILTERS_KEPT ? key : undefined;
  } catch {
    return undefined; // a bigint, a cycle: not kept
  }
}

/**
 * The length of the text in plain values (strings and member names, to a few levels deep), which
 * their JSON is at least as long as: stops counting once past {@link LONGEST_FILTERS_KEPT}, so
 * a long parameter is never written as JSON only to be thrown away.
 */
function textLength(value: unknown, depth: number): number {
  if (typeof value === "string") return value.length;
  if (typeof value !== "object" || value === null || depth > 3) return 0;
  let length = 0;
  for (const [name, member] of Object.entries(value)) {
    length += (Array.isArray(value) ? 0 : name.length) + textLength(member, depth + 1);
    if (length > LONGEST_FILTERS_KEPT) break;
  }
  return length;
}
