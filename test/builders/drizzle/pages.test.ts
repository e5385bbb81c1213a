/** `drizzlePages` on SQLite (better-sqlite3) and PostgreSQL (PGlite); MariaDB and a PostgreSQL server in their suites (DRIZZLE_DATABASES). */
import { describe, expect, it } from "vitest";
import { drizzlePages } from "../../../src/builders/drizzle/index.js";
import { list } from "../../../src/index.js";
import { DRIZZLE_DATABASES, openSqliteDrizzle } from "./drizzle-databases.js";
import { describePages } from "./pages-behaviour.js";

describe.each(DRIZZLE_DATABASES)("drizzlePages on %s", (_name, open) => {
  describePages(open);
});

describe("drizzlePages when defined", () => {
  it.each([
    [
      { count: "estimate" },
      'count "estimate": sqlite keeps no row estimate a query can read; give "exact", { cap: n } or { whenNeeded: … }',
    ],
    [
      { dialect: "oracle" },
      'dialect must be one of postgres, mysql, sqlite; got a string ("oracle")',
    ],
  ])("refuses %j on a SQLite database", async (options, message) => {
    const t = await openSqliteDrizzle();
    try {
      expect(() =>
        drizzlePages(t.db, () => t.db.select().from(t.packages), options as never),
      ).toThrow(new TypeError(message));
    } finally {
      await t.close();
    }
  });

  it("refuses a list without sort when it is defined", async () => {
    const t = await openSqliteDrizzle();
    try {
      const handler = drizzlePages(t.db, () => t.db.select().from(t.packages));
      expect(() => list({ handler: handler as never })).toThrow(
        new TypeError(
          "drizzlePages orders the rows by the list's sort option: give the list sort ({ fields, tieBreaker, default })",
        ),
      );
    } finally {
      await t.close();
    }
  });

  it("refuses a database whose dialect it cannot read", () => {
    expect(() =>
      drizzlePages({ select: () => undefined }, () => Promise.resolve([]) as never),
    ).toThrow(TypeError);
  });
});
