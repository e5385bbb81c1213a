import type { EntityMetadata, ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { assertObject, describeValue } from "../../option-checks.js";
import type { SortTerm } from "../../sort/sort-order.js";

import type { ColumnRefs } from "../column-refs.js";

export type { ColumnRefs };

/** An alias, a dot and a property path (`v.tag`, `p.meta.created`), or a property alone. */
const REFERENCE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * Checks the `columns` option when the list is defined: each sort column that is not a column
 * of the query's main alias under its property or database name, as `alias.property`.
 *
 * @param columns - the option
 * @default columns {}
 * @throws {TypeError} for anything but an object of references (`"v.tag"`)
 * @example
 * ```ts
 * columnRefs({ tag: "v.tag" });
 * ```
 */
export function columnRefs(columns: unknown): ColumnRefs {
  if (columns === undefined) return {};
  assertObject('columns (sort columns to properties, { tag: "v.tag" })', columns);
  const wrong = Object.entries(columns).find(
    ([, ref]) => typeof ref !== "string" || !REFERENCE.test(ref),
  );
  if (wrong === undefined) return columns as ColumnRefs;
  throw new TypeError(
    `columns.${wrong[0]} must be a property of the query's main alias or "alias.property" ("createdAt" or "v.tag"); got ${describeValue(wrong[1])}`,
  );
}

/** A sort term in the user's query: its column as SQL, and whether a joined to-many side holds it. */
export interface TermSource {
  /** The column, escaped by the query's driver (`"p"."created_at"`). */
  readonly ref: string;
  /** Whether it is a column of a joined to-many side: a row of the main alias has many values. */
  readonly many: boolean;
}

/** What pagewise reads of the user's query builder for a request's order. */
export interface QuerySource {
  readonly terms: readonly TermSource[];
  /**
   * Whether the query's joins may give a row of its main alias more than once (a join to many,
   * or a join of an entity or table that is no relation of one): its pages are then read as keys
   * first (one row per main row), then as entities.
   */
  readonly manyRows: boolean;
  /** The tie-breaker's value on an entity of the main alias. */
  readonly key: (entity: ObjectLiteral) => unknown;
}

/** A join's alias, its relation and the alias it joins from. */
interface Join {
  readonly alias: { readonly name: string };
  readonly isMany: boolean;
  readonly relation: unknown;
  readonly parentAlias: string | undefined;
}

/** Whether rows of the alias `name` may repeat a row of the main alias (a join to many on its way). */
function manyAlias(joins: readonly Join[], name: string | undefined): boolean {
  const join = joins.find((j) => j.alias.name === name);
  if (join === undefined) return false;
  return join.relation === undefined || join.isMany || manyAlias(joins, join.parentAlias);
}

/**
 * The order's columns in the user's query builder, each found by its `columns` reference or by
 * its name, a property or database name of the main alias's entity: its SQL, and whether a
 * joined to-many side holds it. The tie-breaker must be a column of the main alias (unique per
 * entity), which pages are read by.
 *
 * @param qb - the user's query builder
 * @param terms - the request's order
 * @param columns - checked by {@link columnRefs}
 * @throws {TypeError} for a sort column the query has not, or a tie-breaker not of the main alias
 * @example
 * ```ts
 * querySource(repo.createQueryBuilder("p").leftJoinAndSelect("p.versions", "v"), sort.terms, { tag: "v.tag" });
 * ```
 */
export function querySource(
  qb: SelectQueryBuilder<ObjectLiteral>,
  terms: readonly SortTerm[],
  columns: ColumnRefs,
): QuerySource {
  const map = qb.expressionMap;
  const main = map.mainAlias;
  if (main === undefined || !main.hasMetadata) throw new TypeError(NO_ENTITY);
  const joins = map.joinAttributes as unknown as readonly Join[];
  const found = terms.map((term) => termColumn(qb, term, columns, main.name));
  const tie = found.at(-1) as (typeof found)[number];
  if (tie.alias !== main.name) {
    const { column } = terms.at(-1) as SortTerm;
    throw new TypeError(
      `pagewise/typeorm: the tie-breaker "${column}" must be a column of the query's main alias "${main.name}" (its key, unique per entity): pages are read by it`,
    );
  }
  return {
    terms: found.map(({ alias, column }) => ({
      ref: `${qb.escape(alias)}.${qb.escape(column.databaseName)}`,
      many: manyAlias(joins, alias),
    })),
    manyRows: joins.some((join) => manyAlias(joins, join.alias.name)),
    key: (entity) => tie.column.getEntityValue(entity),
  };
}

const NO_ENTITY =
  "pagewise/typeorm lists a query builder of an entity (repository.createQueryBuilder(alias) or dataSource.createQueryBuilder(Entity, alias))";

/** A sort term's alias and column in the query. */
function termColumn(
  qb: SelectQueryBuilder<ObjectLiteral>,
  term: SortTerm,
  columns: ColumnRefs,
  main: string,
) {
  const named = Object.hasOwn(columns, term.column) ? (columns[term.column] as string) : undefined;
  const dot = named?.indexOf(".") ?? -1;
  const alias = named !== undefined && dot > 0 ? named.slice(0, dot) : main;
  const path = named === undefined ? term.column : named.slice(dot + 1);
  const known = qb.expressionMap.aliases.find((a) => a.name === alias);
  const metadata: EntityMetadata | undefined = known?.hasMetadata ? known.metadata : undefined;
  const column =
    metadata?.findColumnWithPropertyPath(path) ?? metadata?.findColumnWithDatabaseName(path);
  if (column === undefined) {
    throw new TypeError(
      `pagewise/typeorm: the sort column "${term.column}" is no column of the query's alias "${alias}": give the option columns: { ${term.column}: "alias.property" } (an alias of the query, a dot, a property of its entity)`,
    );
  }
  return { alias, column };
}
