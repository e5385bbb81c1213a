/** pagewise/kysely's behaviour suite on SQLite (better-sqlite3) and PostgreSQL (PGlite). */
import { describe } from "vitest";
import { describeKyselyBehaviour } from "../../support/kysely-behaviour.js";
import { pgliteEngine, sqliteEngine } from "../../support/kysely-engines.js";

describe.each([
  ["SQLite", sqliteEngine],
  ["PGlite", pgliteEngine],
])("pagewise/kysely on %s", (_name, open) => {
  describeKyselyBehaviour(open);
});
