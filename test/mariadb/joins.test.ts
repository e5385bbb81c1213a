/** A join through pagewise/kysely and pagewise/drizzle on MariaDB (test/support/join-walks.ts). */
import { describe } from "vitest";
import { mariadbJoins } from "../support/join-databases.js";
import { describeJoinWalks } from "../support/join-walks.js";

describe("a join on MariaDB", () =>
  describeJoinWalks(() => mariadbJoins(process.env.TEST_MARIADB_URL as string)));
