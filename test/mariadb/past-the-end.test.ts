/** kyselyPages and drizzlePages past the end on MariaDB (mysql2): the statements each page runs. */
import { randomUUID } from "node:crypto";
import { createConnection } from "mysql2/promise";
import { describe } from "vitest";
import { openMariaDbDrizzle } from "../builders/drizzle/drizzle-databases.js";
import { mariadbEngine } from "../support/kysely-engines.js";
import { describePastTheEnd } from "../support/past-the-end.js";
import { drizzleSubject, kyselySubject } from "../support/past-the-end-subjects.js";

const url = () => process.env.TEST_MARIADB_URL as string;

/** A database of its own on the suite's server, for Drizzle; its URL. */
async function freshMariaDb(): Promise<string> {
  const name = `past_end_${randomUUID().replaceAll("-", "")}`;
  const admin = await createConnection({ uri: url() });
  await admin.query(`create database ${name}`); // a generated identifier, never input
  await admin.end();
  return url().replace(/\/pagewise$/, `/${name}`);
}

describe("kyselyPages past the end on MariaDB", () => {
  describePastTheEnd(
    async () => kyselySubject(await mariadbEngine(url(), "kysely_past_end")),
    true,
  );
});

describe("drizzlePages past the end on MariaDB", () => {
  describePastTheEnd(
    async () => drizzleSubject(await openMariaDbDrizzle(await freshMariaDb())),
    true,
  );
});
