/**
 * pagewise/kysely's plan checks on SQLite (better-sqlite3) and PostgreSQL (PGlite); on a
 * PostgreSQL server (pg) and MariaDB (mysql2) in their suites.
 */
import { describe } from "vitest";
import { databaseRows } from "../../support/databases.js";
import {
  type KyselyEngine,
  mariadbEngine,
  pgliteEngine,
  postgresEngine,
  sqliteEngine,
} from "./kysely-engines.js";
import { describeKyselyPlans } from "./kysely-plans.js";

/** A database's engine, and the cases of its deep pages that are not read as an index range. */
type Subject = readonly [() => Promise<KyselyEngine>, readonly string[]];

describe.each(
  databaseRows<Subject>({
    // NULLs set last ascending, the cursor among them: `score IS NULL AND id > ?` ORDER BY
    // `score ASC NULLS LAST, id` is read by the rowid range from the cursor, the rows of other
    // scores filtered out (4 in 5 here): from the cursor, but not a range of the index on (score, id).
    SQLite: [sqliteEngine, ["NULLs set last ascending, the cursor among them"]],
    PGlite: [pgliteEngine, []],
    PostgreSQL: (url) => [() => postgresEngine(url), []],
    // Deep pages MariaDB 10.11 does not read as an index range (docs/sql.md, "NULLs on MariaDB").
    MariaDB: (url) => [
      () => mariadbEngine(url, "kysely_plans"),
      [
        // `score IS NULL AND id < ?` ORDER BY id DESC: MariaDB picks `ref` on the NULLs over the
        // (NULL, ?) range and reads them backward from the last, every NULL before the cursor (212).
        "a nullable field descending",
        // `score IS NULL AND id > ?` ORDER BY id: `ref`, the id pushed down into the index: every
        // index entry of a NULL before the cursor is passed over (the 11 rows taken show it not).
        "NULLs set last ascending, the cursor among them",
      ],
    ],
  }),
)("pagewise/kysely's cursor plans on %s", (_name, [open, slow]) => {
  describeKyselyPlans(open, slow);
});
