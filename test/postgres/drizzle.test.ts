/** `pagewise/drizzle` on a PostgreSQL server through node-postgres: the page suite, the differential walk and the plan checks. */
import { describe } from "vitest";
import { describeWalks } from "../builders/drizzle/cursor-walks.js";
import { openPostgresDrizzle } from "../builders/drizzle/drizzle-databases.js";
import { describePages } from "../builders/drizzle/pages-behaviour.js";
import { describePlans } from "../builders/drizzle/plan-checks.js";
import { freshDatabase } from "../support/stores.js";

const open = async () =>
  openPostgresDrizzle(await freshDatabase(process.env.TEST_POSTGRES_URL as string));

describe("drizzlePages on a PostgreSQL server", () => describePages(open));
describe("drizzleCursorPages on a PostgreSQL server", () => describeWalks(open, 30));
describe("drizzleCursorPages' plans on a PostgreSQL server", () => describePlans(open));
