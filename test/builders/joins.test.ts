/**
 * A join through pagewise/kysely and pagewise/drizzle on SQLite and PGlite; on a PostgreSQL server
 * and MariaDB in their suites (join-walks.ts).
 */
import { describe } from "vitest";
import { databaseRows } from "../support/databases.js";
import { mariadbJoins, pgliteJoins, postgresJoins, sqliteJoins } from "./join-databases.js";
import { describeJoinWalks } from "./join-walks.js";

describe.each(
  databaseRows({
    SQLite: sqliteJoins,
    PGlite: pgliteJoins,
    PostgreSQL: (url) => () => postgresJoins(url),
    MariaDB: (url) => () => mariadbJoins(url),
  }),
)("a join on %s", (_name, open) => describeJoinWalks(open));
