import type { SQL, SQLWrapper } from "drizzle-orm";
import { querySource } from "./source-subquery.js";
import { type DrizzleDatabase, type SelectChain, selectOf } from "./types.js";

/** A row as Drizzle answers it: the user's members, nested where the select nests them. */
export type DrizzleRow = Record<string, unknown>;

/**
 * Where a cursor page's rows come from: the user's select itself (`directSource`) or the select
 * as a subquery (`subquerySource`), and how each names a sort column.
 */
export interface KeysetSource {
  /** A sort column by its output name, as the keyset's predicate and ORDER BY read it. */
  readonly column: (name: string) => SQLWrapper;
  /**
   * How a sort column's value is read off a row as Drizzle answers it, when the row holds the
   * value as the driver read it; `undefined` where it must be selected apart.
   */
  readonly read: (name: string) => ((row: DrizzleRow) => unknown) | undefined;
  /**
   * For a sort column Drizzle maps to another type (a timestamp to a `Date`): the select that
   * reads it as the driver gives it (`select`'s `raw`), how its value is read off a row so read,
   * and how the row then gets the value Drizzle would have given it. `undefined` where the
   * source cannot read a column so.
   */
  readonly raw: (name: string) => RawRead | undefined;
  /**
   * A new select of the user's rows with `extra` fields beside theirs, filtered by `where` (if any), the
   * columns named in `raw` read as the driver gives them.
   */
  readonly select: (
    extra: Record<string, unknown>,
    where: SQL | undefined,
    raw: ReadonlySet<string>,
  ) => SelectChain;
}

/** A sort column read as the driver gives it: its value off a row, and the row decoded after. */
export interface RawRead {
  /** The driver's value in a row of the select. */
  readonly read: (row: DrizzleRow) => unknown;
  /** Gives the row (as answered) the value Drizzle maps the driver's to, in its place. */
  readonly decode: (row: DrizzleRow) => void;
}

/**
 * The user's select as a subquery (`(<select>) AS "__pagewise"`): any select, grouped, distinct
 * or limited ones too, its sort columns named by its output columns. Every sort value is
 * selected apart: a subquery's fields are Drizzle's proxies of its columns.
 *
 * @param db - the Drizzle database
 * @param query - the user's select
 * @example
 * ```ts
 * const source = subquerySource(db, db.selectDistinct().from(packages));
 * await source.select({}, sql`${source.column("id")} > ${7}`).limit(30);
 * ```
 */
export function subquerySource(db: DrizzleDatabase, query: SelectChain | object): KeysetSource {
  const source = querySource(query as never);
  return {
    column: source.column,
    read: () => undefined,
    raw: () => undefined,
    select: (extra, where) =>
      selectOf(db)({ ...source.fields, ...extra })
        .from(source.subquery)
        .where(where),
  };
}
