import type { CursorQuery } from "../../../src/cursor/cursor-query.js";

/** A cursor page as an integration answers it: the rows, and each row's sort values by index. */
export interface ValuedPage<T> {
  readonly items: T[];
  readonly values: unknown[][];
}

/**
 * A cursor integration's page for a cursor, in an order: its handler's answer for a context of
 * the order and the cursor alone (the query functions of these tests read nothing else).
 *
 * @param handler - what `drizzleCursorPages` returns
 * @param sort - the request's order
 */
export function cursorPageOf<T = Record<string, unknown>>(
  handler: { readonly handle: (context: never) => unknown },
  sort: unknown,
): (cursor: Partial<CursorQuery>) => Promise<ValuedPage<T>> {
  return async (cursor) => (await handler.handle({ sort, cursor } as never)) as ValuedPage<T>;
}
