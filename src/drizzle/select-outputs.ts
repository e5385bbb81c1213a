// Value imports: the class checks are Drizzle's own (`is`), as is the SQL of an alias.
import { Column, is, SQL, sql } from "drizzle-orm";
import { ownSelect } from "./own-select.js";
import { configOf } from "./select-config.js";

/** A column or an aliased expression a select outputs, its output name, and the row's path to it. */
export interface Output {
  readonly field: Column | SQL.Aliased;
  readonly name: string;
  readonly path: readonly [string] | readonly [string, string];
}

/**
 * Every column and aliased expression a select's fields output, by the name the SQL gives it (a
 * column's own, not its key: Drizzle writes a column unaliased), its own fields' and those of a
 * table's object (a join of whole tables) alike.
 *
 * @param fields - the select's fields (`query._.config.fields`)
 * @example
 * ```ts
 * selectOutputs({ name: packages.name, repo: repositories.name }).map((o) => o.name); // ["name", "name"]
 * ```
 */
export function selectOutputs(fields: Record<string, unknown>): Output[] {
  const outputs: Output[] = [];
  for (const [key, field] of Object.entries(fields)) {
    const named = outputName(field);
    if (named !== undefined)
      outputs.push({ field: field as Output["field"], name: named, path: [key] });
    else if (nested(field))
      for (const [inner, column] of Object.entries(field)) {
        const name = outputName(column);
        if (name !== undefined)
          outputs.push({ field: column as Output["field"], name, path: [key, inner] });
      }
  }
  return outputs;
}

/**
 * The field each sort column names: the one the select outputs under that name; where several
 * are (a join's `packages.name` and `repositories.name`), the one under the key of that name, as
 * the rows show it (`{ name: packages.name, repo: repositories.name }`); `undefined` where none
 * is. The fields are read once for every name.
 *
 * @param fields - the select's fields
 * @param names - the sort columns
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
): (Output | undefined)[] {
  const outputs = selectOutputs(fields);
  return names.map((name) => {
    const found = outputs.filter((output) => output.name === name);
    if (found.length <= 1) return found[0];
    const keyed = found.find(({ path }) => path.length === 1 && path[0] === name);
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
  const fields = distinctFields(config.fields);
  if (fields === config.fields) return query;
  const copy = ownSelect(query as T & object);
  if (copy === undefined) return query;
  (configOf(copy) as { fields: unknown }).fields = fields;
  return copy;
}

/** The fields with every output whose name another shares aliased apart (see `distinctSelect`). */
function distinctFields(fields: Record<string, unknown>): Record<string, unknown> {
  const outputs = selectOutputs(fields);
  const counts = new Map<string, number>();
  for (const { name } of outputs) counts.set(name, (counts.get(name) ?? 0) + 1);
  const shared = outputs.filter(
    ({ name, path }) =>
      (counts.get(name) as number) > 1 && !(path.length === 1 && path[0] === name),
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

/** The name a field outputs under: a column's, an aliased expression's; `undefined` for others. */
function outputName(field: unknown): string | undefined {
  if (is(field, Column)) return field.name;
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
