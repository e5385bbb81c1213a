import type { DataSource, ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { assertKnownNames } from "../../option-checks.js";
import { type CheckedCount, type CountStrategy, countStrategy } from "../../sql/count-strategy.js";
import type { DialectName } from "../../sql/dialect.js";
import { dialectColumns } from "../../sql/dialect-columns.js";
import { orderTerms } from "../../sql/order-by.js";
import type { Integration, ListResult, PageListContext, Sorted } from "../contract.js";
import { pageIntegration } from "../list-setup.js";
import { queryCount } from "./count.js";
import { typeormDialect } from "./dialect.js";
import { entityRows } from "./entity-rows.js";
import { entitiesByKeys, keysQuery } from "./keys-first.js";
import { EVERY_ROW, type ReadParts } from "./read-parts.js";
import { type ColumnRefs, columnRefs, querySource } from "./source.js";

/**
 * The columns a list's `sort` may name for a TypeORM query: the properties of its entity and
 * those the `columns` option maps to a property (`{ tag: "v.tag" }`).
 *
 * @typeParam E - the query's entity
 * @typeParam R - the `columns` option
 */
export type EntityColumns<E, R> = (keyof E & string) | (keyof R & string);

/** The options of {@link typeormPages}. */
export interface TypeormPagesOptions<C, R extends ColumnRefs = ColumnRefs> {
  /**
   * How the list counts its entities ({@link CountStrategy}): `"exact"`, `{ cap: n }`,
   * `"estimate"` (PostgreSQL, MySQL, MariaDB), `{ whenNeeded: … }`, `{ of: (context) => n }` or
   * `"none"`.
   *
   * @default "exact"
   */
  readonly count?: CountStrategy<C>;
  /**
   * Sort columns to `alias.property` (`{ tag: "v.tag" }`, `{ created_at: "createdAt" }`), for
   * one of a joined alias or named otherwise than the main alias's property.
   *
   * @default {}
   */
  readonly columns?: R;
  /** The database's dialect; read from the data source's `type` when not given. */
  readonly dialect?: DialectName;
}

/**
 * A page list's handler (for `list()`) over a TypeORM `SelectQueryBuilder`: the user's own query
 * (joins, `leftJoinAndSelect` relations, filters) ordered by the request's `sort` (the
 * tie-breaker last), its page read with `LIMIT`/`OFFSET`, and counted by the `count` strategy.
 * The rows are the query's entities, with their relations. Where a join to many repeats an
 * entity's rows, the page is read as the keys of its entities first (one row per entity, a
 * to-many sort column by its least or greatest value), then their entities, every child of each;
 * the count is of entities. What it returns is the list's `handler`: an {@link Integration}.
 *
 * @param dataSource - the data source the query builders come from
 * @param query - the list's query builder for a request, without ORDER BY, LIMIT or OFFSET
 * @param options - `count`, `dialect` and `columns` ({@link TypeormPagesOptions})
 * @throws {TypeError} or {@link RangeError} for a misused option, when the list is defined
 * @example
 * ```ts
 * list({
 *   sort: { fields: { name: true }, tieBreaker: "id", default: "name" },
 *   handler: typeormPages(dataSource, () => packages.createQueryBuilder("p").leftJoinAndSelect("p.versions", "v"), {
 *     count: { cap: 10_000 },
 *   }),
 * });
 * ```
 */
export function typeormPages<
  E extends ObjectLiteral,
  C extends object = PageListContext,
  const R extends ColumnRefs = Record<never, string>,
>(
  dataSource: DataSource,
  query: (context: C) => SelectQueryBuilder<E>,
  options: TypeormPagesOptions<NoInfer<C>, R> = {},
): Integration<Sorted<C, NoInfer<EntityColumns<E, R>>>, ListResult<E>> {
  assertKnownNames("typeormPages option", options, { count: true, dialect: true, columns: true });
  const dialect = typeormDialect(dataSource, options.dialect);
  const count = countStrategy<C>(options.count, dialect);
  const columns = columnRefs(options.columns);
  type X = Sorted<C, NoInfer<EntityColumns<E, R>>>;
  return pageIntegration<X, E>("typeormPages", count as CheckedCount<unknown>, (context, terms) => {
    const qb = query(context as unknown as C) as SelectQueryBuilder<ObjectLiteral>;
    const source = querySource(qb, terms, columns);
    const parts: ReadParts = { qb, terms, source, dialect, value: () => null };
    const order = orderTerms(dialectColumns(terms, dialect), dialect);
    return {
      items: async ({ offset, limit }) => {
        const range = { where: EVERY_ROW, order, limit, offset };
        const rows = source.manyRows
          ? await entitiesByKeys(parts, await keysQuery(parts, range, NO_VALUES).getRawMany())
          : await entityRows(parts, range, false);
        return rows.map((row) => row.entity as E);
      },
      count: (strategy) => queryCount(qb, source, strategy, dialect),
    };
  });
}

/** A page list's keys: the tie-breaker alone. */
const NO_VALUES = { values: false, keys: false } as const;
