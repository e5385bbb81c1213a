import { assertOption } from "../option-checks.js";
import type { Dialect, PlannerSetting } from "./dialect.js";

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

/**
 * How long a page waits for the server's answer to `SELECT @@variable` at most, in ms: past it
 * the page runs without the setting and the read is dropped (a later page asks again), so a
 * connection that never answers stalls no page for longer (docs/sql.md).
 */
export const SETTING_WAIT_MS = 1000;

/** A server's prefix once known. */
interface Known {
  readonly prefix: string | undefined;
}

/** Each server's prefix, or the read that asks for it, by a key that stands for the server. */
const PREFIXES = new WeakMap<object, Known | Promise<string | undefined>>();

/** The driver's error number of a failure, or of the error it wraps (Drizzle's `DrizzleQueryError`). */
function errnoOf(error: unknown): unknown {
  const failure = error as { errno?: unknown; cause?: { errno?: unknown } | null } | null;
  return failure?.errno ?? failure?.cause?.errno;
}

/**
 * The prefix a server's keyset pages run under ({@link settingPrefix}), read once per `server`:
 * `read` runs `SELECT @@variable` and gives the value. A server that answers that it has no such
 * variable (MySQL; MariaDB before 10.6.17, 10.7 to 10.11.6, and from 11.4), the error on the
 * driver's or on the one it wraps (`cause`), runs pages as they are; any other failure is not
 * kept, so the next page asks again. A page waits for the answer `waitMs` at most: past it, it
 * runs without the setting and the read is dropped (not kept, however it ends).
 *
 * @param server - an object that stands for the server's connections (a Kysely adapter, a Drizzle dialect)
 * @param setting - the dialect's `pageSetting`
 * @param read - runs a statement of one value and gives it
 * @param waitMs - how long a page waits for the answer
 * @default waitMs {@link SETTING_WAIT_MS} (1 s)
 * @example
 * ```ts
 * const prefix = await serverSetting(adapter, DIALECTS.mysql.pageSetting, (text) => one(text));
 * ```
 */
export function serverSetting(
  server: object,
  setting: PlannerSetting,
  read: (text: string) => Promise<unknown>,
  waitMs: number = SETTING_WAIT_MS,
): Promise<string | undefined> {
  const known = PREFIXES.get(server);
  if (known !== undefined && !(known instanceof Promise)) return Promise.resolve(known.prefix);
  return withinWait(server, known ?? ask(server, setting, read), waitMs);
}

/** Asks the server, the read kept under `server` until it ends or is dropped. */
function ask(
  server: object,
  setting: PlannerSetting,
  read: (text: string) => Promise<unknown>,
): Promise<string | undefined> {
  // Kept only while this read is the server's (not dropped); its own waiting pages get it anyway.
  const settle = (known: Known | undefined) => {
    if (PREFIXES.get(server) === asked) {
      if (known === undefined) PREFIXES.delete(server);
      else PREFIXES.set(server, known);
    }
    return known?.prefix;
  };
  const asked: Promise<string | undefined> = read(`SELECT @@${setting.variable}`).then(
    (value) => settle({ prefix: settingPrefix(setting, value) }),
    (error: unknown) =>
      settle(errnoOf(error) === UNKNOWN_VARIABLE ? { prefix: undefined } : undefined),
  );
  PREFIXES.set(server, asked);
  return asked;
}

/** The read's answer, or `undefined` after `waitMs` (the read then dropped). */
function withinWait(
  server: object,
  asked: Promise<string | undefined>,
  waitMs: number,
): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      if (PREFIXES.get(server) === asked) PREFIXES.delete(server);
      resolve(undefined);
    }, waitMs);
  });
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}

/**
 * The dialect a cursor list's pages run under: `dialect` itself, or with `plannerSetting: false`
 * the same without its `pageSetting` (every statement as it is: no `SET STATEMENT`, which a
 * proxy such as ProxySQL does not parse).
 *
 * @param dialect - the list's dialect
 * @param plannerSetting - the list's `plannerSetting` option
 * @param owner - the list handler's name, for the error (`"kyselyCursorPages"`)
 * @default plannerSetting true
 * @throws {TypeError} for a value other than `true`, `false` or `undefined`, when the list is defined
 * @example
 * ```ts
 * plannerDialect(DIALECTS.mysql, false, "kyselyCursorPages").pageSetting; // undefined
 * ```
 */
export function plannerDialect(dialect: Dialect, plannerSetting: unknown, owner: string): Dialect {
  assertOption(`${owner} option plannerSetting`, plannerSetting, [true, false]);
  return plannerSetting === false && dialect.pageSetting !== undefined
    ? { ...dialect, pageSetting: undefined }
    : dialect;
}
