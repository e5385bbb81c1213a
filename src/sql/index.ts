/**
 * pagewise/sql: what pagewise knows of SQL dialects, for SQL of your own (docs/sql.md): the facts
 * of PostgreSQL, MySQL/MariaDB and SQLite (`DIALECTS`), and the counter table that keeps exact
 * counts without `COUNT(*)` on every page (`counterTable`, `counterRead`; docs/databases.md,
 * "Counter tables"), and a driver's fault read as the 503 problem (`databaseFault`). The
 * integrations `pagewise/kysely` and `pagewise/drizzle` take a counter's read as `count: { of }`.
 * @packageDocumentation
 */

export type { CountStrategy } from "./count-strategy.js";
export {
  type CounterRead,
  type CounterTable,
  type CounterTableOptions,
  counterRead,
  counterTable,
} from "./counter-table.js";
export { databaseFault } from "./database-fault.js";
export { DIALECT_NAMES, DIALECTS, type Dialect, type DialectName } from "./dialect.js";
