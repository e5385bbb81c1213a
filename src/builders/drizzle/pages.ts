import type { PageSlice } from "../../page/paginate.js";
import type { PageListContext } from "../../resource/list-contexts.js";
import { mayBeInexact } from "../contract.js";
import type { ListResult } from "../../resource/methods.js";
import { needsSort, type Sorted } from "../../resource/sorted-handler.js";
import { countStrategy } from "../../sql/count-strategy.js";
import { dialectColumns } from "../../sql/dialect-columns.js";
import { orderTerms } from "../../sql/order-by.js";
import { countQuery } from "./count.js";
import { drizzleDialect } from "./dialect.js";
import type { DrizzlePagesOptions } from "./drizzle-options.js";
import type { DrizzleDatabase, DrizzleQuery, OutputColumns, RowOf } from "./drizzle-types.js";
import { orderedQuery } from "./ordered-query.js";
import { sortTerms } from "./sort-terms.js";

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
 *   on SQLite; by `list()`, a list without `sort`
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
): (context: Sorted<C, NoInfer<OutputColumns<Q>>>) => ListResult<RowOf<Q>> {
  const dialect = drizzleDialect(db, options.dialect);
  const strategy = countStrategy<C>(options.count, dialect);
  return needsSort((context) => {
    const terms = dialectColumns(sortTerms(context, "drizzlePages"), dialect);
    const order = orderTerms(terms, dialect);
    // The first page's select, built before any SQL runs: a join whose select does not say which
    // column a sort column is refuses the request before its count does.
    let unused: ReturnType<typeof orderedQuery> | undefined = orderedQuery(
      db,
      query(context as C),
      terms,
      order,
    );
    const items = async ({ offset, limit }: PageSlice) => {
      const ordered = unused ?? orderedQuery(db, query(context as C), terms, order);
      unused = undefined;
      const page = ordered.limit(limit);
      // Page 1 has no OFFSET to write (a parameter less to build and bind).
      return (await (offset === 0 ? page : page.offset(offset))) as RowOf<Q>[];
    };
    if (strategy.kind === "none") return { items };
    if (strategy.kind === "of") return { count: () => strategy.of(context as C) as never, items };
    const run = () => countQuery(db, query(context as C), strategy.query, dialect);
    if (strategy.whenNeeded) return { count: { whenNeeded: run }, items };
    // A cap or an estimate: one row more than the page, read beside it, says whether another follows.
    return { count: strategy.query === "exact" ? run : mayBeInexact(run), items };
  }, "drizzlePages");
}
