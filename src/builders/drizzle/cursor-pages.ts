import { sql } from "drizzle-orm";
import { assertKnownNames } from "../../option-checks.js";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Condition } from "../../sql/condition.js";
import type { Dialect } from "../../sql/dialect.js";
import { valueAlias } from "../../sql/hidden-columns.js";
import { leadFirst } from "../../sql/lead-first.js";
import { lostDigits } from "../../sql/lost-digits.js";
import type { OrderTerm } from "../../sql/order-by.js";
import { plannerDialect } from "../../sql/statement-setting.js";
import type { CursorListContext, CursorResult, Integration, Sorted } from "../contract.js";
import { cursorIntegration, type KeysetRequest, type KeysetRows } from "../list-setup.js";
import { drizzleDialect } from "./dialect.js";
import { directSource } from "./direct-source.js";
import type { DrizzleCursorPagesOptions } from "./drizzle-options.js";
import {
  type DrizzleDatabase,
  type DrizzleQuery,
  type OutputColumns,
  type RowOf,
  type SelectChain,
  selectOf,
} from "./drizzle-types.js";
import { hiddenFields } from "./exact-values.js";
import { keysetWhere } from "./keyset.js";
import {
  type DrizzleRow,
  type KeysetSource,
  type RawRead,
  subquerySource,
} from "./keyset-source.js";
import { orderBy } from "./order.js";
import { underPageSetting } from "./page-setting.js";
import { distinctSelect } from "./select-outputs.js";

/**
 * A cursor-mode list handler from the user's own Drizzle select: the keyset page after or before
 * the request's cursor, in the request's `sort`, written in the shape the dialect's planner reads
 * as an index range (a row value, the written-out predicate, or a UNION ALL of one range per
 * prefix of the order), each value bound. Each sort value is read at the database's precision
 * beside the row (a timestamp or a bigint as text) and answered beside the rows as their
 * `values` (an {@link Integration}'s result, read by `cursorList()`): the rows are the query's
 * rows, typed as the query's.
 *
 * @param db - the Drizzle database
 * @param query - the request's select, from the handler's context (`params`, `path`)
 * @param options - `dialect` (read from `db` when not given) and `plannerSetting`
 *   ({@link DrizzleCursorPagesOptions})
 * @throws {TypeError} when defined: a dialect that cannot be read, a misused option; when
 *   called: a list without `sort`
 * @example
 * ```ts
 * cursorList({
 *   secret,
 *   sort: { fields: { name: true, created_at: { type: "timestamp" } }, tieBreaker: "id" },
 *   handler: drizzleCursorPages(db, () => db.select().from(packages)),
 * });
 * ```
 */
export function drizzleCursorPages<Q extends DrizzleQuery, C extends object = CursorListContext>(
  db: DrizzleDatabase,
  query: (context: C) => Q,
  options: DrizzleCursorPagesOptions = {},
): Integration<
  Sorted<C, NoInfer<OutputColumns<Q>>> & Pick<CursorListContext, "cursor">,
  Promise<CursorResult<RowOf<Q>>>
> {
  const known = { dialect: true, plannerSetting: true } as const;
  assertKnownNames("drizzleCursorPages options", options, known);
  const named = drizzleDialect(db, options.dialect);
  const dialect = plannerDialect(named, options.plannerSetting, "drizzleCursorPages");
  type X = Sorted<C, NoInfer<OutputColumns<Q>>> & Pick<CursorListContext, "cursor">;
  return cursorIntegration<X, RowOf<Q>>("drizzleCursorPages", dialect, async (context, keyset) => {
    const page = (bigintsApart: boolean) =>
      keysetPage(db, () => query(context as unknown as C), keyset, dialect, bigintsApart);
    // A bigint read as the driver gives it, unless it came as a number beyond 2^53: then
    // the page again, the bigints selected apart as text.
    return (await page(false)) ?? ((await page(true)) as KeysetRows);
  });
}

/**
 * A cursor page's rows as read, and how each term's value is read off them; `undefined` where a
 * bigint read off a row as the driver gave it is a number beyond 2^53 (digits lost), when not
 * `bigintsApart`.
 */
async function keysetPage(
  db: DrizzleDatabase,
  make: () => DrizzleQuery,
  keyset: KeysetRequest,
  dialect: Dialect,
  bigintsApart: boolean,
): Promise<KeysetRows | undefined> {
  const { terms } = keyset;
  const source =
    directSource(
      make,
      terms.map((term) => term.column),
    ) ?? subquerySource(db, make());
  const readers = terms.map((term) => valueReader(source, term, bigintsApart));
  const places = (kind: ValueReader["kind"]) =>
    terms.flatMap((term, place) => (readers[place]?.kind === kind ? [{ term, place }] : []));
  const apart = new Set(places("apart").map(({ place }) => place));
  const raw = new Set(places("raw").map(({ term }) => term.column));
  const rows = await keysetSelect(db, source, { apart, raw }, keyset, dialect);
  const read = (row: DrizzleRow, place: number) => {
    const reader = readers[place] as ValueReader;
    return reader.kind === "apart" ? row[valueAlias(place)] : reader.read(row);
  };
  const bigints = bigintsApart ? [] : terms.flatMap((t, i) => (t.type === "bigint" ? [i] : []));
  if (rows.some((row) => bigints.some((place) => lostDigits(read(row, place))))) return undefined;
  const decoders = readers.flatMap((reader) => (reader.kind === "raw" ? [reader.decode] : []));
  const finish =
    decoders.length === 0
      ? undefined
      : (row: DrizzleRow) => {
          for (const decode of decoders) decode(row);
        };
  return { rows, read, finish };
}

/** How a sort value is read: off the row as it is, as the driver gives it, or selected apart. */
type ValueReader =
  | { readonly kind: "row"; readonly read: (row: DrizzleRow) => unknown }
  | ({ readonly kind: "raw" } & RawRead)
  | { readonly kind: "apart" };

/**
 * How a term's value is read at the database's precision: the driver's own, off the row where
 * Drizzle answers a column as the driver reads it; else, where the source can, read as the driver
 * gives it and mapped after (Drizzle's drivers read a timestamp as the database's text, every
 * digit, and its column maps that to a `Date`); else selected apart. With `bigintsApart`, a
 * bigint is selected apart as text: a driver may read one as a number, which loses digits beyond
 * 2^53 (a safe integer, a bigint or digits are exact).
 */
function valueReader(source: KeysetSource, term: SortTerm, bigintsApart: boolean): ValueReader {
  if (term.type === "bigint" && bigintsApart) return { kind: "apart" };
  const read = source.read(term.column);
  if (read !== undefined) return { kind: "row", read };
  const raw = source.raw(term.column);
  return raw === undefined ? { kind: "apart" } : { kind: "raw", ...raw };
}

/**
 * The page's rows: one select, or a UNION ALL of one per branch of the plan, run lead first
 * (`leadFirst`: the branch nearest the cursor alone, the union only when it comes back short),
 * each under the dialect's page setting where the server has one (`underPageSetting`).
 */
function keysetSelect(
  db: DrizzleDatabase,
  source: KeysetSource,
  { apart, raw }: { apart: ReadonlySet<number>; raw: ReadonlySet<string> },
  { terms, plan, value, cursor }: KeysetRequest,
  dialect: Dialect,
): PromiseLike<DrizzleRow[]> {
  const { values, limit } = cursor;
  const column = (place: number) => source.column((terms[place] as SortTerm).column);
  const fields = hiddenFields(terms, apart, (t) => source.column(t.column), dialect);
  // The first page's plan has no bound: nothing to add to the select's own `where`.
  const filter = (where: Condition) =>
    where.kind === "constant" && where.value ? undefined : keysetWhere(where, column, value);
  const branch = (where: Condition, order = plan.order) =>
    source
      .select(fields, filter(where), raw)
      .orderBy(...orderBy(order, column))
      .limit(limit);
  const { union, lead } = plan;
  // Each statement bounded by a cursor run under the dialect's page setting, where the server has
  // one (MariaDB); a first page's (no bound: the same plan) as it is.
  const run = (select: SelectChain) =>
    values === undefined ? select : underPageSetting(db, dialect, select);
  if (union === undefined) return run(branch(plan.where));
  const whole = () =>
    run(
      unionSelect(
        db,
        union.map((where, i) => branch(where, plan.branchOrders?.[i])),
        terms,
        plan.order,
        limit,
      ),
    );
  if (lead === undefined) return whole();
  return leadFirst(() => run(branch(lead.where, lead.order)), whole, limit);
}

/** The branches' selects as subqueries, merged by UNION ALL in the order, at most `limit` rows. */
function unionSelect(
  db: DrizzleDatabase,
  branches: readonly SelectChain[],
  terms: readonly SortTerm[],
  order: readonly OrderTerm[],
  limit: number,
): SelectChain {
  const select = selectOf(db);
  const [first, ...rest] = branches.map((branch, i) =>
    // A subquery's columns are read by name: outputs of one name (a join's) are aliased apart.
    select().from(distinctSelect(branch).as(`__pagewise_branch_${i}`)),
  );
  const union = rest.reduce((all, next) => all.unionAll(next), first as SelectChain);
  // A compound select's ORDER BY names its output columns: the user's, as the query names them.
  const output = (place: number) => sql.identifier((terms[place] as SortTerm).column);
  return union.orderBy(...orderBy(order, output)).limit(limit);
}
