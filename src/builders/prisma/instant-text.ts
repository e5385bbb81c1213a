/** A database's timestamp text: date, time, up to 6 digits of fraction, an optional zone. */
const TIMESTAMP =
  /^(\d{4,}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d(?::?\d\d(?::?\d\d)?)?)?$/;

/** An instant to the microsecond: milliseconds since the epoch and the microseconds beyond. */
export interface Instant {
  /** The instant's millisecond (its `Date`). */
  readonly millis: number;
  /** The microseconds beyond it, 0 to 999. */
  readonly micros: number;
}

/**
 * The instant a database's timestamp text names (PostgreSQL's `::text` of a `timestamptz`, its
 * zone as the session writes it, or MariaDB's `DATETIME` without one, UTC as Prisma reads it),
 * to the microsecond; `undefined` for text that is no such timestamp (`infinity`, a year BC).
 *
 * @param text - the timestamp as text
 * @example
 * ```ts
 * instantOf("2026-11-23 10:00:00.123456+00"); // { millis: 1795428000123, micros: 456 }
 * ```
 */
export function instantOf(text: string): Instant | undefined {
  const match = TIMESTAMP.exec(text);
  if (match === null) return undefined;
  const [, date, time, fraction = "", zone = "Z"] = match;
  const digits = fraction.padEnd(6, "0");
  const offset = zone === "Z" ? "Z" : zoneOffset(zone);
  const millis = Date.parse(`${date}T${time}.${digits.slice(0, 3)}${offset}`);
  if (Number.isNaN(millis)) return undefined;
  return { millis, micros: Number(digits.slice(3, 6)) };
}

/** A zone as `Date.parse` takes it: `+05` as `+05:00`, `+0530` as `+05:30` (seconds dropped: none in use). */
function zoneOffset(zone: string): string {
  const digits = zone.slice(1).replaceAll(":", "");
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4).padEnd(2, "0")}`;
}

/**
 * Two instants compared: negative when `a` is earlier, positive when later, 0 when the same.
 *
 * @param a - an instant
 * @param b - another
 * @example
 * ```ts
 * compareInstants({ millis: 1, micros: 5 }, { millis: 1, micros: 6 }); // -1
 * ```
 */
export function compareInstants(a: Instant, b: Instant): number {
  return Math.sign(a.millis - b.millis || a.micros - b.micros);
}
