import { boundedOrder } from "../../sql/bounded-order.js";
import type { Condition } from "../../sql/condition.js";
import type { KeysetPlan } from "../../sql/keyset-plan.js";
import { keysetSteps } from "../../sql/keyset-steps.js";
import { leadFirst } from "../../sql/lead-first.js";
import type { OrderTerm } from "../../sql/order-by.js";
import type { KeysetRequest } from "../list-setup.js";
import { type LeafFilter, prismaWhere } from "./keyset-where.js";
import { prismaOrderBy } from "./order.js";
import { bothWhere, type QueryArgs } from "./source.js";
import type { RawQuery } from "./timestamp-precision.js";
import type { PrismaDelegate } from "./types.js";
import { listedFilter } from "./value-lists.js";

/** How a keyset page's queries run: on the model, or on it inside one transaction. */
export interface KeysetRunner {
  /** The model's delegate. */
  readonly delegate: PrismaDelegate;
  /** Its client's `$queryRawUnsafe`. */
  readonly raw: RawQuery;
  /** The values of the model's fields Prisma compares by equality only (`valueLists`). */
  readonly lists: (field: string) => readonly unknown[] | undefined;
  /**
   * Runs `steps` on the model's delegate of one transaction (one snapshot), and that
   * transaction's `$queryRawUnsafe`.
   */
  readonly inSnapshot: <T>(
    steps: (delegate: PrismaDelegate, raw: RawQuery) => Promise<T>,
  ) => Promise<T>;
}

/** A range of a keyset page: its condition and its order. */
export interface KeysetStep {
  readonly where: Condition;
  readonly order: readonly OrderTerm[];
}

/** Where a range's rows start past the first `skip`, and the fields' own filters (`LeafFilter`). */
export interface RangeReading {
  readonly skip: number;
  readonly leaf: LeafFilter;
}

/**
 * One range's rows: the query's, in the step's order, beyond its condition, at most `take`
 * (past the first `skip`, each field with its own filter where it has one).
 *
 * @param delegate - the model's delegate (or a transaction's)
 * @param query - the request's args
 * @param keyset - the order's terms and the cursor's bound values
 * @param step - the range
 * @param take - at most this many rows
 * @param reading - where they start, and the fields' own filters
 * @default reading none skipped, no field's own filter
 * @example
 * ```ts
 * const rows = await rangeRows(delegate, query, keyset, { where: plan.where, order: plan.order }, 21);
 * ```
 */
export function rangeRows(
  delegate: PrismaDelegate,
  query: QueryArgs,
  keyset: KeysetRequest,
  step: KeysetStep,
  take: number,
  reading: RangeReading = { skip: 0, leaf: () => undefined },
): Promise<Record<string, unknown>[]> {
  const fields = keyset.terms.map((term) => term.column);
  const keysetWhere = prismaWhere(step.where, fields, keyset.value, reading.leaf);
  const where = bothWhere(query.where, keysetWhere);
  const orderBy = prismaOrderBy(step.order, fields);
  const skip = reading.skip === 0 ? {} : { skip: reading.skip };
  return delegate.findMany({ ...query.args, where, orderBy, take, ...skip }) as Promise<
    Record<string, unknown>[]
  >;
}

/**
 * A first page's union as steps, its lead first: on MariaDB, the values and the NULLs of a first
 * field whose NULLs the order puts contrary to MariaDB's place (`flaggedPlan`).
 */
function firstSteps(plan: KeysetPlan): readonly Condition[] {
  const lead = plan.lead?.where;
  const union = plan.union ?? [];
  return lead === undefined ? union : [lead, ...union.filter((branch) => branch !== lead)];
}

/**
 * A keyset page's rows, nearest the cursor first: one `findMany` where the plan's predicate is one
 * range (MariaDB reads the written-out one as ranges; a first page has none), else the ranges of
 * `keysetSteps` one after another, lead first: the first alone, and only when it comes back short
 * of the page, every step again in one transaction (one snapshot: a row moved between two reads
 * is neither lost nor repeated), each asked for the rows still missing.
 *
 * @param runner - the model's delegate and its transactions
 * @param query - the request's args, checked (`queryArgs`)
 * @param keyset - the plan, the cursor's values and its limit
 * @param manyTies - whether a field holds many rows a value (`tieEstimates`): its ties then
 *   a step of their own
 * @default manyTies never
 * @example
 * ```ts
 * const rows = await keysetRows(runner, queryArgs(name, args, fields), keyset);
 * ```
 */
export async function keysetRows(
  runner: KeysetRunner,
  query: QueryArgs,
  keyset: KeysetRequest,
  manyTies: (field: string) => Promise<boolean> = async () => false,
): Promise<Record<string, unknown>[]> {
  const { plan, cursor, side } = keyset;
  const { limit } = cursor;
  const fields = keyset.terms.map((term) => term.column);
  const reading = { skip: 0, leaf: listedFilter(runner.lists, fields, keyset.value) };
  if (plan.union === undefined) {
    const order = boundedOrder(plan.order, plan.where);
    return rangeRows(runner.delegate, query, keyset, { where: plan.where, order }, limit, reading);
  }
  const last = keyset.terms.at(-2)?.column;
  const merge = side !== undefined && !(last !== undefined && (await manyTies(last)));
  const steps = (
    side === undefined ? firstSteps(plan) : keysetSteps(plan.columns, side, merge)
  ).map((where) => ({ where, order: boundedOrder(plan.order, where) }));
  const lead = () => rangeRows(runner.delegate, query, keyset, steps[0] as never, limit, reading);
  if (steps.length === 1) return lead();
  const whole = () =>
    runner.inSnapshot(async (delegate) => {
      const rows: Record<string, unknown>[] = [];
      for (const step of steps) {
        if (rows.length >= limit) break;
        const take = limit - rows.length;
        rows.push(...(await rangeRows(delegate, query, keyset, step, take, reading)));
      }
      return rows;
    });
  return leadFirst(lead, whole, limit);
}
