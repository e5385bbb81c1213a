/** pagewise/kysely's differential cursor walks on SQLite (better-sqlite3) and PostgreSQL (PGlite). */
import { describe } from "vitest";
import { pgliteEngine, sqliteEngine } from "../../support/kysely-engines.js";
import { describeKyselyWalks } from "../../support/kysely-walks.js";

describe.each([
  ["SQLite", sqliteEngine],
  ["PGlite", pgliteEngine],
])("pagewise/kysely's cursor walks on %s", (_name, open) => {
  describeKyselyWalks(open);
});
