/**
 * The counter table pagewise offers as schema the user applies: exact row counts per group of a
 * table, kept by triggers (so every writer keeps them, not only one code path), and the read of a
 * count for a filter on some of the grouped columns. docs/databases.md#counter-tables says what it
 * costs a write and how each dialect's triggers work.
 */
import { describeValue } from "../option-checks.js";
import { counterStatements } from "./counter-statements.js";
import { type Dialect, quoteIdentifier } from "./dialect.js";
import { IDENTIFIER } from "./identifier.js";

/** What a counter table counts, and its names. */
export interface CounterTableOptions {
  /** The counted table. */
  readonly table: string;
  /** The columns a count is grouped by (NOT NULL columns), at least one, each once. */
  readonly groupBy: readonly string[];
  /**
   * The counter table's name; its triggers (and PostgreSQL's trigger functions) are named after
   * it: `<name>_insert`, `<name>_delete`, `<name>_update` (and `<name>_truncate` on PostgreSQL; SQLite names its key `<name>_groups`).
   * @default `${table}_counts`
   */
  readonly name?: string;
  /**
   * The counter table's column of counts.
   * @default "count"
   */
  readonly countColumn?: string;
}

/** A counter table's checked names and the statements that make it, in one dialect. */
export interface CounterTable {
  readonly dialect: Dialect;
  /** The counted table. */
  readonly table: string;
  /** The counter table. */
  readonly name: string;
  readonly groupBy: readonly string[];
  readonly countColumn: string;
  /**
   * The schema, one statement each, to run in order: the table filled with the counts of the rows
   * there are, its key, and the triggers. On PostgreSQL and SQLite run them in one transaction
   * (PostgreSQL's first statement locks the table against writers until it commits, and refuses to
   * run outside a transaction); MySQL and MariaDB commit each one on its own (see the docs).
   */
  readonly statements: readonly string[];
}

/** A count's read: the statement, and the grouped column whose value each placeholder takes. */
export interface CounterRead {
  /** `SELECT COALESCE(SUM(count), 0) AS count FROM … WHERE …`: one row, one column. */
  readonly text: string;
  /** The filter's columns in the order of their placeholders (the order of `groupBy`). */
  readonly parameters: readonly string[];
}

/**
 * A counter table for a table's rows grouped by some of its columns, in a dialect: the statements
 * that create it, filled, and the triggers that keep it exact under every writer.
 *
 * @param options - the counted table, the grouped columns, and the names
 * @param dialect - the database's dialect
 * @throws {TypeError} for a name that is not a SQL identifier (one made from `name` included), no
 *   grouped column, or a column named twice
 * @example
 * ```ts
 * const counter = counterTable({ table: "packages", groupBy: ["owner", "repo", "status"] }, DIALECTS.postgres);
 * await client.query(`BEGIN; ${counter.statements.join(";\n")}; COMMIT`);
 * ```
 */
export function counterTable(options: CounterTableOptions, dialect: Dialect): CounterTable {
  const { table, groupBy, name = `${table}_counts`, countColumn = "count" } = options;
  assertIdentifier("table", table);
  assertIdentifier("name", name);
  for (const event of ["insert", "delete", "update", "truncate", "groups"]) {
    assertIdentifier(`name (with "_${event}")`, `${name}_${event}`);
  }
  assertIdentifier("countColumn", countColumn);
  if (!Array.isArray(groupBy) || groupBy.length === 0) {
    throw new TypeError(
      `A counter table's groupBy is a list of at least one column; got ${describeValue(groupBy)}`,
    );
  }
  assertColumns("groupBy", [...groupBy, countColumn], []);
  const counter = { dialect, table, name, groupBy: [...groupBy], countColumn };
  return { ...counter, statements: counterStatements(counter) };
}

/**
 * The read of a count from a counter table: the sum of the counter rows whose grouped columns equal
 * the filter's values (all of them for an empty filter), 0 when none do. Bound in the dialect's
 * style (`$1` on PostgreSQL, `?` elsewhere); `parameters` says which column's value each takes.
 * The sum is a `numeric`/`DECIMAL` on PostgreSQL and MySQL: drivers give it as text.
 *
 * @param counter - the counter table
 * @param filter - grouped columns, each once
 * @throws {TypeError} for a column that is not grouped, or one named twice
 * @example
 * ```ts
 * counterRead(counter, ["repo", "owner"]);
 * // { text: 'SELECT COALESCE(SUM("count"), 0) AS "count" FROM "packages_counts" WHERE "owner" = $1 AND "repo" = $2',
 * //   parameters: ["owner", "repo"] }
 * ```
 */
export function counterRead(counter: CounterTable, filter: readonly string[]): CounterRead {
  assertColumns("filter", filter, counter.groupBy);
  const { dialect } = counter;
  const parameters = counter.groupBy.filter((column) => filter.includes(column));
  const q = (identifier: string) => quoteIdentifier(dialect, identifier);
  const placeholder = (i: number) => (dialect.numberedPlaceholders ? `$${i + 1}` : "?");
  const where = parameters.map((column, i) => `${q(column)} = ${placeholder(i)}`).join(" AND ");
  const text = `SELECT COALESCE(SUM(${q(counter.countColumn)}), 0) AS ${q(counter.countColumn)} FROM ${q(counter.name)}${where ? ` WHERE ${where}` : ""}`;
  return { text, parameters };
}

function assertIdentifier(option: string, value: unknown): void {
  if (typeof value !== "string" || !IDENTIFIER.test(value)) {
    throw new TypeError(
      `A counter table's ${option} must be a SQL identifier (a letter or _, then letters, digits or _, at most 63); got ${describeValue(value)}`,
    );
  }
}

/** Each column an identifier, named once, and one of `allowed` when that is not empty. */
function assertColumns(option: string, columns: readonly unknown[], allowed: readonly string[]) {
  if (!Array.isArray(columns)) {
    throw new TypeError(
      `A counter's ${option} is a list of columns; got ${describeValue(columns)}`,
    );
  }
  const seen = new Set<unknown>();
  for (const column of columns) {
    assertIdentifier(`${option} column`, column);
    if (allowed.length > 0 && !allowed.includes(column as string)) {
      throw new TypeError(
        `${JSON.stringify(column)} is not a grouped column of the counter (${allowed.join(", ")})`,
      );
    }
    if (seen.has(column)) throw new TypeError(`${JSON.stringify(column)} is named twice`);
    seen.add(column);
  }
}
