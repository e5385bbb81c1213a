import { type Compilable, CompiledQuery, type Kysely } from "kysely";
import type { Dialect } from "../sql/dialect.js";
import { serverSetting } from "../sql/statement-setting.js";

/**
 * What stands for a Kysely instance's server: its adapter, which the instance and each of its
 * transactions share (a transaction is an instance of its own, made per transaction), so the
 * server is asked once; the instance itself where it has none.
 */
function serverOf<DB>(db: Kysely<DB>): object {
  const executor = (db as { getExecutor?: () => { adapter?: object } }).getExecutor?.();
  return executor?.adapter ?? db;
}

/**
 * Runs a keyset page's statement under the dialect's `pageSetting` where the server has it
 * (`SET STATEMENT … FOR` before the statement's SQL, run on `db`: its plugins read the rows, as
 * the statement's own run would); elsewhere `plain`, the statement's own run.
 *
 * @param db - the user's Kysely instance
 * @param dialect - its dialect
 * @param query - the page's statement
 * @param plain - runs the statement as it is
 * @returns the statement's rows
 * @example
 * ```ts
 * const rows = await underPageSetting(db, dialect, query, () => query.execute());
 * ```
 */
export function underPageSetting<DB, O>(
  db: Kysely<DB>,
  dialect: Dialect,
  query: Compilable<O>,
  plain: () => Promise<O[]>,
): Promise<O[]> {
  const setting = dialect.pageSetting;
  if (setting === undefined) return plain();
  const read = async (text: string) => {
    const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, []));
    return Object.values(rows[0] ?? {})[0];
  };
  return serverSetting(serverOf(db), setting, read).then(async (prefix) => {
    if (prefix === undefined) return plain();
    const compiled = query.compile();
    return (await db.executeQuery<O>({ ...compiled, sql: prefix + compiled.sql })).rows;
  });
}
