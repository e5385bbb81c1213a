/** `drizzleCursorPages` on SQLite (better-sqlite3) and PostgreSQL (PGlite); MariaDB and a PostgreSQL server in their suites (DRIZZLE_DATABASES). */
import { describe } from "vitest";
import { describeWalks } from "./cursor-walks.js";
import { DRIZZLE_DATABASES } from "./drizzle-databases.js";
import { describePlans } from "./plan-checks.js";

describe.each(DRIZZLE_DATABASES)("drizzleCursorPages on %s", (_name, open) => {
  describeWalks(open, 30);
});

/** Deep pages MariaDB 10.11 does not read as an index range (docs/sql.md, "NULLs on MariaDB"). */
const MARIADB_SLOW = [
  // `score IS NULL AND id < ?` ORDER BY id DESC: `ref` on the NULLs, read backward from the last.
  "a nullable field descending, the cursor among the NULLs",
  // `score IS NULL AND id > ?` ORDER BY id: `ref`, every NULL's index entry before the cursor
  // passed over by the pushed-down `id > ?`.
  "NULLs set last ascending, the cursor among them",
];

describe.each(DRIZZLE_DATABASES)("drizzleCursorPages' plans on %s", (name, open) => {
  describePlans(open, name === "MariaDB" ? MARIADB_SLOW : []);
});
