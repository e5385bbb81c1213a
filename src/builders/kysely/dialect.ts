import type { Kysely } from "kysely";
import { assertOption } from "../../option-checks.js";
import { DIALECT_NAMES, DIALECTS, type Dialect } from "../../sql/dialect.js";

/** A table no one has: a probe query is compiled, never run. */
type ProbeSchema = { pagewise_probe: { a: number } };

/**
 * The dialect of a Kysely instance: the one named, or read from how its query compiler writes a
 * probe query (never run): `"x" … = $1` is PostgreSQL, `` `x` … = ? `` MySQL or MariaDB, `"x" … = ?`
 * SQLite. Anything else (MS SQL Server, a dialect of its own) is refused: name one, if it is one
 * of those.
 *
 * @param db - the Kysely instance the list queries
 * @param dialect - the dialect's name, when given
 * @throws {TypeError} for a name not listed, or a compiler that writes none of the three
 * @example
 * ```ts
 * kyselyDialect(new Kysely<DB>({ dialect: new SqliteDialect({ database }) })).name; // "sqlite"
 * ```
 */
export function kyselyDialect<DB>(db: Kysely<DB>, dialect?: unknown): Dialect {
  if (dialect !== undefined) {
    assertOption("dialect", dialect, DIALECT_NAMES);
    return DIALECTS[dialect as Dialect["name"]];
  }
  // The instance's schema is the user's: the probe's table is not in it, hence the cast.
  const probe = (db as unknown as Kysely<ProbeSchema>)
    .selectFrom("pagewise_probe")
    .select("a")
    .where("a", "=", 1)
    .compile().sql;
  // A plugin may rename identifiers (`CamelCasePlugin`'s `upperCase`): their case says nothing.
  const text = probe.toLowerCase();
  // Each dialect known by its facts: how it quotes the table, how it writes the placeholder.
  const writes = (d: Dialect) =>
    text.includes(`${d.quote}pagewise_probe${d.quote}`) &&
    text.endsWith(d.numberedPlaceholders ? "= $1" : "= ?");
  const found = DIALECT_NAMES.map((name) => DIALECTS[name]).find(writes);
  if (found !== undefined) return found;
  throw new TypeError(
    `pagewise/kysely cannot tell this Kysely instance's dialect from its SQL (${JSON.stringify(probe)}): give dialect: "postgres", "mysql" or "sqlite" if it is one of them`,
  );
}
