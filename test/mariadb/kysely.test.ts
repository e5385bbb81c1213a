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

describe("pagewise/kysely's cursor plans on MariaDB", () => {
  // -score: the cursor at 90% lies among the NULLs (last, descending); for `score IS NULL AND
  // id < ?` ORDER BY score DESC, id DESC LIMIT 11, MariaDB 10.11 reads every NULL row beyond the
  // cursor by `ref` on (score, id) and filesorts them (199 rows), instead of a range read in order.
  describeKyselyPlans(() => mariadbEngine(url(), "kysely_plans"), ["-score"]);
});
