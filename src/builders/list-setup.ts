import type { CursorQuery } from "../cursor/cursor-query.js";
import { assertKnownNames } from "../option-checks.js";
import type { CountValue } from "../page/count-value.js";
import type { PageSlice } from "../page/paginate.js";
import type { SortTerm } from "../sort/sort-order.js";
import { boundValue } from "../sql/bound-value.js";
import type { CheckedCount, CountQuery } from "../sql/count-strategy.js";
import { rethrowFault } from "../sql/database-fault.js";
import type { Dialect } from "../sql/dialect.js";
import type { KeysetCursor } from "../sql/keyset-condition.js";
import { type KeysetPlan, keysetPlan } from "../sql/keyset-plan.js";
import { assertDistinctSortValues } from "../sql/repeated-sort-values.js";
import { plannerDialect } from "../sql/statement-setting.js";
import type { Integration, ListResult } from "./contract.js";
import { sortTerms } from "./sort-terms.js";
import { takeSortValues, type ValuedRows } from "./sort-values.js";

/** A page list's page over the user's query: its rows' function and its count query. */
export interface QueryPage<O> {
  /** The rows of a slice, in the request's order. */
  readonly items: (slice: PageSlice) => Promise<O[]>;
  /** The query's count, as a count strategy asks for it. */
  readonly count: (query: CountQuery) => Promise<CountValue>;
}

/**
 * A page list's {@link Integration}: for each request, the order (a TypeError without one), the
 * page the integration writes over the user's query, and the count its strategy gives (none:
 * a countless page; a cap or an estimate read beside one row more than the page). A database's
 * fault in its rows or its count is the 503 problem (`databaseFault`), never a 500.
 *
 * @param name - the integration's function (`kyselyPages`), named in its errors
 * @param count - the checked count strategy
 * @param page - the page of a request's context, in its order's terms
 * @example
 * ```ts
 * return pageIntegration("kyselyPages", countStrategy(options.count, dialect), (context, terms) => page);
 * ```
 */
export function pageIntegration<X, O>(
  name: string,
  count: CheckedCount<X>,
  page: (context: X, terms: readonly SortTerm[]) => QueryPage<O>,
): Integration<X, ListResult<O>> {
  const handle = (context: X): ListResult<O> => {
    const query = page(context, sortTerms(context as object, name));
    const items = (slice: PageSlice) => query.items(slice).catch(rethrowFault);
    if (count.kind === "none") return { items };
    if (count.kind === "of")
      return { items, count: () => count.of(context) as CountValue | PromiseLike<CountValue> };
    const run = () => query.count(count.query).catch(rethrowFault);
    if (count.whenNeeded) return { items, count: { whenNeeded: run } };
    // A cap or an estimate: one row more than the page, read beside it, says whether another follows.
    if (count.query === "exact") return { items, count: run };
    return { items, count: run, countMayBeInexact: true };
  };
  return { name, needs: { sort: true }, handle };
}

/** Where a cursor page lies, as an integration writes its keyset query. */
export interface KeysetRequest {
  readonly terms: readonly SortTerm[];
  /** The dialect's plan: predicate, order, union of ranges and lead. */
  readonly plan: KeysetPlan<SortTerm>;
  /** The cursor's value at a place of the order, bound as the dialect compares it. */
  readonly value: (place: number) => unknown;
  readonly cursor: CursorQuery;
  /** The cursor's side and NULLs as the plan was made for them; `undefined` on a first page. */
  readonly side: KeysetCursor | undefined;
}

/** A cursor page's rows as read, and how a term's value is read off a row. */
export interface KeysetRows {
  readonly rows: readonly object[];
  readonly read: (row: Record<string, unknown>, place: number) => unknown;
  /** What becomes of each row answered once its values are read (a raw value mapped). */
  readonly finish?: ((row: Record<string, unknown>) => void) | undefined;
}

/**
 * A cursor list's {@link Integration}: for each request, the order and the {@link KeysetRequest}
 * (the dialect's plan, the cursor's bound values), the rows the integration reads for it, checked
 * for two of the same sort values (a join to many's repeated tie-breaker would lose rows), and
 * answered as `{ items, values }`: the rows as the user selected them, each row's sort values
 * at the database's precision beside them. A database's fault is the 503 problem (`databaseFault`).
 *
 * @param name - the integration's function (`kyselyCursorPages`), named in its errors
 * @param dialect - the database's dialect
 * @param page - the rows of a request's keyset query, and how a term's value is read off them
 * @example
 * ```ts
 * return cursorIntegration("kyselyCursorPages", dialect, async (context, keyset) => ({ rows, read }));
 * ```
 */
export function cursorIntegration<X extends { readonly cursor: CursorQuery }, O>(
  name: string,
  dialect: Dialect,
  page: (context: X, keyset: KeysetRequest) => Promise<KeysetRows>,
): Integration<X, Promise<ValuedRows<O>>> {
  const handle = async (context: X) => {
    const terms = sortTerms(context as { readonly sort?: unknown }, name);
    const { cursor } = context;
    const values = cursor.values;
    const side =
      values === undefined
        ? undefined
        : { backward: cursor.side === "before", nulls: values.map((v) => v === null) };
    const plan = keysetPlan(terms, side, dialect);
    const value = (place: number) =>
      boundValue(dialect, (terms[place] as SortTerm).type, values?.[place] ?? null);
    const keyset = { terms, plan, value, cursor, side };
    const { rows, read, finish } = await page(context, keyset).catch(rethrowFault);
    assertDistinctSortValues(rows as Record<string, unknown>[], terms, read);
    const answered = takeSortValues(rows as Record<string, unknown>[], terms, read);
    if (finish !== undefined) answered.items.forEach(finish);
    return answered as ValuedRows<O>;
  };
  return { name, needs: { sort: true }, handle };
}

/**
 * A cursor integration's dialect from its options, checked when the list is defined: a name it
 * does not know refused, the dialect named or read from the database, its planner setting off
 * with `plannerSetting: false`.
 *
 * @param name - the integration's function (`kyselyCursorPages`), named in its errors
 * @param options - the options given
 * @param known - the options it takes besides `dialect` and `plannerSetting`
 * @param dialectOf - the dialect named (`undefined`: read from the database)
 * @throws {TypeError} for a misused option
 * @example
 * ```ts
 * const dialect = cursorDialect("drizzleCursorPages", options, {}, (named) => drizzleDialect(db, named));
 * ```
 */
export function cursorDialect(
  name: string,
  options: object,
  known: Readonly<Record<string, true>>,
  dialectOf: (named: unknown) => Dialect,
): Dialect {
  assertKnownNames(`${name} option`, options, { dialect: true, ...known, plannerSetting: true });
  const { dialect, plannerSetting } = options as { dialect?: unknown; plannerSetting?: unknown };
  return plannerDialect(dialectOf(dialect), plannerSetting, name);
}
