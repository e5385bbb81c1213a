import type { Condition } from "../../sql/condition.js";
import { keysetSteps } from "../../sql/keyset-steps.js";
import { leadFirst } from "../../sql/lead-first.js";
import type { OrderTerm } from "../../sql/order-by.js";
import type { KeysetRequest } from "../list-setup.js";
import { prismaWhere } from "./keyset-where.js";
import { prismaOrderBy } from "./order.js";
import { bothWhere, type QueryArgs } from "./source.js";
import type { PrismaDelegate } from "./types.js";

/** How a keyset page's queries run: on the model, or on it inside one transaction. */
export interface KeysetRunner {
  /** The model's delegate. */
  readonly delegate: PrismaDelegate;
  /** Runs `steps` on the model's delegate of one transaction (one snapshot). */
  readonly inSnapshot: <T>(steps: (delegate: PrismaDelegate) => Promise<T>) => Promise<T>;
}

/** One range's rows: the query's, in `order`, beyond the step's condition, at most `take`. */
function rangeRows(
  delegate: PrismaDelegate,
  query: QueryArgs,
  keyset: KeysetRequest,
  step: { readonly where: Condition; readonly order: readonly OrderTerm[] },
  take: number,
): Promise<object[]> {
  const fields = keyset.terms.map((term) => term.column);
  const where = bothWhere(query.where, prismaWhere(step.where, fields, keyset.value));
  const orderBy = prismaOrderBy(step.order, fields);
  return delegate.findMany({ ...query.args, where, orderBy, take }) as Promise<object[]>;
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
 * @example
 * ```ts
 * const rows = await keysetRows(runner, queryArgs(name, args, fields), keyset);
 * ```
 */
export function keysetRows(
  runner: KeysetRunner,
  query: QueryArgs,
  keyset: KeysetRequest,
): Promise<object[]> {
  const { plan, cursor } = keyset;
  const { limit } = cursor;
  const side = cursor.values && {
    backward: cursor.side === "before",
    nulls: cursor.values.map((value) => value === null),
  };
  if (plan.union === undefined || side === undefined) {
    return rangeRows(runner.delegate, query, keyset, plan, limit);
  }
  const steps = keysetSteps(plan.columns, side).map((where) => ({ where, order: plan.order }));
  const lead = () => rangeRows(runner.delegate, query, keyset, steps[0] as never, limit);
  if (steps.length === 1) return lead();
  const whole = () =>
    runner.inSnapshot(async (delegate) => {
      const rows: object[] = [];
      for (const step of steps) {
        if (rows.length >= limit) break;
        rows.push(...(await rangeRows(delegate, query, keyset, step, limit - rows.length)));
      }
      return rows;
    });
  return leadFirst(lead, whole, limit);
}
