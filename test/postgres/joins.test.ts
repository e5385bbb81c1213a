/** A join through pagewise/kysely and pagewise/drizzle on a PostgreSQL server (test/support/join-walks.ts). */
import { describe } from "vitest";
import { postgresJoins } from "../support/join-databases.js";
import { describeJoinWalks } from "../support/join-walks.js";

describe("a join on PostgreSQL", () =>
  describeJoinWalks(() => postgresJoins(process.env.TEST_POSTGRES_URL as string)));
