/**
 * drizzlePages past the end, on SQLite (better-sqlite3) and PostgreSQL (PGlite); on a PostgreSQL
 * server and MariaDB in their suites (DRIZZLE_DATABASES): the statements each page runs.
 */
import { describe } from "vitest";
import { describePastTheEnd } from "../past-the-end.js";
import { drizzleSubject } from "../past-the-end-subjects.js";
import { DRIZZLE_DATABASES } from "./drizzle-databases.js";

describe.each(DRIZZLE_DATABASES)("drizzlePages past the end on %s", (name, open) => {
  // SQLite keeps no row estimate a query can read.
  describePastTheEnd(async () => drizzleSubject(await open()), name !== "SQLite");
});
