import type { SortTerm } from "../sort/sort-order.js";
import { sortMissing } from "./contract.js";

/**
 * The request's order an integration's handler receives, or a TypeError naming what is missing:
 * an integration orders its rows by the list's `sort` option (a handler the user wrapped in a
 * function of their own reaches it without one).
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
