import type { SortTerm } from "../../sort/sort-order.js";
import type { Condition } from "../../sql/condition.js";
import type { KeysetPlan } from "../../sql/keyset-plan.js";
import { leadFirst } from "../../sql/lead-first.js";
import type { OrderTerm } from "../../sql/order-by.js";
import { entityRows } from "./entity-rows.js";
import { entitiesByKeys, keysQuery, unionQuery } from "./keys-first.js";
import { rawUnderPageSetting } from "./page-setting.js";
import type { ReadParts, ReadRow } from "./read-parts.js";

/** Whether a predicate bounds the rows (a cursor's), not `TRUE` (a first page). */
const bounds = (where: Condition) => !(where.kind === "constant" && where.value);

/** Whether a predicate tests a column for NULL (a nullable field's branch). */
function testsNull(where: Condition): boolean {
  if (where.kind === "null") return true;
  return (where.kind === "and" || where.kind === "or") && where.parts.some(testsNull);
}

/**
 * One range of a keyset page: the user's query builder's entities in one statement (an index
 * range, `entityRows`), bounded by a cursor under the server's page setting (MariaDB's
 * `SET STATEMENT … FOR`, `underPageSetting`); or, over a join to many, or on MariaDB through a
 * nullable field's NULLs (whose whole row MariaDB reads by `ref` on the NULL, its keys alone by
 * the index's range), its keys first (`keysQuery`, under the setting), then their entities.
 */
function rangeRows(parts: ReadParts, where: Condition, order: readonly OrderTerm[], limit: number) {
  const range = { where, order, limit, offset: 0 };
  const keysFirst =
    parts.source.manyRows ||
    (parts.dialect.pageSetting !== undefined && bounds(where) && testsNull(where));
  if (!keysFirst) return () => entityRows(parts, range, true, bounds(where));
  return async () => {
    const keys = keysQuery(parts, range, { values: true, keys: false });
    const raw = bounds(where)
      ? await rawUnderPageSetting(keys, parts.dialect)
      : await keys.getRawMany();
    return entitiesByKeys(parts, raw);
  };
}

/**
 * A keyset page's rows: the user's query beyond the cursor, in the plan's order, `limit` rows,
 * each with its sort values read exactly beside it; the plan's predicate in one statement, or,
 * where the plan has a union, its lead alone first (`leadFirst`: the branch nearest the cursor,
 * one index range) and the union of the ranges (keys, then entities) only when the lead comes
 * back short.
 *
 * @param parts - the query and the order
 * @param plan - the dialect's keyset plan
 * @param limit - the rows a page reads (its size and one more)
 * @example
 * ```ts
 * const rows = await keysetRows(parts, keyset.plan, cursor.limit);
 * ```
 */
export async function keysetRows(
  parts: ReadParts,
  plan: KeysetPlan<SortTerm>,
  limit: number,
): Promise<ReadRow[]> {
  const { where, order, union, lead } = plan;
  if (union === undefined) return rangeRows(parts, where, order, limit)();
  const whole = async () => {
    const keys = unionQuery(parts, union, plan.branchOrders ?? [], order, limit);
    return entitiesByKeys(parts, await rawUnderPageSetting(keys, parts.dialect));
  };
  if (lead === undefined) return whole();
  return leadFirst(rangeRows(parts, lead.where, lead.order, limit), whole, limit);
}
