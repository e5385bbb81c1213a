import type { DataSource } from "typeorm";
import { assertOption } from "../../option-checks.js";
import { DIALECT_NAMES, DIALECTS, type Dialect } from "../../sql/dialect.js";

/** The dialect of each TypeORM driver pagewise serves, by the data source's `type` option. */
const DRIVERS: Readonly<Record<string, Dialect["name"]>> = {
  postgres: "postgres",
  mysql: "mysql",
  mariadb: "mysql",
  "better-sqlite3": "sqlite",
  sqlite: "sqlite",
};

/**
 * The dialect of a TypeORM data source: the one named, or read from its `type` option
 * (`"postgres"`, `"mysql"` or `"mariadb"`, `"better-sqlite3"` or `"sqlite"`). Any other driver
 * is refused when the list is defined: name the dialect, if it is one of those.
 *
 * @param dataSource - the data source the list's query builders come from
 * @param dialect - the dialect's name, when given
 * @throws {TypeError} for a name not listed, or a driver of none of the three dialects
 * @example
 * ```ts
 * typeormDialect(new DataSource({ type: "better-sqlite3", database: ":memory:" })).name; // "sqlite"
 * ```
 */
export function typeormDialect(dataSource: DataSource, dialect?: unknown): Dialect {
  if (dialect !== undefined) {
    assertOption("dialect", dialect, DIALECT_NAMES);
    return DIALECTS[dialect as Dialect["name"]];
  }
  const type = String((dataSource?.options as { type?: unknown } | undefined)?.type);
  const name = Object.hasOwn(DRIVERS, type) ? DRIVERS[type] : undefined;
  if (name !== undefined) return DIALECTS[name];
  throw new TypeError(
    `pagewise/typeorm serves PostgreSQL, MySQL/MariaDB and SQLite; this data source's type is ${JSON.stringify(type)}: give dialect: "postgres", "mysql" or "sqlite" if it is one of them`,
  );
}
