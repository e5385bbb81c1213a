/** pagewise/kysely's behaviour suite, differential walks and plan checks on a PostgreSQL server, through pg. */
import { describe } from "vitest";
import { describeKyselyBehaviour } from "../support/kysely-behaviour.js";
import { postgresEngine } from "../support/kysely-engines.js";
import { describeKyselyPlans } from "../support/kysely-plans.js";
import { describeKyselyWalks } from "../support/kysely-walks.js";

const url = () => process.env.TEST_POSTGRES_URL as string;

describe("pagewise/kysely on PostgreSQL", () => {
  describeKyselyBehaviour(() => postgresEngine(url()));
});

describe("pagewise/kysely's cursor walks on PostgreSQL", () => {
  describeKyselyWalks(() => postgresEngine(url()));
});

describe("pagewise/kysely's cursor plans on PostgreSQL", () => {
  describeKyselyPlans(() => postgresEngine(url()));
});
