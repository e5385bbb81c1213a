import type { Dialect } from "../../sql/dialect.js";
import type { ModelNames } from "./model-names.js";
import type { RawQuery } from "./timestamp-precision.js";

/**
 * Rows a value of a sort field may hold before a page's lead leaves its ties out
 * (`keysetSteps`' `merge` false): a lead holding them reads the ties behind the cursor, up to a
 * value's rows, where one of its own ties alone nearly always fills a page.
 */
const MANY_TIES = 100;

/**
 * Each dialect's statistics of a column, where the planner keeps ones a statement can read
 * (PostgreSQL's `pg_stats`: its distinct values, negative for a share of the rows, and the
 * table's rows); MariaDB reads the written-out keyset as ranges itself, SQLite keeps none unless
 * `ANALYZE` ran.
 */
const STATISTICS: Readonly<Record<Dialect["name"], string | undefined>> = {
  postgres:
    "SELECT s.n_distinct AS d, c.reltuples AS r FROM pg_stats s JOIN pg_namespace n ON n.nspname = s.schemaname JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename WHERE s.schemaname = COALESCE($3::text, current_schema()) AND s.tablename = $1 AND s.attname = $2",
  mysql: undefined,
  sqlite: undefined,
};

/**
 * Whether a sort field holds many rows a value by the planner's statistics (more than
 * `MANY_TIES`), asked once a field; `false` where there are none (a table never analyzed, a
 * dialect that keeps none): a page's lead then holds the field and the tie-breaker both.
 *
 * @param raw - the client's `$queryRawUnsafe`
 * @param dialect - the database's dialect
 * @param names - the model's table and columns
 * @example
 * ```ts
 * const manyTies = tieEstimates(raw, dialect, names);
 * await manyTies("status"); // true for 3 values in 1,000,000 rows
 * ```
 */
export function tieEstimates(
  raw: RawQuery,
  dialect: Dialect,
  names: ModelNames,
): (field: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  const sql = STATISTICS[dialect.name];
  const ask = async (field: string) => {
    if (sql === undefined) return false;
    const rows = (await raw(sql, names.table, names.column(field), names.schema ?? null)) as {
      d?: unknown;
      r?: unknown;
    }[];
    const distinct = Number(rows[0]?.d ?? 0);
    const total = Number(rows[0]?.r ?? 0);
    if (distinct === 0 || !Number.isFinite(distinct)) return false;
    const perValue = distinct < 0 ? 1 / -distinct : total / distinct;
    return perValue > MANY_TIES;
  };
  return (field) => {
    const asked = known.get(field) ?? ask(field);
    known.set(field, asked);
    asked.catch(() => known.delete(field));
    return asked;
  };
}
