/**
 * pagewise/kysely's behaviour suite on SQLite (better-sqlite3) and PostgreSQL (PGlite); on a
 * PostgreSQL server (pg) and MariaDB (mysql2) in their suites.
 */
import { describe } from "vitest";
import { databaseRows } from "../../support/databases.js";
import { describeKyselyBehaviour } from "./kysely-behaviour.js";
import { mariadbEngine, pgliteEngine, postgresEngine, sqliteEngine } from "./kysely-engines.js";

describe.each(
  databaseRows({
    SQLite: sqliteEngine,
    PGlite: pgliteEngine,
    PostgreSQL: (url) => () => postgresEngine(url),
    MariaDB: (url) => () => mariadbEngine(url, "kysely_behaviour"),
  }),
)("pagewise/kysely on %s", (_name, open) => {
  describeKyselyBehaviour(open);
});
