import type { SortTerm } from "../../sort/sort-order.js";
import type { Dialect, DialectName } from "../../sql/dialect.js";
import { valueAlias } from "../../sql/hidden-columns.js";
import { lostDigits } from "../../sql/lost-digits.js";
import type { CursorListContext, CursorResult, Integration, Sorted } from "../contract.js";
import {
  cursorDialect,
  cursorIntegration,
  type KeysetRequest,
  type KeysetRows,
} from "../list-setup.js";
import { drizzleDialect } from "./dialect.js";
import { keysetSelect } from "./keyset.js";
import type { DrizzleCursorPagesOptions } from "./options.js";
import { type DrizzleRow, type KeysetSource, type RawRead, subquerySource } from "./source.js";
import { directSource } from "./source-direct.js";
import type { DrizzleDatabase, DrizzleQuery, OutputColumns, RowOf } from "./types.js";

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
  const dialect = cursorDialect("drizzleCursorPages", options, {}, (named) =>
    drizzleDialect(db, named as DialectName | undefined),
  );
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
