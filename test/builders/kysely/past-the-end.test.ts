/** kyselyPages past the end, on SQLite (better-sqlite3) and PostgreSQL (PGlite): the statements each page runs. */
import { describe } from "vitest";
import { pgliteEngine, sqliteEngine } from "../../support/kysely-engines.js";
import { describePastTheEnd } from "../../support/past-the-end.js";
import { kyselySubject } from "../../support/past-the-end-subjects.js";

describe.each([
  ["SQLite", sqliteEngine, false],
  ["PGlite", pgliteEngine, true],
])("kyselyPages past the end on %s", (_name, open, estimates) => {
  describePastTheEnd(async () => kyselySubject(await open()), estimates);
});
