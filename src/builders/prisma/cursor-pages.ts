import type { SortTerm } from "../../sort/sort-order.js";
import type { Dialect, DialectName } from "../../sql/dialect.js";
import type { CursorListContext, CursorResult, Integration, Sorted } from "../contract.js";
import { cursorIntegration, type KeysetRequest } from "../list-setup.js";
import { exactKeysetRows } from "./exact-keyset.js";
import { type ExactTimestamps, exactTimestamps } from "./exact-timestamps.js";
import { boundForPrisma, sortValue } from "./exact-values.js";
import { type KeysetRunner, keysetRows } from "./keyset.js";
import { type ModelNames, modelNames } from "./model-names.js";
import { keysetRunner } from "./runner.js";
import { clientOmits, prismaSetup } from "./setup.js";
import { queryArgs } from "./source.js";
import { tieEstimates } from "./tie-estimate.js";
import { keepsPrecision } from "./timestamp-precision.js";
import type { PrismaColumns, PrismaDelegate, PrismaQuery, PrismaRow } from "./types.js";

/** The options of {@link prismaCursorPages}. */
export interface PrismaCursorPagesOptions {
  /** The database's dialect; read from the client's provider when not given. */
  readonly dialect?: DialectName;
  /**
   * The client the delegate belongs to, for an extended client's (`client: xprisma` for
   * `xprisma.post`): a page's ranges then run in one transaction of it, its query hooks applied.
   * A delegate names only the client it extends; without this option an extended delegate's
   * ranges run one after another on it, outside a transaction.
   *
   * @default the delegate's own client
   */
  readonly client?: object;
}

/**
 * A cursor-mode list handler (for `cursorList()`) over a Prisma model: the user's `findMany` args
 * for a request (`where`, `select`, `include`, `omit`), and pagewise's keyset written in Prisma's
 * `where` (never Prisma's `cursor`) and `orderBy` from the request's `sort`, the tie-breaker last,
 * in ranges the database reads from an index: one `findMany` a page nearly always
 * (`keysetRows`). The rows are what the args select; each sort value is read off the row
 * (selected for the page where the args leave it out, and taken off again).
 *
 * @param delegate - the model's delegate (`prisma.package`)
 * @param query - the request's `findMany` args (or a promise of them), without `orderBy`,
 *   `cursor`, `take`, `skip`, `distinct`
 * @param options - `dialect` and `client` ({@link PrismaCursorPagesOptions})
 * @throws {TypeError} when defined: a delegate that is not a Prisma model's, a provider pagewise
 *   does not serve, a misused option; when called: args holding what pagewise writes
 * @example
 * ```ts
 * cursorList({
 *   secret,
 *   sort: { fields: { name: true, createdAt: { type: "timestamp" } }, tieBreaker: { column: "id", type: "bigint" } },
 *   handler: prismaCursorPages(prisma.package, () => ({ where: { status: "active" } })),
 * });
 * ```
 */
export function prismaCursorPages<
  D extends PrismaDelegate,
  A extends PrismaQuery<D>,
  C extends object = CursorListContext,
>(
  delegate: D,
  query: (context: C) => A | PromiseLike<A>,
  options: PrismaCursorPagesOptions = {},
): Integration<
  Sorted<C, NoInfer<PrismaColumns<D>>> & Pick<CursorListContext, "cursor">,
  Promise<CursorResult<PrismaRow<D, A>>>
> {
  const name = "prismaCursorPages";
  const dialect = prismaSetup(name, delegate, query, options, { dialect: true, client: true });
  const runner = keysetRunner(name, delegate, dialect, options.client);
  const omitted = clientOmits(delegate, options.client);
  const names = modelNames(delegate);
  const exact = exactReading(name, runner, dialect, names);
  const manyTies = names && tieEstimates(runner.raw, dialect, names);
  type X = Sorted<C, NoInfer<PrismaColumns<D>>> & Pick<CursorListContext, "cursor">;
  return cursorIntegration<X, PrismaRow<D, A>>(name, dialect, async (context, keyset) => {
    const fields = keyset.terms.map((term) => term.column);
    const args = queryArgs(name, await query(context as unknown as C), fields, omitted);
    const places = await exact(keyset.terms);
    const page =
      places === undefined
        ? { rows: await keysetRows(runner, args, boundKeyset(keyset), manyTies), texts: undefined }
        : await exactKeysetRows(
            runner,
            args,
            boundKeyset(keyset),
            places.exact,
            places.at,
            manyTies,
          );
    const order = [...(places?.at ?? [])];
    const read = (row: Record<string, unknown>, place: number) =>
      order.includes(place)
        ? page.texts?.get(row)?.[order.indexOf(place)]
        : sortValue(row[fields[place] as string]);
    const { rows } = page;
    const finish =
      args.added.length === 0
        ? undefined
        : (row: Record<string, unknown>) => {
            for (const field of args.added) delete row[field];
          };
    return { rows, read, finish };
  });
}

/** The timestamps of an order a list reads exactly, and how. */
interface ExactPlaces {
  readonly exact: ExactTimestamps;
  readonly at: ReadonlySet<number>;
}

/**
 * Which of an order's timestamps a list reads exactly (finer than a `Date`), or `undefined` for
 * none: on SQLite never; elsewhere as the catalog says, once a field. A client whose runtime
 * tells no table names cannot serve such an order: a TypeError at the request.
 */
function exactReading(
  name: string,
  runner: KeysetRunner,
  dialect: Dialect,
  names: ModelNames | undefined,
): (terms: readonly SortTerm[]) => Promise<ExactPlaces | undefined> {
  const exact = names && exactTimestamps(runner.raw, dialect, names);
  return async (terms) => {
    if (!keepsPrecision(dialect) || !terms.some((t) => t.type === "timestamp")) return undefined;
    if (exact === undefined) {
      throw new TypeError(
        `${name} cannot tell whether a timestamp holds more than Prisma's milliseconds: this Prisma client keeps no runtime data model (table and column names)`,
      );
    }
    const at = await exact.places(terms);
    return at.size === 0 ? undefined : { exact, at };
  };
}

/** The keyset with the cursor's values as Prisma binds them (a timestamp as a `Date`). */
function boundKeyset(keyset: KeysetRequest): KeysetRequest {
  const { terms, value } = keyset;
  const bound = (place: number) => boundForPrisma(terms[place]?.type ?? "json", value(place));
  return { ...keyset, value: bound };
}
