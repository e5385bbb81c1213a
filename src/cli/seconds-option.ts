/** A time option given in seconds, as a person writes it (`30`, `0.5`), read as whole ms. */
import { InvalidArgumentError } from "commander";

/**
 * A reader of a time in seconds: a decimal number over 0, at most `maxMs` once in ms.
 *
 * @param maxMs - the longest time taken, in ms
 * @returns a commander option parser giving whole ms (at least 1)
 * @example
 * ```ts
 * seconds(2_147_483_647)("0.3"); // 300
 * seconds(2_147_483_647)("0"); // throws InvalidArgumentError
 * ```
 */
export function seconds(maxMs: number): (value: string) => number {
  return (value) => {
    const ms = /^\d+(\.\d+)?$/.test(value) ? Math.round(Number(value) * 1000) : 0;
    if (ms < 1 || ms > maxMs) {
      throw new InvalidArgumentError(
        `must be a number of seconds over 0 and at most ${Math.floor(maxMs / 1000)}`,
      );
    }
    return ms;
  };
}
