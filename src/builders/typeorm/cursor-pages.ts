import type { DataSource, ObjectLiteral, SelectQueryBuilder } from "typeorm";
import type { DialectName } from "../../sql/dialect.js";
import { valueAlias } from "../../sql/hidden-columns.js";
import type { CursorListContext, CursorResult, Integration, Sorted } from "../contract.js";
import { cursorDialect, cursorIntegration } from "../list-setup.js";
import { typeormDialect } from "./dialect.js";
import { keysetRows } from "./keyset.js";
import type { EntityColumns } from "./pages.js";
import { type ColumnRefs, columnRefs, querySource } from "./source.js";

/** The options of {@link typeormCursorPages}. */
export interface TypeormCursorPagesOptions<R extends ColumnRefs = ColumnRefs> {
  /**
   * Sort columns to `alias.property` (`{ tag: "v.tag" }`, `{ created_at: "createdAt" }`), for
   * one of a joined alias or named otherwise than the main alias's property.
   *
   * @default {}
   */
  readonly columns?: R;
  /**
   * `false`: MariaDB's cursor pages run without `SET STATEMENT … FOR` (which a proxy such as
   * ProxySQL does not parse), their plans as the server makes them (docs/sql.md).
   *
   * @default true
   */
  readonly plannerSetting?: boolean;
  /** The database's dialect; read from the data source's `type` when not given. */
  readonly dialect?: DialectName;
}

/**
 * A cursor list's handler (for `cursorList()`) over a TypeORM `SelectQueryBuilder`: the user's
 * own query beyond the request's cursor, in its order, `cursor.limit` entities, the keyset
 * written for the dialect's planner to read as an index range (a row value, the predicate
 * written out, or separate ranges, the nearest first: `keysetPlan`), NULLs where the dialect
 * sorts them, each value bound. The sort values are read beside the entities as exact text (a
 * timestamp's microseconds, a bigint's every digit), never added to them. Over a join to many,
 * the page is read as its entities' keys first, then the entities, each once with all its children.
 *
 * @param dataSource - the data source the query builders come from
 * @param query - the list's query builder for a request, without ORDER BY or LIMIT
 * @param options - `dialect`, `columns` and `plannerSetting` ({@link TypeormCursorPagesOptions})
 * @throws {TypeError} for a misused option, when the list is defined
 * @example
 * ```ts
 * cursorList({
 *   secret,
 *   sort: { fields: { createdAt: { type: "timestamp" } }, tieBreaker: "id", default: "-createdAt" },
 *   handler: typeormCursorPages(dataSource, () => packages.createQueryBuilder("p")),
 * });
 * ```
 */
export function typeormCursorPages<
  E extends ObjectLiteral,
  C extends object = CursorListContext,
  const R extends ColumnRefs = Record<never, string>,
>(
  dataSource: DataSource,
  query: (context: C) => SelectQueryBuilder<E>,
  options: TypeormCursorPagesOptions<R> = {},
): Integration<
  Sorted<C, NoInfer<EntityColumns<E, R>>> & Pick<CursorListContext, "cursor">,
  Promise<CursorResult<E>>
> {
  const dialect = cursorDialect("typeormCursorPages", options, { columns: true }, (named) =>
    typeormDialect(dataSource, named),
  );
  const columns = columnRefs(options.columns);
  type X = Sorted<C, NoInfer<EntityColumns<E, R>>> & Pick<CursorListContext, "cursor">;
  return cursorIntegration<X, E>("typeormCursorPages", dialect, async (context, keyset) => {
    const { terms, plan, value, cursor } = keyset;
    const qb = query(context as unknown as C) as SelectQueryBuilder<ObjectLiteral>;
    const source = querySource(qb, terms, columns);
    const rows = await keysetRows({ qb, terms, source, dialect, value }, plan, cursor.limit);
    const raws = new Map(rows.map(({ entity, raw }) => [entity, raw]));
    const names = terms.map((_, place) => valueAlias(place));
    return {
      rows: rows.map((row) => row.entity),
      read: (entity, place) => raws.get(entity)?.[names[place] as string],
    };
  });
}
