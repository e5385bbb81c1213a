import type { AnyColumn, Kysely, SelectQueryBuilder } from "kysely";
import { assertKnownNames } from "../../option-checks.js";
import { type CheckedCount, type CountStrategy, countStrategy } from "../../sql/count-strategy.js";
import type { DialectName } from "../../sql/dialect.js";
import { dialectColumns } from "../../sql/dialect-columns.js";
import { orderTerms } from "../../sql/order-by.js";
import type { Integration, ListResult, PageListContext, Sorted } from "../contract.js";
import { pageIntegration } from "../list-setup.js";
import { queryCount } from "./count.js";
import { kyselyDialect } from "./dialect.js";
import { orderQuery } from "./order.js";
import { type ColumnRefs, columnRefs, sortRefs } from "./source.js";

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
 * a type error, and a list without it a TypeError when defined. What it returns is the list's
 * `handler`: an {@link Integration}, which `list()` reads when the list is defined.
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
): Integration<Sorted<C, NoInfer<QueryColumns<QDB, TB, R>>>, ListResult<O>> {
  assertKnownNames("kyselyPages option", options, { count: true, dialect: true, columns: true });
  const dialect = kyselyDialect(db, options.dialect);
  const count = countStrategy<C>(options.count, dialect);
  const columns = columnRefs(options.columns);
  type X = Sorted<C, NoInfer<QueryColumns<QDB, TB, R>>>;
  return pageIntegration<X, O>("kyselyPages", count as CheckedCount<unknown>, (context, sorted) => {
    const base = query(context as unknown as C);
    const terms = orderTerms(dialectColumns(sorted, dialect), dialect);
    const refs = sortRefs(base, sorted, columns);
    const ordered = orderQuery(base, terms, (place) => refs[place] as string);
    return {
      // Page 1 has no OFFSET to write (a parameter less to build and bind).
      items: ({ offset, limit }) =>
        (offset === 0
          ? ordered.limit(limit)
          : ordered.limit(limit).offset(offset)
        ).execute() as Promise<O[]>,
      count: (strategy) => queryCount(db, base, strategy, dialect),
    };
  });
}
