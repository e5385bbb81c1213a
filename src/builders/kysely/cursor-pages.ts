import type { Kysely, SelectQueryBuilder } from "kysely";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Dialect, DialectName } from "../../sql/dialect.js";
import { exactTextType } from "../../sql/exact-text.js";
import { valueAlias } from "../../sql/hidden-columns.js";
import { lostDigits } from "../../sql/lost-digits.js";
import type { CursorListContext, CursorResult, Integration, Sorted } from "../contract.js";
import { cursorDialect, cursorIntegration } from "../list-setup.js";
import { kyselyDialect } from "./dialect.js";
import { keysetQuery } from "./keyset.js";
import type { QueryColumns } from "./pages.js";
import { type ColumnRefs, columnRefs, sortRefs } from "./source.js";
import { plainColumns } from "./source-outputs.js";

/** The options of {@link kyselyCursorPages}. */
export interface KyselyCursorPagesOptions<R extends ColumnRefs = ColumnRefs> {
  /** The database's dialect; read from the instance's SQL when not given. */
  readonly dialect?: DialectName;
  /**
   * The reference of a sort column the query's joins make ambiguous: `{ created_at: "p.created_at" }`.
   *
   * @default {}
   */
  readonly columns?: R;
  /**
   * Whether a cursor page on MariaDB runs under its planner setting (`SET STATEMENT … FOR`,
   * docs/sql.md): `false` where a proxy does not parse the statement (ProxySQL).
   *
   * @default true
   */
  readonly plannerSetting?: boolean;
}

/**
 * A cursor list's handler (for `cursorList()`) over a Kysely query: the user's own select query
 * beyond the request's cursor, in its order, `cursor.limit` rows, written for the dialect's
 * planner to read as an index range (a row value, the predicate written out, or a UNION ALL of
 * ranges: `keysetPlan`), NULLs where the dialect sorts them, each value bound. Timestamps and
 * bigints of the order are read besides as exact text, kept out of the rows (which are what the
 * query selects) and carried to the cursor, so a cursor keeps every digit the database stores.
 *
 * @param db - the Kysely instance
 * @param query - the list's query for a request, without ORDER BY or LIMIT
 * @param options - `dialect`, `columns` and `plannerSetting` ({@link KyselyCursorPagesOptions})
 * @throws {TypeError} for a misused option, when the list is defined
 * @example
 * ```ts
 * cursorList({
 *   secret,
 *   sort: { fields: { created_at: { type: "timestamp" } }, tieBreaker: "id", default: "-created_at" },
 *   handler: kyselyCursorPages(db, ({ path }) => db.selectFrom("packages").selectAll().where("owner", "=", path.owner)),
 * });
 * ```
 */
export function kyselyCursorPages<
  DB,
  QDB,
  TB extends keyof QDB,
  O,
  C extends object = CursorListContext,
  const R extends ColumnRefs = Record<never, string>,
>(
  db: Kysely<DB>,
  query: (context: C) => SelectQueryBuilder<QDB, TB, O>,
  options: KyselyCursorPagesOptions<R> = {},
): Integration<
  Sorted<C, NoInfer<QueryColumns<QDB, TB, R>>> & Pick<CursorListContext, "cursor">,
  Promise<CursorResult<O>>
> {
  const known = { columns: true } as const;
  const dialect = cursorDialect("kyselyCursorPages", options, known, (named) =>
    kyselyDialect(db, named),
  );
  const columns = columnRefs(options.columns);
  type X = Sorted<C, NoInfer<QueryColumns<QDB, TB, R>>> & Pick<CursorListContext, "cursor">;
  return cursorIntegration<X, O>("kyselyCursorPages", dialect, async (context, keyset) => {
    const { terms, plan, value, cursor } = keyset;
    const user = query(context as unknown as C);
    const refs = sortRefs(user, terms, columns);
    const parts = (apart: ReadonlySet<number>) => ({
      plan,
      refs,
      value,
      limit: cursor.limit,
      dialect,
      apart,
    });
    const onRow = rowPlaces(terms, refs, plainColumns(user), dialect);
    const apart = (read: ReadonlySet<number>) =>
      new Set(terms.flatMap((_, place) => (read.has(place) ? [] : [place])));
    const page = async (read: ReadonlySet<number>) => {
      const rows = (await keysetQuery(db, user, parts(apart(read))).execute()) as object[];
      return exactOnRows(rows, terms, read) ? { rows, read } : undefined;
    };
    // A value read off a row is exact unless it is a bigint the driver read as a number beyond
    // 2^53 (or the row lacks it: a plugin renamed it): then the page again, every value apart.
    const { rows, read } = (await page(onRow)) ?? ((await page(new Set())) as PageRows);
    // Each place's member: a name made at each row's read cost a MariaDB page 4 µs.
    const names = terms.map((term, place) => (read.has(place) ? term.column : valueAlias(place)));
    return { rows, read: (row, place) => row[names[place] as string] };
  });
}

/** A page's rows, and the places of the terms whose values were read off them. */
interface PageRows {
  readonly rows: object[];
  readonly read: ReadonlySet<number>;
}

/**
 * The places of the terms whose values the rows hold as the database keeps them: a column the
 * query outputs as it is (`plainColumns`), referred to by its own name, whose value the driver
 * reads exactly (one of no exact-text type: a `"json"` value, SQLite's timestamp text) or may
 * (a bigint, checked on the rows: `exactOnRows`).
 */
function rowPlaces(
  terms: readonly SortTerm[],
  refs: readonly string[],
  plain: (name: string) => boolean,
  dialect: Dialect,
): ReadonlySet<number> {
  const exact = (term: SortTerm) =>
    term.type === "bigint" || exactTextType(dialect, term.type) === undefined;
  return new Set(
    terms.flatMap((term, place) =>
      refs[place] === term.column && plain(term.column) && exact(term) ? [place] : [],
    ),
  );
}

/** Whether every row holds the values at `read`, a bigint's not a number beyond 2^53. */
function exactOnRows(
  rows: readonly object[],
  terms: readonly SortTerm[],
  read: ReadonlySet<number>,
): boolean {
  return [...read].every((place) => {
    const { column, type } = terms[place] as SortTerm;
    return rows.every((row) => {
      const value = (row as Record<string, unknown>)[column];
      return Object.hasOwn(row, column) && !(type === "bigint" && lostDigits(value));
    });
  });
}
