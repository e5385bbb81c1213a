import { type CheckedCount, type CountStrategy, countStrategy } from "../../sql/count-strategy.js";
import type { DialectName } from "../../sql/dialect.js";
import { dialectColumns } from "../../sql/dialect-columns.js";
import { orderTerms } from "../../sql/order-by.js";
import type { Integration, ListResult, PageListContext, Sorted } from "../contract.js";
import { pageIntegration } from "../list-setup.js";
import { prismaCount } from "./count.js";
import { prismaOrderBy } from "./order.js";
import { prismaSetup } from "./setup.js";
import { queryArgs } from "./source.js";
import type { PrismaColumns, PrismaDelegate, PrismaQuery, PrismaRow } from "./types.js";

/**
 * The count option, refused when it asks for an estimate: Prisma runs no query whose plan a list
 * can read (no EXPLAIN of the user's `where`).
 */
function countWithoutEstimate(count: unknown): unknown {
  const asked =
    typeof count === "object" && count !== null && "whenNeeded" in count ? count.whenNeeded : count;
  if (asked !== "estimate") return count;
  throw new TypeError(
    'prismaPages count "estimate": Prisma runs no query whose plan pagewise can read; give "exact", { cap: n }, { whenNeeded: … }, { of } or "none"',
  );
}

/** The options of {@link prismaPages}. */
export interface PrismaPagesOptions<C> {
  /**
   * How the list counts its rows ({@link CountStrategy}): `"exact"` (`count({ where })`),
   * `{ cap: n }`, `{ whenNeeded: … }`, `{ of: (context) => n }` or `"none"`. Prisma writes no
   * query a list can read an estimate of: `"estimate"` is a TypeError.
   *
   * @default "exact"
   */
  readonly count?: Exclude<CountStrategy<C>, "estimate" | { readonly whenNeeded: "estimate" }>;
  /** The database's dialect (where it puts NULLs); read from the client's provider when not given. */
  readonly dialect?: DialectName;
}

/**
 * A page list's handler (for `list()`) over a Prisma model: the user's `findMany` args for a
 * request (`where`, `select`, `include`, `omit`), ordered by the request's `sort` (the
 * tie-breaker last), sliced by `skip`/`take`, and counted by the `count` strategy with the args'
 * `where`. The list must offer `sort`, naming the model's scalar fields: naming another is a type
 * error, a list without it a TypeError when defined.
 *
 * @param delegate - the model's delegate (`prisma.package`)
 * @param query - the request's `findMany` args (or a promise of them), without `orderBy`,
 *   `cursor`, `take`, `skip`, `distinct`
 * @param options - `count` and `dialect` ({@link PrismaPagesOptions})
 * @throws {TypeError} or {@link RangeError} for a misused option, when the list is defined
 * @example
 * ```ts
 * list({
 *   sort: { fields: { name: true }, tieBreaker: "id", default: "name" },
 *   handler: prismaPages(prisma.package, ({ path }) => ({ where: { owner: path.owner } }), {
 *     count: { cap: 10_000 },
 *   }),
 * });
 * ```
 */
export function prismaPages<
  D extends PrismaDelegate,
  A extends PrismaQuery<D>,
  C extends object = PageListContext,
>(
  delegate: D,
  query: (context: C) => A | PromiseLike<A>,
  options: PrismaPagesOptions<NoInfer<C>> = {},
): Integration<Sorted<C, NoInfer<PrismaColumns<D>>>, ListResult<PrismaRow<D, A>>> {
  const name = "prismaPages";
  const dialect = prismaSetup(name, delegate, query, options, { count: true, dialect: true });
  const count = countStrategy<C>(countWithoutEstimate(options.count), dialect);
  type X = Sorted<C, NoInfer<PrismaColumns<D>>>;
  return pageIntegration<X, PrismaRow<D, A>>(
    name,
    count as CheckedCount<unknown>,
    (context, sorted) => {
      // The args once a request, asked for by its rows and its count (a function may be async).
      const asked = Promise.resolve()
        .then(() => query(context as unknown as C))
        .then((given) => queryArgs(name, given, []));
      // Handled where it is awaited: a page that asks neither (past the end of a count) leaves it.
      asked.catch(() => {});
      const fields = sorted.map((term) => term.column);
      const orderBy = prismaOrderBy(orderTerms(dialectColumns(sorted, dialect), dialect), fields);
      return {
        // Page 1 has no skip to write.
        items: async ({ offset, limit }) => {
          const { args } = await asked;
          const skip = offset === 0 ? {} : { skip: offset };
          return (await delegate.findMany({ ...args, orderBy, take: limit, ...skip })) as PrismaRow<
            D,
            A
          >[];
        },
        count: async (strategy) =>
          prismaCount(
            delegate,
            (await asked).where,
            strategy as Exclude<typeof strategy, "estimate">,
          ),
      };
    },
  );
}
