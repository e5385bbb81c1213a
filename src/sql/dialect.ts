/**
 * What each SQL dialect pagewise writes for does its own way: where NULLs sort, whether a row
 * value is an index range, whether a UNION ALL of ranges pays, what an estimate can read, and how
 * it quotes and binds. Each fact is checked on the real server (`test/sql/dialect-facts.*`) and
 * sourced in `docs/sql.md`.
 */

/** The dialects pagewise writes SQL for. */
export const DIALECT_NAMES = ["postgres", "mysql", "sqlite"] as const;

/** A dialect's name: `"mysql"` covers MySQL and MariaDB. */
export type DialectName = (typeof DIALECT_NAMES)[number];

/**
 * A planner setting a keyset page's statement runs under (`SET STATEMENT … FOR`), where the
 * server has it: a flag added to a variable's set of flags.
 */
export interface PlannerSetting {
  /** The system variable, a set of flags (`optimizer_adjust_secondary_key_costs`). */
  readonly variable: string;
  /** The flag added to the variable's flags (`disable_max_seek`). */
  readonly flag: string;
  /**
   * The flag as the variable's first, numeric form takes it (MariaDB 10.6.17 and 10.11.7 took
   * one number, 0 to 2, before the set of flags).
   */
  readonly number: number;
}

/** How a dialect's planner tells its estimate of a query's rows: an EXPLAIN in JSON. */
export interface ExplainFormat {
  /** The EXPLAIN written before the query (`EXPLAIN (FORMAT JSON)`, `EXPLAIN FORMAT=JSON`). */
  readonly prefix: string;
  /**
   * Where its JSON says the rows: the top plan's `Plan Rows` (PostgreSQL), or the `query_block`'s
   * tables after their filters (MySQL, MariaDB).
   */
  readonly rows: "Plan Rows" | "query_block";
}

/** One dialect's facts. */
export interface Dialect {
  readonly name: DialectName;
  /**
   * Whether NULL sorts as the largest value (PostgreSQL: last ascending, first descending) or the
   * smallest (MySQL, MariaDB and SQLite: first ascending, last descending).
   */
  readonly nullsLargest: boolean;
  /** Whether ORDER BY takes `NULLS FIRST` / `NULLS LAST` (MySQL and MariaDB do not). */
  readonly nullsClause: boolean;
  /**
   * Whether the planner reads a row-value comparison `(a, id) > (?, ?)` as one index range
   * (PostgreSQL and SQLite; MariaDB accepts it but scans).
   */
  readonly rowValueRange: boolean;
  /**
   * Whether a UNION ALL of one index range per prefix of the order serves an order that one
   * predicate cannot bound (mixed directions, nullable columns): PostgreSQL and SQLite; MariaDB
   * reads the written-out predicate as ranges itself and the union costs more there.
   */
  readonly unionOfRanges: boolean;
  /**
   * The setting a keyset page's statement runs under where the server has it, or `undefined`
   * where plans need none. MariaDB 10.6.17 to 10.11 (from 10.11.7) caps the cost of `ref` on a
   * secondary index ("max_seek"), so with the list's filter before the keyset (`owner = ? AND
   * repo = ?`) it reads the filter's whole `ref` from its first or last entry in place of the
   * keyset's range; `optimizer_adjust_secondary_key_costs` with `disable_max_seek` lifts the cap
   * (docs/sql.md, "A filter before the keyset on MariaDB").
   */
  readonly pageSetting: PlannerSetting | undefined;
  /**
   * How the planner's row estimate of a query is read ({@link ExplainFormat}), or `undefined`
   * where it keeps none a query can read (SQLite).
   */
  readonly explain: ExplainFormat | undefined;
  /**
   * Whether the planner's row estimate of a query can be read (SQLite keeps none): whether it
   * has an `explain`, kept under this name for code that reads it.
   */
  readonly estimates: boolean;
  /** The type a value is cast to to be read as text (PostgreSQL and SQLite `text`, MySQL `char`). */
  readonly textType: "text" | "char";
  /**
   * Whether a timestamp is stored as its text, every digit already (SQLite: no cast reads it
   * more exactly).
   */
  readonly timestampsAsText: boolean;
  /**
   * Whether a bigint column's cursor value binds as its digits' text, which the server reads as
   * the column's type (PostgreSQL); elsewhere as a `BigInt` (MySQL and MariaDB compare text with
   * an integer as a double; SQLite binds a BigInt best).
   */
  readonly bigintsBoundAsText: boolean;
  /** The character that quotes an identifier. */
  readonly quote: '"' | "`";
  /** Whether placeholders are numbered (`$1`) or positional (`?`). */
  readonly numberedPlaceholders: boolean;
}

/**
 * PostgreSQL's facts (`DIALECTS.postgres`), a constant of its own: a bundle that writes only
 * PostgreSQL's ORDER BY (a list's `sort.sql()`) holds no other dialect's.
 *
 * @example
 * ```ts
 * orderTerms(columns, POSTGRES); // as orderTerms(columns, DIALECTS.postgres)
 * ```
 */
export const POSTGRES: Dialect & { readonly name: "postgres" } = {
  name: "postgres",
  nullsLargest: true,
  nullsClause: true,
  rowValueRange: true,
  unionOfRanges: true,
  pageSetting: undefined,
  explain: { prefix: "EXPLAIN (FORMAT JSON)", rows: "Plan Rows" },
  estimates: true,
  textType: "text",
  timestampsAsText: false,
  bigintsBoundAsText: true,
  quote: '"',
  numberedPlaceholders: true,
};

/** The facts of each dialect, by name. */
export const DIALECTS: { readonly [N in DialectName]: Dialect & { readonly name: N } } = {
  postgres: POSTGRES,
  mysql: {
    name: "mysql",
    nullsLargest: false,
    nullsClause: false,
    rowValueRange: false,
    unionOfRanges: false,
    pageSetting: {
      variable: "optimizer_adjust_secondary_key_costs",
      flag: "disable_max_seek",
      number: 2,
    },
    explain: { prefix: "EXPLAIN FORMAT=JSON", rows: "query_block" },
    estimates: true,
    textType: "char",
    timestampsAsText: false,
    bigintsBoundAsText: false,
    quote: "`",
    numberedPlaceholders: false,
  },
  sqlite: {
    name: "sqlite",
    nullsLargest: false,
    nullsClause: true,
    rowValueRange: true,
    unionOfRanges: true,
    pageSetting: undefined,
    explain: undefined,
    estimates: false,
    textType: "text",
    timestampsAsText: true,
    bigintsBoundAsText: false,
    quote: '"',
    numberedPlaceholders: false,
  },
};

/**
 * An identifier quoted for a dialect. Only checked identifiers reach it (letters, digits and `_`),
 * so there is nothing to escape.
 *
 * @param dialect - the dialect
 * @param identifier - a checked SQL identifier
 * @example
 * ```ts
 * quoteIdentifier(DIALECTS.mysql, "created_at"); // "`created_at`"
 * ```
 */
export function quoteIdentifier(dialect: Dialect, identifier: string): string {
  return `${dialect.quote}${identifier}${dialect.quote}`;
}
