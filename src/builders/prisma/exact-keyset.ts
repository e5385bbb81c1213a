import { boundedOrder } from "../../sql/bounded-order.js";
import type { Condition } from "../../sql/condition.js";
import { branchGroups } from "../../sql/keyset-condition.js";
import type { KeysetRequest } from "../list-setup.js";
import {
  type ExactTimestamps,
  exactlyBeyond,
  type Millisecond,
  millisecondOf,
  widened,
} from "./exact-timestamps.js";
import { type Instant, instantOf } from "./instant-text.js";
import { type KeysetRunner, type KeysetStep, rangeRows } from "./keyset.js";
import type { CompareOperator, LeafFilter } from "./keyset-where.js";
import type { QueryArgs } from "./source.js";
import { listedFilter } from "./value-lists.js";

/** A keyset page read with its timestamps' exact text, by row. */
export interface ExactPage {
  readonly rows: Record<string, unknown>[];
  readonly texts: Map<object, readonly (string | null)[]>;
}

/** The comparisons of a conjunction (a step of `branchGroups`), its leaves. */
function comparisons(condition: Condition): Comparison[] {
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
  const ranges: KeysetStep[] =
    side === undefined
      ? [{ where: plan.where, order: plan.order }]
      : branchGroups(plan.columns, side, false)
          .reverse()
          .flat()
          .map((where) => ({ where, order: boundedOrder(plan.order, where) }));
  const steps = ranges.flatMap((range) => exactSteps(range, fields, within, leaf));
  return runner.inSnapshot(async (delegate, raw) => {
    const rows: Record<string, unknown>[] = [];
    const texts = new Map<object, readonly (string | null)[]>();
    const order = [...places];
    const holds = (row: object, { place, operator }: Comparison) =>
      exactlyBeyond(
        texts.get(row)?.[order.indexOf(place)] ?? null,
        operator,
        instants[place] as Instant,
      );
    for (const step of steps) {
      for (let skip = 0; rows.length < limit; ) {
        const take = limit - rows.length;
        const reading = { skip, leaf: step.leaf };
        const batch = await rangeRows(delegate, query, exactKeyset, step, take, reading);
        for (const [row, text] of await exact.read(raw, batch, terms, places)) texts.set(row, text);
        const kept = batch.filter((row) => step.checked.every((c) => holds(row, c)));
        rows.push(...kept);
        if (batch.length < take || kept.length === batch.length) break;
        skip += batch.length;
      }
      if (rows.length >= limit) break;
    }
    return { rows, texts };
  });
}

/** A comparison of a step with the cursor's value at a place. */
interface Comparison {
  readonly place: number;
  readonly operator: CompareOperator;
}

/** A range as the exact reading asks for it: its fields' filters, and what is settled by text. */
interface ExactStep extends KeysetStep {
  readonly leaf: LeafFilter;
  /** The comparisons each row is checked against by its exact text. */
  readonly checked: readonly Comparison[];
}

/**
 * A range whose one comparison of a timestamp lies inside a millisecond, as two: the rows of
 * that millisecond, read whole and settled by their text, then the rows beyond it, exact by
 * their `Date` (`created_at < ?` as `created_at` within the cursor's millisecond, then before
 * it): no rows to settle beyond what the millisecond holds, asked for once. Any other range as
 * it is, its widened comparisons settled by text.
 */
function exactSteps(
  range: KeysetStep,
  fields: readonly string[],
  within: (place: number) => Millisecond | undefined,
  leaf: LeafFilter,
): ExactStep[] {
  const found = comparisons(range.where).filter(({ place }) => within(place) !== undefined);
  const [only, ...more] = found;
  if (only === undefined || more.length > 0 || only.operator === "=") {
    return [{ ...range, leaf, checked: found }];
  }
  const ms = within(only.place) as Millisecond;
  const field = fields[only.place] as string;
  const at =
    (filter: Record<string, unknown>): LeafFilter =>
    (place, operator) =>
      place === only.place ? { [field]: filter } : leaf(place, operator);
  const beyond = only.operator.startsWith(">") ? { gte: ms.to } : { lt: ms.from };
  return [
    { ...range, leaf: at({ gte: ms.from, lt: ms.to }), checked: [only] },
    { ...range, leaf: at(beyond), checked: [] },
  ];
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
