// Value imports: the class checks are Drizzle's own (`is`), as is the SQL pagewise adds.
import { and, Column, is, sql } from "drizzle-orm";
import type { DrizzleRow, KeysetSource, RawRead } from "./source.js";
import { configOf, type SelectConfig } from "./source-config.js";
import { ownSelect } from "./source-copy.js";
import { columnNamer, sortFields } from "./source-outputs.js";
import type { DrizzleQuery, SelectChain } from "./types.js";

/** A sort column found among the select's fields: the column, and the row's path to its value. */
interface Found {
  readonly column: Column;
  readonly path: readonly [string] | readonly [string, string];
}

/**
 * The user's select itself as a cursor page's source, with no subquery around it: the keyset's
 * predicate joins the select's own `where`, the sort values that must be selected apart join its
 * fields, and each sort column is the table's column it selects (so joins and table aliases
 * qualify it as the user's select does). Drizzle builds and decodes such a page in about half the
 * time of one read through a subquery, whose every field is a proxy. Only for a select whose
 * rows a WHERE can filter as they are (no `groupBy`, `having`, `distinct`, `limit`, `offset` or
 * set operator) and whose every sort column is a column it selects under its own name (where
 * two share the name, the one under the key of that name: `sortFields`, which refuses a select
 * that does not say which); `undefined` for any other (and for a select `ownSelect` cannot copy), which `subquerySource`
 * serves.
 *
 * @param query - makes the user's select (each page's select is a copy of one: `ownSelect`)
 * @param names - the output names of the sort columns
 * @example
 * ```ts
 * const source = directSource(() => db.select().from(packages), ["created_at", "id"]);
 * ```
 */
export function directSource(
  query: () => DrizzleQuery,
  names: readonly string[],
): KeysetSource | undefined {
  const first = query();
  const config = configOf(first);
  if (config === undefined) return;
  // Each sort column's field, a TypeError where the select does not say which it is.
  const fields = sortFields(config.fields, names, columnNamer(first));
  // The first page's own select: the copy made here (`undefined`: one it cannot copy).
  let unused = filterable(config) ? ownSelect(first) : undefined;
  if (unused === undefined) return;
  const found = new Map<string, Found>();
  for (const [i, name] of names.entries()) {
    const field = fields[i];
    if (field === undefined || !is(field.field, Column)) return undefined;
    found.set(name, { column: field.field, path: field.path });
  }
  const at = (name: string) => found.get(name) as Found;
  return {
    column: (name) => at(name).column,
    read: (name) => (decodesAsRead(at(name).column) ? reader(at(name).path) : undefined),
    raw: (name) => rawRead(at(name)),
    select: (extra, where, raw) => {
      const select = (unused ?? ownSelect(query())) as DrizzleQuery;
      unused = undefined;
      const own = configOf(select) as SelectConfig;
      const read = [...raw].map(at);
      own.fields = { ...withRawFields(own.fields, read), ...extra };
      return (select as unknown as SelectChain).where(and(own.where, where));
    },
  };
}

/** A found column read as the driver gives it, decoded by its own mapping after. */
function rawRead({ column, path }: Found): RawRead {
  const [key, inner] = path;
  const decoded = (value: unknown) => (value === null ? null : column.mapFromDriverValue(value));
  return {
    read: reader(path),
    decode:
      inner === undefined
        ? (row) => {
            row[key] = decoded(row[key]);
          }
        : (row) => {
            const object = row[key] as DrizzleRow | null;
            if (object !== null) object[inner] = decoded(object[inner]);
          },
  };
}

/**
 * The fields with each of `columns` replaced by the column as the driver reads it
 * (`asDriverReads`), in the same place.
 */
function withRawFields(
  fields: Record<string, unknown>,
  columns: readonly Found[],
): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...fields };
  for (const { column, path } of columns) {
    const [key, inner] = path;
    const raw = asDriverReads(column);
    if (inner === undefined) copy[key] = raw;
    else copy[key] = { ...(copy[key] as Record<string, unknown>), [inner]: raw };
  }
  return copy;
}

/** Each column's copy that Drizzle answers as the driver reads it, made once per column. */
const driverReads = new WeakMap<Column, Column>();

/**
 * The column itself but for its mapping: a copy (its prototype the column) whose
 * `mapFromDriverValue` gives the driver's value as it is. Drizzle selects it as the column and
 * takes it for one at its first check of every value of every row; an expression (`sql`) in its
 * place read the same but cost three failed class checks a value (a tenth of a MariaDB page).
 * But for SQLite's `numeric({ mode: "bigint" })`, which Drizzle selects as `cast(… as text)`
 * without a name, so that a union's branch (a subquery) would have no column of that name: that
 * one is the same cast under its own name (the digits, every one, which its mapping reads).
 */
function asDriverReads(column: Column): unknown {
  if (column.columnType === "SQLiteNumericBigInt")
    return sql`cast(${column} as text)`.as(column.name);
  const known = driverReads.get(column);
  if (known !== undefined) return known;
  const copy: Column = Object.create(column, {
    mapFromDriverValue: { value: (value: unknown) => value },
  });
  driverReads.set(column, copy);
  return copy;
}

/** Whether a WHERE added to the select filters its rows as they are. */
function filterable(config: SelectConfig): boolean {
  return (
    (config.groupBy === undefined || config.groupBy.length === 0) &&
    config.having === undefined &&
    !config.distinct &&
    config.limit === undefined &&
    config.offset === undefined &&
    (config.setOperators === undefined || config.setOperators.length === 0)
  );
}

/** Whether Drizzle answers the column's value as the driver read it (it maps no type). */
function decodesAsRead(column: Column): boolean {
  return column.mapFromDriverValue === Column.prototype.mapFromDriverValue;
}

/** The value at a row's path (a joined table's object is `null` where its row is missing). */
function reader(path: Found["path"]): (row: DrizzleRow) => unknown {
  const [key, inner] = path;
  if (inner === undefined) return (row) => row[key];
  return (row) => (row[key] as DrizzleRow | null)?.[inner] ?? null;
}
