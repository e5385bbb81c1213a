/** drizzlePages past the end, on SQLite (better-sqlite3) and PostgreSQL (PGlite): the statements each page runs. */
import { describe } from "vitest";
import { describePastTheEnd } from "../../support/past-the-end.js";
import { drizzleSubject } from "../../support/past-the-end-subjects.js";
import { openPgliteDrizzle, openSqliteDrizzle } from "./drizzle-databases.js";

describe.each([
  ["SQLite", openSqliteDrizzle, false],
  ["PGlite", openPgliteDrizzle, true],
])("drizzlePages past the end on %s", (_name, open, estimates) => {
  describePastTheEnd(async () => drizzleSubject(await open()), estimates);
});
