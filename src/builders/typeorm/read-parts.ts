import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Condition } from "../../sql/condition.js";
import type { Dialect } from "../../sql/dialect.js";
import type { OrderTerm } from "../../sql/order-by.js";
import type { QuerySource } from "./source.js";

/** What a page's statements are written from: the user's query builder and the request's order. */
export interface ReadParts {
  readonly qb: SelectQueryBuilder<ObjectLiteral>;
  readonly terms: readonly SortTerm[];
  readonly source: QuerySource;
  readonly dialect: Dialect;
  /** The cursor's value at a place, bound as the dialect compares it. */
  readonly value: (place: number) => unknown;
}

/** A stretch of the order a statement reads: its predicate, its ORDER BY, how many rows from where. */
export interface Range {
  readonly where: Condition;
  readonly order: readonly OrderTerm[];
  readonly limit: number;
  readonly offset: number;
}

/**
 * An entity of a page, as the user's query builder makes it, and beside it its raw row (the sort
 * values under their hidden aliases, where read). A page is these in its order.
 */
export interface ReadRow {
  readonly entity: ObjectLiteral;
  readonly raw: Record<string, unknown>;
}

/** The whole order, no cursor: a page list's range. */
export const EVERY_ROW: Condition = { kind: "constant", value: true };

/**
 * Checks that a statement's rows are one per entity: where two rows have one key as the driver
 * reads it (better-sqlite3 reads an integer beyond 2^53 as a lossy number: TypeORM merges their
 * entities), or a join repeats an entity, a page would answer fewer rows or one twice.
 *
 * @param rows - the statement's rows
 * @param entities - its entities, or the distinct keys its rows hold
 * @throws {Error} naming both counts and why
 * @example
 * ```ts
 * assertOnePerEntity(raw.length, entities.length);
 * ```
 */
export function assertOnePerEntity(rows: number, entities: number): void {
  if (rows === entities) return;
  throw new Error(
    `pagewise/typeorm: ${rows} rows made ${entities} entities: two rows have one key as the driver reads it (better-sqlite3 reads an integer beyond 2^53 as a lossy number), or a join gives an entity more than one row`,
  );
}
