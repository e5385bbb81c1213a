import { type CheckedCount, countStrategy } from "../../sql/count-strategy.js";
import { dialectColumns } from "../../sql/dialect-columns.js";
import { orderTerms } from "../../sql/order-by.js";
import type { Integration, ListResult, PageListContext, Sorted } from "../contract.js";
import { pageIntegration } from "../list-setup.js";
import { countQuery } from "./count.js";
import { drizzleDialect } from "./dialect.js";
import type { DrizzlePagesOptions } from "./options.js";
import { orderedQuery } from "./order.js";
import type { DrizzleDatabase, DrizzleQuery, OutputColumns, RowOf } from "./types.js";

/**
 * A page-mode list handler from the user's own Drizzle select: the rows ordered by the request's
 * `sort` (the tie-breaker last), `LIMIT`/`OFFSET`, and the count the `count` option says. The
 * query is ordered by its output columns' names (as a subquery only for MariaDB's `col IS NULL`
 * terms); its `where`, joins and selection stay as written, and the rows are its rows, typed as
 * the query's.
 *
 * @param db - the Drizzle database
 * @param query - the request's select, from the handler's context (`params`, `path`)
 * @param options - `count` (default `"exact"`) and `dialect` (read from `db` when not given)
 * @throws {TypeError} when defined: a dialect that cannot be read, a count not listed, an estimate
 *   on SQLite; by `list()`, a list without `sort` (what it returns is the list's `handler`, an
 *   {@link Integration} read when the list is defined)
 * @example
 * ```ts
 * list({
 *   sort: { fields: { name: true, created_at: { type: "timestamp" } }, tieBreaker: "id" },
 *   handler: drizzlePages(db, ({ path }) => db.select().from(packages).where(eq(packages.owner, path.owner)), { count: { cap: 10_000 } }),
 * });
 * ```
 */
export function drizzlePages<Q extends DrizzleQuery, C extends object = PageListContext>(
  db: DrizzleDatabase,
  query: (context: C) => Q,
  options: DrizzlePagesOptions<NoInfer<C>> = {},
): Integration<Sorted<C, NoInfer<OutputColumns<Q>>>, ListResult<RowOf<Q>>> {
  const dialect = drizzleDialect(db, options.dialect);
  const strategy = countStrategy<C>(options.count, dialect) as CheckedCount<unknown>;
  type X = Sorted<C, NoInfer<OutputColumns<Q>>>;
  return pageIntegration<X, RowOf<Q>>("drizzlePages", strategy, (context, sorted) => {
    const make = () => query(context as unknown as C);
    const terms = dialectColumns(sorted, dialect);
    const order = orderTerms(terms, dialect);
    // The first page's select, built before any SQL runs: a join whose select does not say which
    // column a sort column is refuses the request before its count does.
    let unused: ReturnType<typeof orderedQuery> | undefined = orderedQuery(
      db,
      make(),
      terms,
      order,
    );
    return {
      items: async ({ offset, limit }) => {
        const ordered = unused ?? orderedQuery(db, make(), terms, order);
        unused = undefined;
        const page = ordered.limit(limit);
        // Page 1 has no OFFSET to write (a parameter less to build and bind).
        return (await (offset === 0 ? page : page.offset(offset))) as RowOf<Q>[];
      },
      count: (counted) => countQuery(db, make(), counted, dialect),
    };
  });
}
