/**
 * kyselyPages past the end, on SQLite (better-sqlite3) and PostgreSQL (PGlite); on a PostgreSQL
 * server (pg, a pool of 2) and MariaDB (mysql2) in their suites: the statements each page runs.
 */
import { describe } from "vitest";
import { databaseRows } from "../../support/databases.js";
import { describePastTheEnd } from "../past-the-end.js";
import { kyselySubject } from "../past-the-end-subjects.js";
import { mariadbEngine, pgliteEngine, postgresEngine, sqliteEngine } from "./kysely-engines.js";

describe.each(
  databaseRows({
    SQLite: sqliteEngine,
    PGlite: pgliteEngine,
    PostgreSQL: (url) => () => postgresEngine(url),
    MariaDB: (url) => () => mariadbEngine(url, "kysely_past_end"),
  }),
)("kyselyPages past the end on %s", (name, open) => {
  // SQLite keeps no row estimate a query can read.
  describePastTheEnd(async () => kyselySubject(await open()), name !== "SQLite");
});
