import type { SortTerm } from "../../sort/sort-order.js";
import { boundedOrder } from "../../sql/bounded-order.js";
import type { Condition } from "../../sql/condition.js";
import { branchGroups, type KeysetCursor } from "../../sql/keyset-condition.js";
import type { KeysetPlan } from "../../sql/keyset-plan.js";
import { keysetSteps } from "../../sql/keyset-steps.js";
import type { KeysetRequest } from "../list-setup.js";
import {
  type ExactTimestamps,
  exactlyBeyond,
  type Millisecond,
  millisecondOf,
  widened,
} from "./exact-timestamps.js";
import { sortValue } from "./exact-values.js";
import { compareInstants, type Instant, instantOf } from "./instant-text.js";
import { type KeysetRunner, type KeysetStep, rangeRows } from "./keyset.js";
import type { CompareOperator, LeafFilter } from "./keyset-where.js";
import type { QueryArgs } from "./source.js";
import type { RawQuery } from "./timestamp-precision.js";
import type { PrismaDelegate } from "./types.js";
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
 * (`places`), in one transaction. Where the cursor's value lies inside a millisecond at one place
 * at most, the page is first read as the plain path reads it (`keysetSteps`: one range nearly always),
 * that place's comparisons widened to the millisecond, and each row of that millisecond settled
 * by its text (`settledOne`); a row it cannot settle (another at the cursor's very instant, or one
 * behind it) sends the page to the ranges of the order read one by one (`branchGroups`, nearest
 * first), each comparison of such a timestamp widened, the rows it adds dropped by their exact
 * text, a range asked again past its rows so far while it drops some. The texts are read in one
 * statement a query. What it reads beyond the page is bounded by the rows of the cursor's
 * millisecond.
 *
 * @param runner - the model's delegate and its transactions
 * @param query - the request's args
 * @param keyset - the plan, the cursor's values and its limit
 * @param exact - the exact reading of the timestamps
 * @param places - the places of the timestamps finer than a `Date`
 * @param manyTies - whether a field holds many rows a value (`tieEstimates`)
 * @default manyTies never
 * @example
 * ```ts
 * const { rows, texts } = await exactKeysetRows(runner, query, keyset, exact, new Set([1]));
 * ```
 */
export async function exactKeysetRows(
  runner: KeysetRunner,
  query: QueryArgs,
  keyset: KeysetRequest,
  exact: ExactTimestamps,
  places: ReadonlySet<number>,
  manyTies: (field: string) => Promise<boolean> = async () => false,
): Promise<ExactPage> {
  const { plan, cursor, terms, side } = keyset;
  const { values } = cursor;
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
  const inside = [...places].filter((place) => within(place) !== undefined);
  const last = fields.at(-2);
  const merge = side !== undefined && !(last !== undefined && (await manyTies(last)));
  const oneRange =
    side === undefined || inside.length > 1
      ? undefined
      : oneRangeSteps(plan, side, merge, inside[0], leaf);
  const ranges = (): KeysetStep[] =>
    side === undefined
      ? [{ where: plan.where, order: plan.order }]
      : branchGroups(plan.columns, side, false)
          .reverse()
          .flat()
          .map((where) => ({ where, order: boundedOrder(plan.order, where) }));
  return runner.inSnapshot(async (delegate, raw) => {
    const read = pageReader(delegate, raw, query, exactKeyset, exact, places);
    if (oneRange !== undefined) {
      const [place] = inside;
      const settle: Settle =
        place === undefined ? () => () => true : settledOne(keyset, place, instants, read.text);
      const page = await read.steps(oneRange, settle, 1, false);
      if (page !== undefined) return page;
    }
    const holds = (row: object, { place, operator }: Comparison) =>
      exactlyBeyond(read.text(row, place), operator, instants[place] as Instant);
    const settle = (step: ExactStep) => (row: object) => step.checked.every((c) => holds(row, c));
    const steps = ranges().flatMap((range) => exactSteps(range, fields, within, leaf));
    return (await read.steps(steps, settle, 0)) as ExactPage;
  });
}

/**
 * The plain path's steps (`keysetRows`: the plan's one predicate, or `keysetSteps`), each with
 * the comparisons at `place` widened (none without a place inside a millisecond), where one step
 * alone compares that place (widened in two, a millisecond's rows would be read twice); else
 * `undefined`.
 */
function oneRangeSteps(
  plan: KeysetPlan,
  side: KeysetCursor,
  merge: boolean,
  place: number | undefined,
  leaf: LeafFilter,
): ExactStep[] | undefined {
  const wheres = plan.union === undefined ? [plan.where] : keysetSteps(plan.columns, side, merge);
  const widenedIn = wheres.filter((where) => place !== undefined && mentions(where, place));
  if (place !== undefined && widenedIn.length !== 1) return undefined;
  const checked: Comparison[] = [];
  return wheres.map((where) => ({ where, order: boundedOrder(plan.order, where), leaf, checked }));
}

/** Whether a row of a step's reading is beyond the cursor; `undefined` where its text cannot tell. */
type Settle = (step: ExactStep) => (row: Record<string, unknown>) => boolean | undefined;

/** A page read step by step in one transaction, each batch's timestamps read as text. */
function pageReader(
  delegate: PrismaDelegate,
  raw: RawQuery,
  query: QueryArgs,
  keyset: KeysetRequest,
  exact: ExactTimestamps,
  places: ReadonlySet<number>,
) {
  const { terms, cursor } = keyset;
  const texts = new Map<object, readonly (string | null)[]>();
  const order = [...places];
  return {
    texts,
    text: (row: object, place: number) => texts.get(row)?.[order.indexOf(place)] ?? null,
    /**
     * The steps' rows up to the page's limit, each batch `spare` rows longer (room for rows
     * dropped), a step asked `again` past its rows while it drops some (else `undefined`: the
     * rows dropped may be many); `undefined` as soon as a row cannot be settled.
     */
    async steps(steps: readonly ExactStep[], settle: Settle, spare: number, again = true) {
      const rows: Record<string, unknown>[] = [];
      for (const step of steps) {
        const kept = settle(step);
        for (let skip = 0; rows.length < cursor.limit; ) {
          const take = cursor.limit - rows.length + spare;
          const batch = await rangeRows(delegate, query, keyset, step, take, {
            skip,
            leaf: step.leaf,
          });
          for (const [row, text] of await exact.read(raw, batch, terms, places))
            texts.set(row, text);
          const verdicts = batch.map(kept);
          if (verdicts.includes(undefined)) return undefined;
          rows.push(...batch.filter((_, i) => verdicts[i]));
          const enough = rows.length >= cursor.limit || batch.length < take;
          if (enough || !verdicts.includes(false)) break;
          if (!again) return undefined;
          skip += batch.length;
        }
        if (rows.length >= cursor.limit) break;
      }
      return { rows: rows.slice(0, cursor.limit), texts };
    },
  };
}

/**
 * The settling of a row read with the comparisons at `place` widened to the cursor's millisecond,
 * in a step that holds them (any other step's rows are exact): beyond the cursor where its `Date`
 * lies outside that millisecond (the widened range adds none there) or its text lies beyond the
 * cursor's in the order read. A row of the millisecond behind the cursor, or at its very instant,
 * is settled where the fields before `place` hold the cursor's values (the same text: the
 * database's too): behind it, not beyond; at its instant, not beyond where every field and the
 * key are the cursor's (the cursor's own place), else by the key where it comes next and the
 * database gives it as a number. Anything else is `undefined`: a range holding other fields'
 * branches may hold it rightly, or the database's order of other fields tells.
 */
function settledOne(
  keyset: KeysetRequest,
  place: number,
  instants: readonly (Instant | undefined)[],
  text: (row: object, place: number) => string | null,
): Settle {
  const { terms, cursor } = keyset;
  const cursorInstant = instants[place] as Instant;
  const from = (millisecondOf(cursorInstant) as Millisecond).from.getTime();
  const term = terms[place] as SortTerm;
  // Beyond the cursor in the order read: a page before the cursor reads the order reversed.
  const signOf = (t: SortTerm) =>
    (t.direction === "desc") === (cursor.side === "before") ? 1 : -1;
  const values = cursor.values ?? [];
  const sameAt = (row: Record<string, unknown>, places: readonly number[]) =>
    places.every((k) => sameValue(sortValue(row[(terms[k] as SortTerm).column]), values[k]));
  const before = terms.slice(0, place).map((_, k) => k);
  const others = terms.map((_, k) => k).filter((k) => k !== place);
  const keyTerm = terms.at(-1) as SortTerm;
  const byKey = place === terms.length - 2 ? numericOrder(values.at(-1)) : undefined;
  return (step) => {
    if (!mentions(step.where, place)) return () => true;
    return (row) => {
      const value = row[term.column];
      if (!(value instanceof Date) || value.getTime() !== from) return true;
      const read = text(row, place);
      const instant = read === null ? undefined : instantOf(read);
      if (instant === undefined) return undefined;
      const compared = signOf(term) * compareInstants(instant, cursorInstant);
      if (compared > 0) return true;
      if (!sameAt(row, before)) return undefined;
      if (compared < 0 || sameAt(row, others)) return false;
      const keyCompared = byKey?.(row[keyTerm.column]);
      return keyCompared === undefined ? undefined : signOf(keyTerm) * keyCompared > 0;
    };
  };
}

/** Whether a row's sort value (as a cursor carries it) is the cursor's, as text. */
function sameValue(value: unknown, cursorValue: unknown): boolean {
  return (value === null) === (cursorValue === null) && String(value) === String(cursorValue);
}

/**
 * A key's comparison with the cursor's where the database gives the key as a number (a `number`
 * or a `bigint`: a numeric column, ordered as numbers) and both are integers; a key given as text
 * is ordered by its collation, which no comparison here knows.
 */
function numericOrder(cursorKey: unknown): ((key: unknown) => number | undefined) | undefined {
  const digits = (v: unknown) => /^-?\d+$/.test(String(v));
  if (typeof cursorKey === "object" || !digits(cursorKey)) return undefined;
  const bound = BigInt(String(cursorKey));
  return (key) => {
    if ((typeof key !== "bigint" && typeof key !== "number") || !digits(key)) return undefined;
    const at = BigInt(key);
    return at > bound ? 1 : at < bound ? -1 : 0;
  };
}

/** Whether a condition compares the field at `place`. */
function mentions(condition: Condition, place: number): boolean {
  if (condition.kind === "compare") return condition.columns.includes(place);
  return condition.kind === "and" || condition.kind === "or"
    ? condition.parts.some((part) => mentions(part, place))
    : false;
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
