/**
 * A keyset page whose plan is a union of index ranges, read lead first: the branch nearest the
 * cursor (`KeysetPlan.lead`) alone, one index range; its rows are the page whenever they fill it
 * (they come before every row of the other branches), and only a short lead runs the whole union.
 * Either way the page is the rows of one statement, so it is as exact as the union alone: a
 * short lead's rows are dropped, never merged with the union's, which reads them again in its own
 * snapshot.
 *
 * @param lead - runs the lead's statement (at most `limit` rows)
 * @param whole - runs the whole union's statement (at most `limit` rows)
 * @param limit - the rows a full page holds
 * @returns the page's rows
 * @example
 * ```ts
 * const rows = await leadFirst(() => leadQuery.execute(), () => unionQuery.execute(), 31);
 * ```
 */
export async function leadFirst<T>(
  lead: () => PromiseLike<T[]>,
  whole: () => PromiseLike<T[]>,
  limit: number,
): Promise<T[]> {
  const near = await lead();
  return near.length >= limit ? near : whole();
}
