import type { Compilable, Kysely, SelectQueryBuilder, SelectQueryNode } from "kysely";
import type { SortTerm } from "../../sort/sort-order.js";
import type { Condition } from "../../sql/condition.js";
import type { Dialect } from "../../sql/dialect.js";
import { keyAlias } from "../../sql/hidden-columns.js";
import type { KeysetPlan } from "../../sql/keyset-plan.js";
import { leadFirst } from "../../sql/lead-first.js";
import type { OrderTerm } from "../../sql/order-by.js";
import { withExactValues } from "./exact-values.js";
import { conditionExpression, type LeafWriter } from "./keyset-where.js";
import { orderQuery } from "./order.js";
import { outerBuilder, runOuter } from "./outer-query.js";
import { outerUnderPageSetting, underPageSetting } from "./page-setting.js";

/** What a keyset page's query is written from. */
export interface KeysetQueryParts {
  readonly plan: KeysetPlan<SortTerm>;
  /** Each term's column reference in the user's query. */
  readonly refs: readonly string[];
  /** The cursor's values by place, bound as the dialect compares them. */
  readonly value: (place: number) => unknown;
  readonly limit: number;
  readonly dialect: Dialect;
  /** The places of the terms whose exact values are selected apart (the others read off the row). */
  readonly apart: ReadonlySet<number>;
}

/** The user's query beyond a condition, in the plan's order, at most `limit` rows. */
function rangeQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  condition: Condition,
  order: readonly OrderTerm[],
  parts: KeysetQueryParts,
  keys: boolean,
): SelectQueryBuilder<DB, TB, O> {
  const { plan, refs, value, limit, dialect, apart } = parts;
  const writer: LeafWriter = { column: (place) => refs[place] as string, value };
  const filtered =
    condition.kind === "constant" && condition.value
      ? query
      : query.where((eb) => conditionExpression(eb, condition, writer));
  const selected = withExactValues(filtered, plan.columns, refs, dialect, keys, apart);
  return orderQuery(selected, order, writer.column).limit(limit);
}

/**
 * A keyset page's query: the user's query filtered by the plan's predicate, ordered and limited;
 * or, where the plan has a union, each branch so (one index range each) as a subquery, merged by
 * UNION ALL under an outer ORDER BY and LIMIT on the columns each branch selects as they are, run
 * lead first (`leadFirst`: the branch nearest the cursor alone, the union only when it comes back
 * short), each statement bounded by a cursor under the dialect's page setting where the server
 * has one (MariaDB: `underPageSetting`, on the query's own executor; the union on `db`). Every
 * row carries the sort values at `apart` under hidden aliases (`carryHiddenValues` takes them
 * off).
 *
 * @param db - the Kysely instance (the union's outer query)
 * @param query - the user's query
 * @param parts - the plan, references, values, limit and dialect
 * @example
 * ```ts
 * const rows = await keysetQuery(db, query, { plan, refs, value, limit: 21, dialect, apart }).execute();
 * ```
 */
export function keysetQuery<DB, QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  parts: KeysetQueryParts,
): { execute(): Promise<O[]> } {
  const { where, order, union, lead } = parts.plan;
  // Each statement bounded by a cursor under the dialect's page setting, where the server has
  // one (MariaDB); a first page's (no bound: the same plan) as it is.
  const range = (condition: Condition, terms: readonly OrderTerm[]) => {
    const built = rangeQuery(query, condition, terms, parts, false);
    if (condition.kind === "constant" && condition.value) return () => built.execute();
    return () => underPageSetting(db, parts.dialect, built);
  };
  if (union === undefined) return { execute: range(where, order) };
  const whole = () => {
    const built = unionQuery(db, query, union, parts);
    const run = () => runOuter(db, built) as Promise<O[]>;
    return outerUnderPageSetting(db, parts.dialect, built as Compilable<O>, run);
  };
  if (lead === undefined) return { execute: whole };
  const near = range(lead.where, lead.order);
  return { execute: () => leadFirst(near, whole, parts.limit) };
}

/** The union's branches, each one index range as a subquery, merged under the plan's order. */
function unionQuery<DB, QDB, TB extends keyof QDB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<QDB, TB, O>,
  union: readonly Condition[],
  parts: KeysetQueryParts,
): Compilable<unknown> {
  const { order, branchOrders } = parts.plan;
  const loose = outerBuilder(db);
  const ranges = union.map((condition, i) =>
    rangeQuery(query, condition, branchOrders?.[i] ?? order, parts, true),
  );
  const branch = (range: (typeof ranges)[number], i: number) =>
    loose.selectFrom(range.as(`pagewise_b${i}`) as never).selectAll();
  const merged = ranges
    .slice(1)
    .reduce((all, range, i) => all.unionAll(branch(range, i + 1)), branch(ranges[0] as never, 0));
  const outer = loose.selectFrom(merged.as("pagewise_u") as never).selectAll();
  const written = writtenAliases(ranges[0] as never);
  const key = (place: number) => written.get(keyAlias(place)) ?? keyAlias(place);
  return orderQuery(outer, order, key).limit(parts.limit);
}

/**
 * Each alias a branch selects as the query's plugins write it, by its name lower-cased (a
 * `CamelCasePlugin` with `upperCase` writes `pagewisekeyxa` as `PAGEWISEKEYXA`, which the outer
 * ORDER BY, built without the plugins, must name so: PostgreSQL tells quoted names by case).
 */
function writtenAliases(range: { toOperationNode(): SelectQueryNode }): Map<string, string> {
  const names = new Map<string, string>();
  for (const { selection } of range.toOperationNode().selections ?? []) {
    const alias = (selection as { alias?: { name?: unknown } }).alias?.name;
    if (typeof alias === "string") names.set(alias.toLowerCase(), alias);
  }
  return names;
}
