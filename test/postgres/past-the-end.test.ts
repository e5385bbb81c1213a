/** kyselyPages and drizzlePages past the end on a PostgreSQL server (pg, a pool of 2): the statements each page runs. */
import { describe } from "vitest";
import { openPostgresDrizzle } from "../builders/drizzle/drizzle-databases.js";
import { postgresEngine } from "../support/kysely-engines.js";
import { describePastTheEnd } from "../support/past-the-end.js";
import { drizzleSubject, kyselySubject } from "../support/past-the-end-subjects.js";
import { freshDatabase } from "../support/stores.js";

const url = () => process.env.TEST_POSTGRES_URL as string;

describe("kyselyPages past the end on a PostgreSQL server", () => {
  describePastTheEnd(async () => kyselySubject(await postgresEngine(url())), true);
});

describe("drizzlePages past the end on a PostgreSQL server", () => {
  describePastTheEnd(
    async () => drizzleSubject(await openPostgresDrizzle(await freshDatabase(url()))),
    true,
  );
});
