/** `pagewise/drizzle` on a PostgreSQL server through node-postgres: the page suite and the differential walk. */
import { describe } from "vitest";
import { describeWalks } from "../drizzle/cursor-walks.js";
import { openPostgresDrizzle } from "../drizzle/drizzle-databases.js";
import { describePages } from "../drizzle/pages-behaviour.js";
import { freshDatabase } from "../support/stores.js";

const open = async () =>
  openPostgresDrizzle(await freshDatabase(process.env.TEST_POSTGRES_URL as string));

describe("drizzlePages on a PostgreSQL server", () => describePages(open));
describe("drizzleCursorPages on a PostgreSQL server", () => describeWalks(open, 30));
