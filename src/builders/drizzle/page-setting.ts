import { type SQL, sql } from "drizzle-orm";
import type { Dialect, PlannerSetting } from "../../sql/dialect.js";
import { serverSetting } from "../../sql/statement-setting.js";
import type { DrizzleDatabase, SelectChain } from "./types.js";

/** A Drizzle database as a page's setting reads it: `execute` of one statement's SQL. */
interface Executing {
  readonly dialect?: object;
  execute?(query: SQL): PromiseLike<unknown>;
}

/**
 * The first value of a result as Drizzle's MySQL drivers give it: `[rows, fields]` (mysql2) or
 * `{ rows }`.
 */
function firstValue(result: unknown): unknown {
  const rows = Array.isArray(result) ? result[0] : (result as { rows?: unknown } | null)?.rows;
  const [row] = Array.isArray(rows) ? rows : [];
  return typeof row === "object" && row !== null ? Object.values(row)[0] : undefined;
}

/**
 * A keyset page's select run under the dialect's `pageSetting` where the server has it (`SET
 * STATEMENT … FOR` before the select's SQL, which Drizzle then runs and maps as the select's own);
 * elsewhere the select as it is. The server is asked once per Drizzle dialect object, which a
 * database and its transactions share.
 *
 * @param db - the Drizzle database
 * @param dialect - its dialect
 * @param select - the page's select, ordered and limited
 * @returns the select's rows, as Drizzle maps them
 * @example
 * ```ts
 * const rows = await underPageSetting(db, DIALECTS.mysql, db.select().from(packages).limit(31));
 * ```
 */
export function underPageSetting(
  db: DrizzleDatabase,
  dialect: Dialect,
  select: SelectChain,
): PromiseLike<Record<string, unknown>[]> {
  const setting = dialect.pageSetting;
  const run = db as Executing;
  if (setting === undefined || typeof run.execute !== "function") return select;
  return prefixed(run, setting, select);
}

/** {@link underPageSetting} where the dialect has a setting: asked of the server, then run. */
async function prefixed(
  run: Executing,
  setting: PlannerSetting,
  select: SelectChain,
): Promise<Record<string, unknown>[]> {
  const read = async (text: string) => firstValue(await run.execute?.(sql.raw(text)));
  const prefix = await serverSetting(run.dialect ?? run, setting, read);
  if (prefix === undefined) return select;
  // Drizzle writes a select's SQL by its `getSQL` when it runs it: the select's, after the prefix.
  const own = select as unknown as { getSQL(): SQL };
  const written = own.getSQL.bind(own);
  Object.defineProperty(own, "getSQL", { value: () => sql`${sql.raw(prefix)}${written()}` });
  return select;
}
