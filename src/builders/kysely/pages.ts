import type { AnyColumn, Kysely, SelectQueryBuilder } from "kysely";
import { assertKnownNames } from "../../option-checks.js";
import type { CountValue } from "../../page/count-value.js";
import type { PageSlice } from "../../page/paginate.js";
import type { SortOrder } from "../../sort/sort-order.js";
import type { PageListContext } from "../../resource/list-contexts.js";
import { mayBeInexact } from "../contract.js";
import type { ListResult } from "../../resource/methods.js";
import { needsSort, type Sorted, sortMissing } from "../../resource/sorted-handler.js";
import { type CheckedCount, type CountStrategy, countStrategy } from "../../sql/count-strategy.js";
import type { Dialect, DialectName } from "../../sql/dialect.js";
import { dialectColumns } from "../../sql/dialect-columns.js";
import { orderTerms } from "../../sql/order-by.js";
import { type ColumnRefs, columnRefs, sortRefs } from "./column-refs.js";
import { queryCount } from "./count.js";
import { kyselyDialect } from "./dialect.js";
import { orderQuery } from "./order.js";

/**
 * The columns a list's `sort` may name for a Kysely query: those of the query's tables (`eb.ref`
 * refers to them) and those the `columns` option maps to a reference.
 *
 * @typeParam QDB - the query's tables
 * @typeParam TB - the tables it selects from
 * @typeParam R - the `columns` option
 */
export type QueryColumns<QDB, TB extends keyof QDB, R> = AnyColumn<QDB, TB> | (keyof R & string);

/** The options of {@link kyselyPages}. */
export interface KyselyPagesOptions<C, R extends ColumnRefs = ColumnRefs> {
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
   * The reference of a sort column the query's joins make ambiguous (or that is the query's
   * own, not a column of its tables): `{ created_at: "p.created_at" }`.
   *
   * @default {}
   */
  readonly columns?: R;
}

/**
 * A page list's handler (for `list()`) over a Kysely query: the user's own select query (joins,
 * filters, columns as written), ordered by the request's `sort` (the tie-breaker last), sliced by
 * `LIMIT`/`OFFSET`, and counted by the `count` strategy. The list must offer `sort`, naming
 * columns of the query's tables (or of `columns`): a list without it, or naming another column, is
 * a type error, and a list without it a TypeError when defined.
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
  C extends object = PageListContext,
  const R extends ColumnRefs = Record<never, string>,
>(
  db: Kysely<DB>,
  query: (context: C) => SelectQueryBuilder<QDB, TB, O>,
  options: KyselyPagesOptions<NoInfer<C>, R> = {},
): (context: Sorted<C, NoInfer<QueryColumns<QDB, TB, R>>>) => ListResult<O> {
  assertKnownNames("kyselyPages options", options, { count: true, dialect: true, columns: true });
  const dialect = kyselyDialect(db, options.dialect);
  const count = countStrategy<C>(options.count, dialect);
  const columns = columnRefs(options.columns);
  return needsSort((context) => {
    const base = query(context as C);
    const ordered = orderedBy(base, context.sort, dialect, columns);
    // Page 1 has no OFFSET to write (a parameter less to build and bind).
    const items = ({ offset, limit }: PageSlice) =>
      (offset === 0
        ? ordered.limit(limit)
        : ordered.limit(limit).offset(offset)
      ).execute() as Promise<O[]>;
    return countedPage(db, base, items, count, dialect, context as C);
  }, "kyselyPages");
}

/** The query in the request's order, NULLs where the order or the dialect puts them. */
function orderedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: SortOrder | undefined,
  dialect: Dialect,
  columns: ColumnRefs,
): SelectQueryBuilder<DB, TB, O> {
  if (sort === undefined) throw sortMissing("kyselyPages");
  const terms = orderTerms(dialectColumns(sort.terms, dialect), dialect);
  const refs = sortRefs(query, sort.terms, columns);
  return orderQuery(query, terms, (place) => refs[place] as string);
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
  if (count.whenNeeded) return { items, count: { whenNeeded: run } };
  // A cap or an estimate: one row more than the page, read beside it, says whether another follows.
  return { items, count: count.query === "exact" ? run : mayBeInexact(run) };
}
