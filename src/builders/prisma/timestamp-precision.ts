import type { Dialect } from "../../sql/dialect.js";
import type { ModelNames } from "./model-names.js";
import { placeholders } from "./raw-sql.js";

/** A client's `$queryRawUnsafe`. */
export type RawQuery = (sql: string, ...values: unknown[]) => PromiseLike<unknown>;

/**
 * Each dialect's schema of a table named without one, in `information_schema`; SQLite has no
 * catalog of fractional digits (it holds the text Prisma writes).
 */
const OWN_SCHEMA: Readonly<Record<Dialect["name"], string | undefined>> = {
  postgres: "current_schema()",
  mysql: "DATABASE()",
  sqlite: undefined,
};

/**
 * Whether a database keeps a timestamp column's fractional digits (a catalog of them): not
 * SQLite, which holds the text Prisma writes.
 *
 * @param dialect - the database's dialect
 * @example
 * ```ts
 * keepsPrecision(PRISMA_DIALECTS.sqlite); // false
 * ```
 */
export function keepsPrecision(dialect: Dialect): boolean {
  return OWN_SCHEMA[dialect.name] !== undefined;
}

/** The catalog query of a column's fractional digits (none on SQLite). */
function precisionSql(dialect: Dialect, schema: string | undefined): string | undefined {
  const own = OWN_SCHEMA[dialect.name];
  if (own === undefined) return undefined;
  const [table, column, named] = placeholders(dialect, 3).split(", ");
  const where = schema === undefined ? own : named;
  return `SELECT datetime_precision AS p FROM information_schema.columns WHERE table_schema = ${where} AND table_name = ${table} AND column_name = ${column}`;
}

/**
 * Whether a timestamp column holds more than Prisma's `DateTime` reads and compares (a `Date`,
 * to the millisecond): its fractional digits from the database's catalog (`information_schema`),
 * more than 3 (PostgreSQL's `timestamptz` without a precision, 6; Prisma's own `@db.Timestamptz(3)`
 * and `DATETIME(3)` hold 3). SQLite holds the text Prisma writes, to the millisecond. A column the
 * catalog does not show (a view's) is taken as finer: its values are then read exactly.
 *
 * @param raw - the client's `$queryRawUnsafe`
 * @param dialect - the database's dialect
 * @param names - the model's table and columns
 * @param field - the timestamp's field
 * @example
 * ```ts
 * await finerThanMillis(raw, dialect, names, "createdAt"); // true for a timestamptz(6)
 * ```
 */
export async function finerThanMillis(
  raw: RawQuery,
  dialect: Dialect,
  names: ModelNames,
  field: string,
): Promise<boolean> {
  const sql = precisionSql(dialect, names.schema);
  if (sql === undefined) return false;
  const values = [
    names.table,
    names.column(field),
    ...(names.schema === undefined ? [] : [names.schema]),
  ];
  const rows = (await raw(sql, ...values)) as { p?: unknown }[];
  const digits = rows[0]?.p;
  return digits === undefined || digits === null || Number(digits) > 3;
}
