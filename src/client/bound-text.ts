/** A bound's figures as a person reads them in an error: `30 s`, `300 ms`, `8 MiB`, `10:42:07 UTC`. */

/**
 * A time in ms as words: whole seconds as `30 s`, less than a second as `300 ms`, else `1.5 s`.
 *
 * @param ms - the time
 * @example
 * ```ts
 * msText(30_000); // "30 s"
 * ```
 */
export function msText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${ms / 1000} s`;
}

/**
 * A size in bytes as words: `8 MiB`, `64 KiB` when it is a whole number of them, else `1000 bytes`
 * (`1 byte`).
 *
 * @param bytes - the size
 * @example
 * ```ts
 * bytesText(65_536); // "64 KiB"
 * ```
 */
export function bytesText(bytes: number): string {
  for (const [unit, size] of [
    ["MiB", 1024 * 1024],
    ["KiB", 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}

/**
 * A moment as the time of day in UTC: `10:42:07 UTC`, and its day before it when not `now`'s.
 *
 * @param at - the moment
 * @param now - today, to tell
 * @default `now` is the current time
 * @example
 * ```ts
 * clockText(new Date("2026-11-27T10:42:07Z"), new Date("2026-11-27T10:00:00Z")); // "10:42:07 UTC"
 * ```
 */
export function clockText(at: Date, now: Date = new Date()): string {
  const [day, time] = at.toISOString().split("T") as [string, string];
  const clock = `${time.slice(0, 8)} UTC`;
  return day === now.toISOString().slice(0, 10) ? clock : `${day} ${clock}`;
}
