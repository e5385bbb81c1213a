/** pagewise/kysely's options, checked when the list is defined, and a page list without sort. */
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { kyselyCursorPages, kyselyPages } from "../../../src/builders/kysely/index.js";
import { list } from "../../../src/index.js";
import type { TestSchema } from "./kysely-engines.js";

const db = new Kysely<TestSchema>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
afterAll(() => db.destroy());
const query = () => db.selectFrom("items").selectAll();

describe("kyselyPages' options", () => {
  it.each<[string, unknown, RegExp]>([
    ["an estimate on SQLite", { count: "estimate" }, /sqlite keeps no row estimate/],
    ["an unknown count", { count: "all" }, /count must be one of "exact", "estimate"/],
    ["a cap below 1", { count: { cap: 0 } }, /count.cap/],
    ["a dialect not listed", { dialect: "oracle" }, /dialect must be one of/],
    [
      "a reference that is no column",
      { columns: { id: "id; DROP" } },
      /columns.id must be a column reference/,
    ],
    ["columns not an object", { columns: ["id"] }, /columns must be an object/],
    ["a misspelt option", { cout: "none" }, /cout/],
  ])("refuses %s", (_name, options, message) => {
    expect(() => kyselyPages(db, query, options as never)).toThrow(message);
  });

  const missing = new TypeError(
    "kyselyPages orders the rows by the list's sort option: give the list sort ({ fields, tieBreaker, default })",
  );

  it("refuses a list without sort when it is defined", () => {
    expect(() => list({ handler: kyselyPages(db, query) as never })).toThrow(missing);
  });

  it("refuses at first use a list without sort whose handler the user wrapped", () => {
    const handler = kyselyPages(db, query);
    const wrapped = list({ handler: (context) => handler.handle(context as never) });
    expect(() => wrapped.handler({ sort: undefined } as never)).toThrow(missing);
  });
});

describe("kyselyCursorPages' options", () => {
  it.each<[string, unknown, RegExp]>([
    ["a count (a cursor list counts by itself)", { count: "exact" }, /count/],
    ["a dialect not listed", { dialect: "mssql" }, /dialect must be one of/],
    [
      "a plannerSetting not true or false",
      { plannerSetting: "off" },
      /^kyselyCursorPages option plannerSetting must be one of true, false; got "off"$/,
    ],
  ])("refuses %s", (_name, options, message) => {
    expect(() => kyselyCursorPages(db, query, options as never)).toThrow(message);
  });
});
