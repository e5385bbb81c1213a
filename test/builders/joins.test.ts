/** A join through pagewise/kysely and pagewise/drizzle on SQLite and PGlite (test/support/join-walks.ts). */
import { describe } from "vitest";
import { pgliteJoins, sqliteJoins } from "../../support/join-databases.js";
import { describeJoinWalks } from "../../support/join-walks.js";

describe("a join on SQLite", () => describeJoinWalks(sqliteJoins));
describe("a join on PGlite", () => describeJoinWalks(pgliteJoins));
