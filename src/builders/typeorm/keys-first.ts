import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import type { Condition } from "../../sql/condition.js";
import { keyAlias, valueAlias } from "../../sql/hidden-columns.js";
import type { OrderTerm } from "../../sql/order-by.js";
import { exactExpression, keyExpression } from "./exact-values.js";
import { guardedClone, keysetWhere } from "./keyset-where.js";
import { orderQuery } from "./order.js";
import { assertOnePerEntity, type Range, type ReadParts, type ReadRow } from "./read-parts.js";

/** The parameter of the keys an entities' statement reads. */
const KEYS = "pagewise_keys";

/**
 * A range's keys: one raw row per entity of the main alias, its tie-breaker as the driver reads
 * it (under the tie-breaker's `keyAlias`) and, with `values`, each term's exact value under its
 * `valueAlias` (with `keys`, every term's key too: what a union's outer ORDER BY reads). Over a
 * join to many, grouped by the main row's columns of the order, a to-many column's key its least
 * or greatest value (`keyExpression`), the range's predicate then a HAVING on the keys; else the
 * user's rows as they are, the predicate a WHERE on the columns (one index range).
 *
 * @param parts - the query and the order
 * @param range - the predicate, ORDER BY and rows
 * @param read - `values`: select the exact values; `keys`: select every term's key
 * @example
 * ```ts
 * const raw = await keysQuery(parts, range, { values: true, keys: false }).getRawMany();
 * ```
 */
export function keysQuery(
  parts: ReadParts,
  range: Range,
  read: { readonly values: boolean; readonly keys: boolean },
): SelectQueryBuilder<ObjectLiteral> {
  const { qb, terms, source, dialect, value } = parts;
  const grouped = source.manyRows;
  const keys = terms.map((term, place) =>
    grouped
      ? keyExpression(term, source.terms[place] as never)
      : (source.terms[place]?.ref as string),
  );
  const key = (place: number) => keys[place] as string;
  const last = terms.length - 1;
  const query = guardedClone(qb).select(key(last), keyAlias(last));
  terms.forEach((term, place) => {
    if (read.values) query.addSelect(exactExpression(dialect, term, key(place)), valueAlias(place));
    if (read.keys && place !== last) query.addSelect(key(place), keyAlias(place));
  });
  const where = keysetWhere(range.where, key, value);
  const aggregate = grouped && source.terms.some((term) => term.many);
  if (where !== undefined) {
    if (aggregate) query.having(where.text, where.parameters);
    else query.andWhere(where.text, where.parameters);
  }
  if (grouped) {
    query.groupBy();
    for (const term of source.terms) if (!term.many) query.addGroupBy(term.ref);
  }
  orderQuery(query, range.order, key).limit(range.limit);
  if (range.offset > 0) query.offset(range.offset);
  return query;
}

/**
 * A union's keys: each branch's {@link keysQuery} (one index range each, its own ORDER BY and
 * LIMIT) as a derived table, merged by UNION ALL under the plan's ORDER BY on the keys each
 * branch selects, and its LIMIT: one statement, on the user's builder's query runner.
 *
 * @param parts - the query and the order
 * @param union - the plan's branches
 * @param orders - each branch's ORDER BY
 * @param order - the union's ORDER BY
 * @param limit - the rows of the page
 * @example
 * ```ts
 * const raw = await unionQuery(parts, plan.union, plan.branchOrders, plan.order, 21).getRawMany();
 * ```
 */
export function unionQuery(
  parts: ReadParts,
  union: readonly Condition[],
  orders: readonly (readonly OrderTerm[])[],
  order: readonly OrderTerm[],
  limit: number,
): SelectQueryBuilder<ObjectLiteral> {
  const { qb } = parts;
  const read = { values: true, keys: true };
  const branches = union.map((where, i) =>
    keysQuery(parts, { where, order: orders[i] ?? order, limit, offset: 0 }, read),
  );
  const text = branches
    .map((branch, i) => `SELECT * FROM (${branch.getQuery()}) ${qb.escape(`pagewise_b${i}`)}`)
    .join(" UNION ALL ");
  const outer = qb.createQueryBuilder().select("*").from(`(${text})`, "pagewise_u");
  for (const branch of branches) outer.setParameters(branch.getParameters());
  return orderQuery(outer, order, (place) => qb.escape(keyAlias(place))).limit(limit);
}

/**
 * The entities of a page read as keys first: the user's query builder for the keys' entities
 * (`tie-breaker IN (…)`, every joined row of each: an entity with all its children), put in the
 * keys' order, each beside its raw row of keys. An entity gone since its key was read is left out.
 *
 * @param parts - the query and the order
 * @param raw - the keys' raw rows, in the page's order
 * @example
 * ```ts
 * const rows = await entitiesByKeys(parts, await keysQuery(parts, range, read).getRawMany());
 * ```
 */
export async function entitiesByKeys(
  parts: ReadParts,
  raw: Record<string, unknown>[],
): Promise<ReadRow[]> {
  if (raw.length === 0) return [];
  const { qb, source } = parts;
  const alias = keyAlias(parts.terms.length - 1);
  const keys = raw.map((row) => row[alias]);
  assertOnePerEntity(keys.length, new Set(keys.map(String)).size);
  const tie = source.terms.at(-1)?.ref as string;
  const query = guardedClone(qb).andWhere(`${tie} IN (:...${KEYS})`, { [KEYS]: keys });
  const found = new Map<string, ObjectLiteral>();
  for (const entity of await query.orderBy().getMany())
    found.set(String(source.key(entity)), entity);
  return raw.flatMap((row) => {
    const entity = found.get(String(row[alias]));
    return entity === undefined ? [] : [{ entity, raw: row }];
  });
}
