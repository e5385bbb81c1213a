import type { Kysely, SelectQueryBuilder } from "kysely";
import type { PathParams } from "../http/path-pattern.js";
import { assertKnownNames } from "../option-checks.js";
import type { CountValue } from "../pagination/count-value.js";
import type { PageSlice } from "../pagination/paginate.js";
import type { SortOrder, SortTerm } from "../pagination/sort-order.js";
import type { ListContext, ListResult } from "../resource/methods.js";
import { type CheckedCount, type CountStrategy, countStrategy } from "../sql/count-strategy.js";
import type { Dialect, DialectName } from "../sql/dialect.js";
import { dialectColumns } from "../sql/dialect-columns.js";
import { orderTerms } from "../sql/order-by.js";
import { type ColumnRefs, columnRef, columnRefs } from "./column-refs.js";
import { queryCount } from "./count-query.js";
import { kyselyDialect } from "./kysely-dialect.js";
import { orderQuery } from "./order-query.js";

/**
 * A page list handler's context, as the query function receives it unless annotated: TypeScript
 * cannot carry the list's own context type (its schema's parameters, its sort fields) into a
 * function called inside the definition, so `params` is `unknown` here; annotate the query
 * function's parameter (`PageListContext & { path: { owner: string } }`, or the list's
 * `ListContext<…>`) for more.
 */
export type PageListContext = ListContext<unknown, unknown, PathParams, SortOrder | undefined>;

/** The options of {@link kyselyPages}. */
export interface KyselyPagesOptions<C> {
  /**
   * How the list counts its rows ({@link CountStrategy}): `"exact"`, `{ cap: n }`, `"estimate"`,
   * `{ whenNeeded: … }`, `{ of: (context) => n }` or `"none"`.
   *
   * @default "exact"
   */
  readonly count?: CountStrategy<C>;
  /** The database's dialect; read from the instance's SQL when not given. */
  readonly dialect?: DialectName;
  /**
   * The reference of a sort column the query's joins make ambiguous: `{ created_at: "p.created_at" }`.
   *
   * @default {}
   */
  readonly columns?: ColumnRefs;
}

/**
 * A page list's handler (for `list()`) over a Kysely query: the user's own select query (joins,
 * filters, columns as written), ordered by the request's `sort` (the tie-breaker last), sliced by
 * `LIMIT`/`OFFSET`, and counted by the `count` strategy. The list must offer `sort`: a list
 * without it has no order to page by, and its first request is a TypeError.
 *
 * @param db - the Kysely instance
 * @param query - the list's query for a request, without ORDER BY, LIMIT or OFFSET
 * @param options - `count`, `dialect` and `columns` ({@link KyselyPagesOptions})
 * @throws {TypeError} or {@link RangeError} for a misused option, when the list is defined
 * @example
 * ```ts
 * list({
 *   sort: { fields: { name: true }, tieBreaker: "id", default: "name" },
 *   handler: kyselyPages(db, ({ path }) => db.selectFrom("packages").selectAll().where("owner", "=", path.owner), {
 *     count: { cap: 10_000 },
 *   }),
 * });
 * ```
 */
export function kyselyPages<
  DB,
  QDB,
  TB extends keyof QDB,
  O,
  C extends PageListContext = PageListContext,
>(
  db: Kysely<DB>,
  query: (context: C) => SelectQueryBuilder<QDB, TB, O>,
  options: KyselyPagesOptions<NoInfer<C>> = {},
): (context: C) => ListResult<O> {
  assertKnownNames("kyselyPages options", options, { count: true, dialect: true, columns: true });
  const dialect = kyselyDialect(db, options.dialect);
  const count = countStrategy<C>(options.count, dialect);
  const columns = columnRefs(options.columns);
  return (context) => {
    const base = query(context);
    const ordered = orderedBy(base, context.sort, dialect, columns);
    const items = ({ offset, limit }: PageSlice) =>
      ordered.limit(limit).offset(offset).execute() as Promise<O[]>;
    return countedPage(db, base, items, count, dialect, context);
  };
}

/** The query in the request's order, NULLs where the order or the dialect puts them. */
function orderedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortOrder | undefined,
  dialect: Dialect,
  columns: ColumnRefs,
): SelectQueryBuilder<DB, TB, O> {
  if (sort === undefined) {
    throw new TypeError(
      "kyselyPages pages a list in the order its request chooses: give the list a sort option ({ fields, tieBreaker, default })",
    );
  }
  const terms = orderTerms(dialectColumns(sort.terms, dialect), dialect);
  return orderQuery(query, terms, (place) => columnRef(sort.terms[place] as SortTerm, columns));
}

/** The page's result: its rows' function and the count the strategy gives (none: countless). */
function countedPage<DB, QDB, TB extends keyof QDB, O, C>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  items: (slice: PageSlice) => Promise<O[]>,
  count: CheckedCount<C>,
  dialect: Dialect,
  context: C,
): ListResult<O> {
  if (count.kind === "none") return { items };
  if (count.kind === "of")
    return { items, count: () => count.of(context) as CountValue | PromiseLike<CountValue> };
  const run = () => queryCount(db, query, count.query, dialect);
  return { items, count: count.whenNeeded ? { whenNeeded: run } : run };
}
