/**
 * The databases a run covers, as `describe.each` rows: SQLite and PGlite (both embedded) in
 * `npm test`; a PostgreSQL server in `npm run test:postgres`, whose global setup names it in
 * `TEST_POSTGRES_URL`; MariaDB in `npm run test:mariadb`, named in `TEST_MARIADB_URL`. A server's
 * run has only the server's rows: `npm test` runs the embedded ones. A feature's test file lists
 * every database it runs on; the run picks.
 */
import { MARIADB_URL, POSTGRES_URL } from "./stores.js";

/** What a test file runs on each database: the embedded ones as they are, a server's from its URL. */
export interface DatabaseSubjects<T> {
  readonly SQLite?: T;
  readonly PGlite?: T;
  /** From the admin URL of the run's PostgreSQL cluster. */
  readonly PostgreSQL?: (url: string) => T;
  /** From the URL of the run's MariaDB server (a user with every privilege). */
  readonly MariaDB?: (url: string) => T;
}

/** The server this run has, when it has one. */
export const SERVER: "PostgreSQL" | "MariaDB" | undefined = POSTGRES_URL
  ? "PostgreSQL"
  : MARIADB_URL
    ? "MariaDB"
    : undefined;

/**
 * The rows of this run: `[name, subject]` for each database of `subjects` the run covers.
 *
 * @param subjects - what to run on each database; a database left out is not run on
 * @returns the rows, for `describe.each`; none when the run's database is not among `subjects`
 * @example
 * ```ts
 * describe.each(databaseRows({
 *   SQLite: sqliteEngine,
 *   PGlite: pgliteEngine,
 *   PostgreSQL: (url) => () => postgresEngine(url),
 * }))("pagewise/kysely on %s", (_name, open) => describeKyselyBehaviour(open));
 * ```
 */
export function databaseRows<T>(subjects: DatabaseSubjects<T>): [string, T][] {
  if (SERVER === "PostgreSQL")
    return subjects.PostgreSQL ? [[SERVER, subjects.PostgreSQL(POSTGRES_URL as string)]] : [];
  if (SERVER === "MariaDB")
    return subjects.MariaDB ? [[SERVER, subjects.MariaDB(MARIADB_URL as string)]] : [];
  return (["SQLite", "PGlite"] as const).flatMap((name): [string, T][] => {
    const subject = subjects[name];
    return subject === undefined ? [] : [[name, subject]];
  });
}
