import type { SortTerm } from "../../sort/sort-order.js";
import type { Dialect } from "../../sql/dialect.js";
import { compareInstants, type Instant, instantOf } from "./instant-text.js";
import type { ModelNames } from "./model-names.js";
import { placeholders, quotedName } from "./raw-sql.js";
import { finerThanMillis, type RawQuery } from "./timestamp-precision.js";

/**
 * How a list reads the timestamps finer than Prisma's `Date` (milliseconds) exactly: which of a
 * column's fields hold such values (asked of the catalog once a field), and each page's values as
 * the database's text.
 */
export interface ExactTimestamps {
  /** The places of the order whose timestamps are finer than a `Date`: read as text. */
  places(terms: readonly SortTerm[]): Promise<ReadonlySet<number>>;
  /**
   * The text of those timestamps in `rows`, by row: one statement (`WHERE key IN (…)`), on the
   * given client (the page's transaction).
   */
  read(
    raw: RawQuery,
    rows: readonly Record<string, unknown>[],
    terms: readonly SortTerm[],
    places: ReadonlySet<number>,
  ): Promise<Map<object, readonly (string | null)[]>>;
}

/**
 * The exact reading of a model's timestamps, or `undefined` where the dialect has none to do
 * (SQLite holds Prisma's own text) or the client tells no table names.
 *
 * @param raw - the client's `$queryRawUnsafe`, for the catalog
 * @param dialect - the database's dialect
 * @param names - the model's table and columns
 * @example
 * ```ts
 * const exact = exactTimestamps(raw, dialect, modelNames(prisma.item));
 * ```
 */
export function exactTimestamps(
  raw: RawQuery,
  dialect: Dialect,
  names: ModelNames,
): ExactTimestamps {
  const finer = new Map<string, Promise<boolean>>();
  const isFiner = (field: string) => {
    const known = finer.get(field);
    if (known !== undefined) return known;
    const asked = finerThanMillis(raw, dialect, names, field);
    finer.set(field, asked);
    // A failed question (the database away) is asked again by the next request.
    asked.catch(() => finer.delete(field));
    return asked;
  };
  return {
    places: async (terms) => {
      const finerAt = await Promise.all(
        terms.map((term) => term.type === "timestamp" && isFiner(term.column)),
      );
      return new Set(finerAt.flatMap((yes, place) => (yes ? [place] : [])));
    },
    read: async (client, rows, terms, places) => {
      const key = (terms.at(-1) as SortTerm).column;
      const text = (field: string) =>
        `CAST(${quotedName(dialect, names.column(field))} AS ${dialect.textType.toUpperCase()})`;
      const read = [...places].map(
        (place, i) => `${text((terms[place] as SortTerm).column)} AS v${i}`,
      );
      const table = [names.schema, names.table]
        .flatMap((name) => (name === undefined ? [] : [quotedName(dialect, name)]))
        .join(".");
      const sql = `SELECT ${text(key)} AS k, ${read.join(", ")} FROM ${table} WHERE ${quotedName(dialect, names.column(key))} IN (${placeholders(dialect, rows.length)})`;
      const found =
        rows.length === 0
          ? []
          : ((await client(sql, ...rows.map((row) => row[key]))) as Record<string, unknown>[]);
      const byKey = new Map(
        found.map((row) => [
          String(row.k),
          [...places].map((_, i) => row[`v${i}`] as string | null),
        ]),
      );
      return new Map(rows.map((row) => [row, byKey.get(String(row[key])) ?? []]));
    },
  };
}

/**
 * The millisecond a cursor's timestamp lies in, where it lies inside one (a value finer than
 * Prisma's `Date`): `from` its start, `to` the next one's.
 */
export interface Millisecond {
  readonly from: Date;
  readonly to: Date;
}

/**
 * A comparison with a timestamp inside a millisecond as Prisma's filter, widened to whole
 * milliseconds (`>` as `>=` its start, `=` as within it): the rows it adds are settled exactly
 * after, by their text.
 *
 * @param operator - the comparison
 * @param ms - the cursor's millisecond
 * @example
 * ```ts
 * widened(">", { from: new Date(5), to: new Date(6) }); // { gte: new Date(5) }
 * ```
 */
export function widened(operator: string, ms: Millisecond): Record<string, unknown> {
  if (operator === "=") return { gte: ms.from, lt: ms.to };
  return operator.startsWith(">") ? { gte: ms.from } : { lt: ms.to };
}

/**
 * The millisecond a cursor's timestamp text lies inside, where it is finer than a `Date` (its
 * microseconds not 0); `undefined` where a `Date` holds it whole.
 *
 * @param instant - the cursor's timestamp
 * @example
 * ```ts
 * millisecondOf({ millis: 5, micros: 1 }); // { from: new Date(5), to: new Date(6) }
 * ```
 */
export function millisecondOf(instant: Instant | undefined): Millisecond | undefined {
  if (instant === undefined || instant.micros === 0) return undefined;
  return { from: new Date(instant.millis), to: new Date(instant.millis + 1) };
}

/** Whether `compared` (a comparison's sign) satisfies an operator. */
export function satisfies(operator: string, compared: number): boolean {
  if (operator === "=") return compared === 0;
  if (operator.startsWith(">")) return compared > 0 || (operator === ">=" && compared === 0);
  return compared < 0 || (operator === "<=" && compared === 0);
}

/**
 * Whether a row's exact timestamp text stands to the cursor's as an operator says.
 *
 * @param text - the row's timestamp as the database's text
 * @param operator - the comparison
 * @param cursor - the cursor's timestamp
 * @example
 * ```ts
 * exactlyBeyond("2026-11-23 10:00:00.000006+00", ">", instantOf("2026-11-23 10:00:00.000005+00")); // true
 * ```
 */
export function exactlyBeyond(text: string | null, operator: string, cursor: Instant): boolean {
  const instant = text === null ? undefined : instantOf(text);
  return instant !== undefined && satisfies(operator, compareInstants(instant, cursor));
}
