// Value imports: the class checks are Drizzle's own (`is`), as is the SQL of an alias.
import { Column, is, SQL, sql } from "drizzle-orm";
import { configOf } from "./source-config.js";
import { ownSelect } from "./source-copy.js";

/** A column or an aliased expression a select outputs, its output name, and the row's path to it. */
export interface Output {
  readonly field: Column | SQL.Aliased;
  readonly name: string;
  readonly path: readonly [string] | readonly [string, string];
}

/** A column's name as the database's SQL writes it (Drizzle's `casing` applied): {@link columnNamer}. */
export type ColumnName = (column: Column) => string;

/** A column's own name: a database of no `casing`. */
const OWN_NAME: ColumnName = (column) => column.name;

/**
 * Every column and aliased expression a select's fields output, by the name the SQL gives it (a
 * column's own, not its key: Drizzle writes a column unaliased; under the database's `casing`, as
 * the casing writes it), its own fields' and those of a table's object (a join of whole tables)
 * alike.
 *
 * @param fields - the select's fields (`query._.config.fields`)
 * @param columnName - a column's SQL name ({@link columnNamer})
 * @default columnName its own name
 * @example
 * ```ts
 * selectOutputs({ name: packages.name, repo: repositories.name }).map((o) => o.name); // ["name", "name"]
 * ```
 */
export function selectOutputs(
  fields: Record<string, unknown>,
  columnName: ColumnName = OWN_NAME,
): Output[] {
  const outputs: Output[] = [];
  for (const [key, field] of Object.entries(fields)) {
    const named = outputName(field, columnName);
    if (named !== undefined)
      outputs.push({ field: field as Output["field"], name: named, path: [key] });
    else if (nested(field))
      for (const [inner, column] of Object.entries(field)) {
        const name = outputName(column, columnName);
        if (name !== undefined)
          outputs.push({ field: column as Output["field"], name, path: [key, inner] });
      }
  }
  return outputs;
}

/**
 * The field each sort column names: the one the select outputs under that name; where several
 * are (a join's `packages.name` and `repositories.name`), the one under the key of that name, as
 * the rows show it (`{ name: packages.name, repo: repositories.name }`), or under its own key
 * (a column whose SQL name the database's `casing` makes of its key: `displayName`, sorted as
 * `display_name`); `undefined` where none is. The fields are read once for every name.
 *
 * @param fields - the select's fields
 * @param names - the sort columns
 * @param columnName - a column's SQL name ({@link columnNamer})
 * @default columnName its own name
 * @throws {TypeError} where several are and none is under the key: which one the list sorts by
 *   is not said
 * @example
 * ```ts
 * sortFields({ repo: repositories.name, name: packages.name }, ["name"])[0]?.field; // packages.name
 * ```
 */
export function sortFields(
  fields: Record<string, unknown>,
  names: readonly string[],
  columnName: ColumnName = OWN_NAME,
): (Output | undefined)[] {
  const outputs = selectOutputs(fields, columnName);
  return names.map((name) => {
    const found = outputs.filter((output) => output.name === name);
    if (found.length <= 1) return found[0];
    const keyed = found.find((output) => underItsKey(output, name));
    if (keyed !== undefined) return keyed;
    const at = found.map(({ path }) => path.join(".")).join(", ");
    throw new TypeError(
      `pagewise/drizzle: the select has ${found.length} columns named "${name}" (at ${at}) and none under the key "${name}": select the one to sort by under that key (db.select({ ${name}: table.${name}, … })) and the other under another`,
    );
  });
}

/**
 * The select with no two outputs of one name, for a query that reads it as a subquery (whose
 * columns Drizzle refers to by name; MariaDB refuses a derived table with two): each output whose
 * name another shares is aliased apart (`"repositories"."name" as "__pagewise_same_1"`, still
 * decoded as its column), but for the one under the key of that name, which keeps it. The rows
 * are the same. A select without such outputs, or that is not one of Drizzle's builders, is
 * itself; another is a copy (`ownSelect`), the user's left as written.
 *
 * @param query - a select
 * @example
 * ```ts
 * distinctSelect(db.select({ name: packages.name, repo: repositories.name }).from(packages).innerJoin(…)).as("s");
 * ```
 */
export function distinctSelect<T>(query: T): T {
  const config = configOf(query);
  if (config === undefined) return query;
  const fields = distinctFields(config.fields, columnNamer(query));
  if (fields === config.fields) return query;
  const copy = ownSelect(query as T & object);
  if (copy === undefined) return query;
  (configOf(copy) as { fields: unknown }).fields = fields;
  return copy;
}

/** The fields with every output whose name another shares aliased apart (see `distinctSelect`). */
function distinctFields(
  fields: Record<string, unknown>,
  columnName: ColumnName,
): Record<string, unknown> {
  const outputs = selectOutputs(fields, columnName);
  const counts = new Map<string, number>();
  for (const { name } of outputs) counts.set(name, (counts.get(name) ?? 0) + 1);
  const kept = new Set(
    [...counts.keys()].map((name) =>
      outputs.find((output) => output.name === name && underItsKey(output, name)),
    ),
  );
  const shared = outputs.filter(
    (output) => (counts.get(output.name) as number) > 1 && !kept.has(output),
  );
  if (shared.length === 0) return fields;
  const copy: Record<string, unknown> = { ...fields };
  shared.forEach(({ field, path }, i) => {
    const aliased = aliasedApart(field, `__pagewise_same_${i + 1}`);
    const [key, inner] = path;
    if (inner === undefined) copy[key] = aliased;
    else copy[key] = { ...(copy[key] as Record<string, unknown>), [inner]: aliased };
  });
  return copy;
}

/** An output under another name, decoded as before. */
function aliasedApart(field: Column | SQL.Aliased, alias: string): SQL.Aliased {
  if (is(field, SQL.Aliased)) return field.sql.as(alias);
  // SQLite's numeric bigint is selected as the text of its every digit, which its mapping reads.
  const value =
    field.columnType === "SQLiteNumericBigInt" ? sql`cast(${field} as text)` : sql`${field}`;
  return value.mapWith(field).as(alias);
}

/**
 * Whether an output is a field of the select's own under the key of its name, or a column under
 * its own key (which the database's `casing` writes as its name).
 */
function underItsKey({ field, path }: Output, name: string): boolean {
  if (path.length !== 1) return false;
  return path[0] === name || (is(field, Column) && field.keyAsName && path[0] === field.name);
}

/**
 * A select's column namer: a column's name as the SQL of the select's database writes it, where
 * the database was made with Drizzle's `casing` option (`drizzle({ client, casing: "snake_case" })`:
 * a column declared by its key alone, `displayName: text()`, is `display_name`); else its own name.
 *
 * @param query - a select of one of Drizzle's builders (its dialect holds the casing)
 * @example
 * ```ts
 * columnNamer(db.select().from(packages))(packages.displayName); // "display_name"
 * ```
 */
export function columnNamer(query: unknown): ColumnName {
  const casing = (query as { dialect?: { casing?: { getColumnCasing?: unknown } } } | null)?.dialect
    ?.casing;
  if (typeof casing?.getColumnCasing !== "function") return OWN_NAME;
  const cache = casing as { getColumnCasing(column: Column): string };
  return (column) => cache.getColumnCasing(column);
}

/** The name a field outputs under: a column's, an aliased expression's; `undefined` for others. */
function outputName(field: unknown, columnName: ColumnName): string | undefined {
  if (is(field, Column)) return columnName(field);
  if (is(field, SQL.Aliased)) return field.fieldAlias;
  return undefined;
}

/** Whether a field is an object of fields (a table's, or the user's own nesting). */
function nested(field: unknown): field is Record<string, unknown> {
  return (
    typeof field === "object" &&
    field !== null &&
    !is(field, Column) &&
    !is(field, SQL) &&
    !is(field, SQL.Aliased) &&
    Object.getPrototypeOf(field) === Object.prototype
  );
}
