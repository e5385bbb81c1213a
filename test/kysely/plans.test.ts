/** pagewise/kysely's plan checks on SQLite (better-sqlite3) and PostgreSQL (PGlite). */
import { describe } from "vitest";
import { pgliteEngine, sqliteEngine } from "../support/kysely-engines.js";
import { describeKyselyPlans } from "../support/kysely-plans.js";

describe.each([
  ["SQLite", sqliteEngine],
  ["PGlite", pgliteEngine],
])("pagewise/kysely's cursor plans on %s", (_name, open) => {
  describeKyselyPlans(open);
});
