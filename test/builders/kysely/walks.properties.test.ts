/**
 * pagewise/kysely's differential cursor walks on SQLite (better-sqlite3) and PostgreSQL (PGlite);
 * on a PostgreSQL server (pg) and MariaDB (mysql2) in their suites.
 */
import { describe } from "vitest";
import { databaseRows } from "../../support/databases.js";
import { mariadbEngine, pgliteEngine, postgresEngine, sqliteEngine } from "./kysely-engines.js";
import { describeKyselyWalks } from "./kysely-walks.js";

describe.each(
  databaseRows({
    SQLite: sqliteEngine,
    PGlite: pgliteEngine,
    PostgreSQL: (url) => () => postgresEngine(url),
    MariaDB: (url) => () => mariadbEngine(url, "kysely_walks"),
  }),
)("pagewise/kysely's cursor walks on %s", (_name, open) => {
  describeKyselyWalks(open);
});
