/** pagewise/kysely's plan checks on SQLite (better-sqlite3) and PostgreSQL (PGlite). */
import { describe } from "vitest";
import { pgliteEngine, sqliteEngine } from "../../support/kysely-engines.js";
import { describeKyselyPlans } from "../../support/kysely-plans.js";

describe.each([
  // NULLs set last ascending, the cursor among them: `score IS NULL AND id > ?` ORDER BY
  // `score ASC NULLS LAST, id` is read by the rowid range from the cursor, the rows of other
  // scores filtered out (4 in 5 here): from the cursor, but not a range of the index on (score, id).
  ["SQLite", sqliteEngine, ["NULLs set last ascending, the cursor among them"]],
  ["PGlite", pgliteEngine, []],
] as const)("pagewise/kysely's cursor plans on %s", (_name, open, slow) => {
  describeKyselyPlans(open, slow);
});
