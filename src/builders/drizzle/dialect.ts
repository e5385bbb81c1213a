import { describeValue } from "../../option-checks.js";
import { DIALECT_NAMES, DIALECTS, type Dialect, type DialectName } from "../../sql/dialect.js";

/** Drizzle's brand of its classes: `static [entityKind] = "PgDialect"` (a global symbol). */
const ENTITY_KIND = Symbol.for("drizzle:entityKind");

/** Drizzle's dialect classes, by the brand they or a class they extend carry. */
const KINDS: Readonly<Record<string, DialectName>> = {
  PgDialect: "postgres",
  MySqlDialect: "mysql",
  SQLiteDialect: "sqlite",
};

/**
 * The dialect of a Drizzle database: the one named, or read from the database's own dialect
 * object (`db.dialect`, a `PgDialect`, `MySqlDialect` or `SQLiteDialect`).
 *
 * @param db - the Drizzle database
 * @param named - the `dialect` option, when given
 * @throws {TypeError} for a name not listed, or a database whose dialect pagewise does not know
 * @example
 * ```ts
 * drizzleDialect(drizzle(new Database(":memory:")), undefined); // DIALECTS.sqlite
 * ```
 */
export function drizzleDialect(db: unknown, named: DialectName | undefined): Dialect {
  if (named !== undefined) {
    if (!DIALECT_NAMES.includes(named)) {
      throw new TypeError(
        `dialect must be one of ${DIALECT_NAMES.join(", ")}; got ${describeValue(named)}`,
      );
    }
    return DIALECTS[named];
  }
  const dialect = (db as { dialect?: unknown } | null)?.dialect;
  for (let kind = dialect?.constructor; typeof kind === "function"; ) {
    const name = KINDS[(kind as unknown as Record<symbol, string>)[ENTITY_KIND] ?? ""];
    if (name !== undefined) return DIALECTS[name];
    kind = Object.getPrototypeOf(kind);
  }
  throw new TypeError(
    `The database's dialect is not one pagewise knows (PostgreSQL, MySQL/MariaDB, SQLite): give the option dialect (${DIALECT_NAMES.join(", ")}); got ${describeValue(db)}`,
  );
}
