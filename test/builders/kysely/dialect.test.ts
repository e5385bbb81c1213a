import Database from "better-sqlite3";
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "kysely";
import { createPool } from "mysql2";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { kyselyDialect } from "../../../src/builders/kysely/dialect.js";

// Pools connect at their first query: these never run one, only compile.
const sqlite = new Kysely({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
const postgres = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
const mysql = new Kysely({ dialect: new MysqlDialect({ pool: createPool({}) }) });
afterAll(() => Promise.all([sqlite.destroy(), postgres.destroy(), mysql.destroy()]));

describe("kyselyDialect", () => {
  it.each([
    ["SqliteDialect", sqlite, "sqlite"],
    ["PostgresDialect", postgres, "postgres"],
    ["MysqlDialect", mysql, "mysql"],
  ] as const)("reads %s's SQL as %s", (_name, db, expected) => {
    expect(kyselyDialect(db).name).toBe(expected);
  });

  it("takes the dialect named over the one it would read", () => {
    expect(kyselyDialect(sqlite, "postgres").name).toBe("postgres");
  });

  it("refuses a name not listed", () => {
    expect(() => kyselyDialect(sqlite, "oracle")).toThrow(
      'dialect must be one of "postgres", "mysql", "sqlite"; got "oracle"',
    );
  });
});
