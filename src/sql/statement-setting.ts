import type { PlannerSetting } from "./dialect.js";

/** A value of a set of flags as the server shows it: names of letters and `_`, comma-separated. */
const FLAGS = /^(?:[a-z_]+(?:,[a-z_]+)*)?$/;
/** The variable's first, numeric form (MariaDB 10.6.17, 10.11.7): one number. */
const NUMBER = /^\d+$/;

/**
 * The text that runs a statement under a planner setting, put before it: `SET STATEMENT
 * variable = 'its flags,flag' FOR ` (MariaDB runs the statement so, the session's value
 * untouched), from the variable's value as the server shows it. `undefined` where the server has
 * no such variable (`current` is `undefined`), its value already holds the flag, or it is no value
 * the server gives (nothing else is ever written into the statement).
 *
 * @param setting - the dialect's `pageSetting`
 * @param current - the variable's value (`SELECT @@variable`), or `undefined` where the server has none
 * @example
 * ```ts
 * settingPrefix(DIALECTS.mysql.pageSetting, "fix_reuse_range_for_ref,fix_card_multiplier");
 * // "SET STATEMENT optimizer_adjust_secondary_key_costs = 'fix_reuse_range_for_ref,fix_card_multiplier,disable_max_seek' FOR "
 * ```
 */
export function settingPrefix(setting: PlannerSetting, current: unknown): string | undefined {
  if (typeof current !== "string" && typeof current !== "number" && typeof current !== "bigint") {
    return undefined;
  }
  const value = String(current).trim().toLowerCase();
  if (NUMBER.test(value)) {
    return Number(value) === setting.number
      ? undefined
      : `SET STATEMENT ${setting.variable} = ${setting.number} FOR `;
  }
  if (!FLAGS.test(value)) return undefined;
  const flags = value === "" ? [] : value.split(",");
  if (flags.includes(setting.flag)) return undefined;
  return `SET STATEMENT ${setting.variable} = '${[...flags, setting.flag].join(",")}' FOR `;
}

/** The server's error for a variable it does not have (MariaDB's and MySQL's `ER_UNKNOWN_SYSTEM_VARIABLE`). */
const UNKNOWN_VARIABLE = 1193;

/** Each server's prefix, by a key that stands for it (a database object and its transactions'). */
const PREFIXES = new WeakMap<object, Promise<string | undefined>>();

/**
 * The prefix a server's keyset pages run under ({@link settingPrefix}), read once per `server`:
 * `read` runs `SELECT @@variable` and gives the value. A server that answers that it has no such
 * variable (MySQL; MariaDB before 10.6.17, 10.7 to 10.11.6, and from 11.4) runs pages as they
 * are; any other failure is not kept, so the next page asks again.
 *
 * @param server - an object that stands for the server's connections (a Kysely adapter, a Drizzle dialect)
 * @param setting - the dialect's `pageSetting`
 * @param read - runs a statement of one value and gives it
 * @example
 * ```ts
 * const prefix = await serverSetting(adapter, DIALECTS.mysql.pageSetting, (text) => one(text));
 * ```
 */
export function serverSetting(
  server: object,
  setting: PlannerSetting,
  read: (text: string) => Promise<unknown>,
): Promise<string | undefined> {
  const known = PREFIXES.get(server);
  if (known !== undefined) return known;
  const asked = read(`SELECT @@${setting.variable}`).then(
    (value) => settingPrefix(setting, value),
    (error: unknown) => {
      if ((error as { errno?: unknown } | null)?.errno !== UNKNOWN_VARIABLE) {
        PREFIXES.delete(server);
      }
      return undefined;
    },
  );
  PREFIXES.set(server, asked);
  return asked;
}
