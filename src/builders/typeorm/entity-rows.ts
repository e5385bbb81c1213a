import { withExactValues } from "./exact-values.js";
import { guardedClone, keysetWhere } from "./keyset-where.js";
import { orderQuery } from "./order.js";
import { underPageSetting } from "./page-setting.js";
import { assertOnePerEntity, type Range, type ReadParts, type ReadRow } from "./read-parts.js";

/**
 * A range's entities read in one statement, the user's query builder's own: filtered by the
 * range's predicate, in its ORDER BY, at most `limit` rows from `offset` (SQL `LIMIT`, which
 * TypeORM writes as it is, not `take`'s statement of distinct keys); with `values`, each term's
 * exact value selected beside under its hidden alias (`getRawAndEntities`: in the raw rows
 * alone). For a query whose joins give each entity one row (`QuerySource.manyRows` false): raw
 * rows and entities are then one to one.
 *
 * @param parts - the query and the order
 * @param range - the predicate, ORDER BY and rows
 * @param values - whether to read the sort values (a cursor page)
 * @param setting - whether to run it under the dialect's `pageSetting` (`underPageSetting`)
 * @default setting false
 * @throws {Error} where the rows are not one per entity (TypeORM merged two whose keys the
 *   driver read as one number), rather than answer fewer
 * @example
 * ```ts
 * const rows = await entityRows(parts, { where: EVERY_ROW, order, limit: 10, offset: 20 }, false);
 * ```
 */
export async function entityRows(
  parts: ReadParts,
  range: Range,
  values: boolean,
  setting = false,
): Promise<ReadRow[]> {
  const { qb, terms, source, dialect, value } = parts;
  const refs = source.terms.map((term) => term.ref);
  const column = (place: number) => refs[place] as string;
  const query = orderQuery(guardedClone(qb), range.order, column);
  const where = keysetWhere(range.where, column, value);
  if (where !== undefined) query.andWhere(where.text, where.parameters);
  query.limit(range.limit);
  if (range.offset > 0) query.offset(range.offset);
  const read = values ? withExactValues(query, dialect, terms, refs) : query;
  const { entities, raw } = setting
    ? await underPageSetting(read, dialect, (q) => q.getRawAndEntities())
    : await read.getRawAndEntities();
  assertOnePerEntity(raw.length, entities.length);
  return entities.map((entity, i) => ({ entity, raw: raw[i] as Record<string, unknown> }));
}
