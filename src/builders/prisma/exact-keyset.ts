import { boundedOrder } from "../../sql/bounded-order.js";
import type { Condition } from "../../sql/condition.js";
import { branchGroups } from "../../sql/keyset-condition.js";
import type { KeysetRequest } from "../list-setup.js";
import { type ExactTimestamps, exactlyBeyond, millisecondOf, widened } from "./exact-timestamps.js";
import { type Instant, instantOf } from "./instant-text.js";
import { type KeysetRunner, type KeysetStep, rangeRows } from "./keyset.js";
import type { LeafFilter } from "./keyset-where.js";
import type { QueryArgs } from "./source.js";
import { listedFilter } from "./value-lists.js";

/** A keyset page read with its timestamps' exact text, by row. */
export interface ExactPage {
  readonly rows: Record<string, unknown>[];
  readonly texts: Map<object, readonly (string | null)[]>;
}

/** The comparisons of a conjunction (a step of `branchGroups`), its leaves. */
function comparisons(condition: Condition): { place: number; operator: string }[] {
  if (condition.kind === "compare")
    return [{ place: condition.columns[0] as number, operator: condition.operator }];
  return condition.kind === "and" ? condition.parts.flatMap(comparisons) : [];
}

/**
 * A keyset page where some of the order's timestamps are finer than Prisma's `Date`
 * (`places`): in one transaction, each range of the order (`branchGroups`, nearest first) asked
 * with its comparisons of such a timestamp widened to the millisecond the cursor's value lies in,
 * the rows it adds (those of that millisecond on the wrong side of the cursor) dropped by their
 * exact text, read in one statement a query; a range asked again past its rows so far while it
 * drops some. What it reads beyond the page is bounded by the rows of the cursor's millisecond.
 *
 * @param runner - the model's delegate and its transactions
 * @param query - the request's args
 * @param keyset - the plan, the cursor's values and its limit
 * @param exact - the exact reading of the timestamps
 * @param places - the places of the timestamps finer than a `Date`
 * @example
 * ```ts
 * const { rows, texts } = await exactKeysetRows(runner, query, keyset, exact, new Set([1]));
 * ```
 */
export function exactKeysetRows(
  runner: KeysetRunner,
  query: QueryArgs,
  keyset: KeysetRequest,
  exact: ExactTimestamps,
  places: ReadonlySet<number>,
): Promise<ExactPage> {
  const { plan, cursor, terms } = keyset;
  const { values, limit } = cursor;
  const instants = (values ?? []).map((value, place): Instant | undefined =>
    places.has(place) && typeof value === "string" ? instantOf(value) : undefined,
  );
  const within = (place: number) => millisecondOf(instants[place]);
  const exactKeyset = { ...keyset, value: boundExactly(keyset, places, instants) };
  const fields = terms.map((term) => term.column);
  const listed = listedFilter(runner.lists, fields, exactKeyset.value);
  const leaf: LeafFilter = (place, operator) => {
    const ms = within(place);
    return ms === undefined
      ? listed(place, operator)
      : { [fields[place] as string]: widened(operator, ms) };
  };
  const side = values && {
    backward: cursor.side === "before",
    nulls: values.map((v) => v === null),
  };
  const steps: KeysetStep[] =
    side === undefined
      ? [{ where: plan.where, order: plan.order }]
      : branchGroups(plan.columns, side, false)
          .reverse()
          .flat()
          .map((where) => ({ where, order: boundedOrder(plan.order, where) }));
  return runner.inSnapshot(async (delegate, raw) => {
    const rows: Record<string, unknown>[] = [];
    const texts = new Map<object, readonly (string | null)[]>();
    for (const step of steps) {
      const widened = comparisons(step.where).filter(({ place }) => within(place) !== undefined);
      for (let skip = 0; rows.length < limit; ) {
        const take = limit - rows.length;
        const batch = await rangeRows(delegate, query, exactKeyset, step, take, { skip, leaf });
        for (const [row, text] of await exact.read(raw, batch, terms, places)) texts.set(row, text);
        const order = [...places];
        const kept = batch.filter((row) =>
          widened.every(({ place, operator }) =>
            exactlyBeyond(
              texts.get(row)?.[order.indexOf(place)] ?? null,
              operator,
              instants[place] as Instant,
            ),
          ),
        );
        rows.push(...kept);
        if (batch.length < take || kept.length === batch.length) break;
        skip += batch.length;
      }
      if (rows.length >= limit) break;
    }
    return { rows, texts };
  });
}

/** The cursor's values as Prisma binds them, a timestamp read as text at `places` as its `Date`. */
function boundExactly(
  keyset: KeysetRequest,
  places: ReadonlySet<number>,
  instants: readonly (Instant | undefined)[],
): (place: number) => unknown {
  return (place) => {
    const instant = instants[place];
    if (places.has(place) && instant !== undefined) return new Date(instant.millis);
    return keyset.value(place);
  };
}
