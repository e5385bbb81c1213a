import type { SortTerm } from "../../sort/sort-order.js";
import { sortMissing } from "../../resource/sorted-handler.js";

/**
 * The request's order a list handler receives, or a TypeError naming what is missing: a Drizzle
 * list orders its rows by the list's `sort` option.
 *
 * @param context - the handler's context
 * @param integration - the function's name, for the message
 * @throws {TypeError} for a list defined without `sort`
 * @example
 * ```ts
 * sortTerms({ sort }, "drizzlePages"); // sort.terms
 * ```
 */
export function sortTerms(
  context: { readonly sort?: unknown },
  integration: string,
): readonly SortTerm[] {
  const terms = (context.sort as { terms?: readonly SortTerm[] } | undefined)?.terms;
  if (terms === undefined) throw sortMissing(integration);
  return terms;
}
