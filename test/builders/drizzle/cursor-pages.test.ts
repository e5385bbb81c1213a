/** `drizzleCursorPages` on SQLite (better-sqlite3) and PostgreSQL (PGlite); MariaDB and a PostgreSQL server in their suites. */
import { describe } from "vitest";
import { describeWalks } from "./cursor-walks.js";
import { openPgliteDrizzle, openSqliteDrizzle } from "./drizzle-databases.js";
import { describePlans } from "./plan-checks.js";

describe.each([
  ["sqlite", openSqliteDrizzle],
  ["pglite", openPgliteDrizzle],
] as const)("drizzleCursorPages on %s", (_name, open) => {
  describeWalks(open, 30);
});

describe.each([
  ["sqlite", openSqliteDrizzle],
  ["pglite", openPgliteDrizzle],
] as const)("drizzleCursorPages' plans on %s", (_name, open) => {
  describePlans(open);
});
