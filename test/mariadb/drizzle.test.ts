/** `pagewise/drizzle` on MariaDB through mysql2: the page suite, the differential walk and the plan checks. */
import { randomUUID } from "node:crypto";
import { createConnection } from "mysql2/promise";
import { describe } from "vitest";
import { describeWalks } from "../builders/drizzle/cursor-walks.js";
import { openMariaDbDrizzle } from "../builders/drizzle/drizzle-databases.js";
import { describePages } from "../builders/drizzle/pages-behaviour.js";
import { describePlans } from "../builders/drizzle/plan-checks.js";

/** A database of its own on the suite's server; its URL. */
async function freshMariaDb(): Promise<string> {
  const serverUrl = process.env.TEST_MARIADB_URL as string;
  const name = `drizzle_${randomUUID().replaceAll("-", "")}`;
  const admin = await createConnection({ uri: serverUrl });
  await admin.query(`create database ${name}`); // a generated identifier, never input
  await admin.end();
  return serverUrl.replace(/\/pagewise$/, `/${name}`);
}

const open = async () => openMariaDbDrizzle(await freshMariaDb());

describe("drizzlePages on MariaDB", () => describePages(open));
describe("drizzleCursorPages on MariaDB", () => describeWalks(open, 30));
/** Deep pages MariaDB 10.11 does not read as an index range (docs/sql.md, "NULLs on MariaDB"). */
const SLOW = [
  // `score IS NULL AND id < ?` ORDER BY id DESC: `ref` on the NULLs, read backward from the last.
  "a nullable field descending, the cursor among the NULLs",
  // `score IS NULL AND id > ?` ORDER BY id: `ref`, every NULL's index entry before the cursor
  // passed over by the pushed-down `id > ?`.
  "NULLs set last ascending, the cursor among them",
];

describe("drizzleCursorPages' plans on MariaDB", () => describePlans(open, SLOW));
