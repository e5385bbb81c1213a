import type { CountStrategy } from "../../sql/count-strategy.js";
import type { DialectName } from "../../sql/dialect.js";

/** What both Drizzle lists take. */
export interface DrizzleListOptions {
  /**
   * The database's dialect; read from the Drizzle database (`db.dialect`) when not given. Give it
   * for a dialect Drizzle calls by another name (CockroachDB, TiDB, libSQL are not tested).
   */
  readonly dialect?: DialectName;
}

/** What {@link drizzleCursorPages} takes. */
export interface DrizzleCursorPagesOptions extends DrizzleListOptions {
  /**
   * Whether a cursor page on MariaDB runs under its planner setting (`SET STATEMENT … FOR`,
   * docs/sql.md): `false` where a proxy does not parse the statement (ProxySQL).
   *
   * @default true
   */
  readonly plannerSetting?: boolean;
}

/**
 * What {@link drizzlePages} takes.
 *
 * @typeParam C - the list handler's context (what `count.of` receives)
 */
export interface DrizzlePagesOptions<C> extends DrizzleListOptions {
  /**
   * How the list counts its rows (docs/databases.md#count-strategies): `"exact"`, `{ cap: n }`,
   * `"estimate"` (not on SQLite), `{ whenNeeded: … }`, `{ of: (context) => n }` or `"none"`.
   *
   * @default "exact"
   */
  readonly count?: CountStrategy<C>;
}
