/** pagewise/kysely's behaviour suite, differential walks and plan checks on MariaDB, through mysql2. */
import { describe } from "vitest";
import { describeKyselyBehaviour } from "../support/kysely-behaviour.js";
import { mariadbEngine } from "../support/kysely-engines.js";
import { describeKyselyPlans } from "../support/kysely-plans.js";
import { describeKyselyWalks } from "../support/kysely-walks.js";

const url = () => process.env.TEST_MARIADB_URL as string;

describe("pagewise/kysely on MariaDB", () => {
  describeKyselyBehaviour(() => mariadbEngine(url(), "kysely_behaviour"));
});

describe("pagewise/kysely's cursor walks on MariaDB", () => {
  describeKyselyWalks(() => mariadbEngine(url(), "kysely_walks"));
});

/** Deep pages MariaDB 10.11 does not read as an index range (docs/sql.md, "NULLs on MariaDB"). */
const SLOW = [
  // `score IS NULL AND id < ?` ORDER BY id DESC: MariaDB picks `ref` on the NULLs over the
  // (NULL, ?) range and reads them backward from the last, every NULL before the cursor (212).
  "a nullable field descending",
  // `score IS NULL AND id > ?` ORDER BY id: `ref`, the id pushed down into the index: every
  // index entry of a NULL before the cursor is passed over (the 11 rows taken show it not).
  "NULLs set last ascending, the cursor among them",
];

describe("pagewise/kysely's cursor plans on MariaDB", () => {
  describeKyselyPlans(() => mariadbEngine(url(), "kysely_plans"), SLOW);
});
