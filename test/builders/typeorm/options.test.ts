/**
 * typeormPages and typeormCursorPages refuse a misused option when the list is defined, before
 * any request: each with the TypeError (or RangeError) that says what to give.
 */
import { DataSource } from "typeorm";
import { describe, expect, it } from "vitest";
import { typeormCursorPages, typeormPages } from "../../../src/builders/typeorm/index.js";

/** Data sources are read for their `type` alone when a list is defined: none is opened. */
const sqlite = new DataSource({ type: "better-sqlite3", database: ":memory:" });
const postgres = new DataSource({ type: "postgres" });
/** A data source of a driver pagewise does not serve, as its `options` say it. */
const oracle = { options: { type: "oracle" } } as unknown as DataSource;
const query = () => sqlite.createQueryBuilder();

const COLUMNS_SHAPE =
  'columns (sort columns to properties, { tag: "v.tag" }) must be an object; got a string ("v.tag")';
const COLUMN =
  'columns.tag must be a property of the query\'s main alias or "alias.property" ("createdAt" or "v.tag"); got a string ("v.tag;")';
const DIALECT = 'dialect must be one of "postgres", "mysql", "sqlite"; got "oracle"';
const DRIVER =
  'pagewise/typeorm serves PostgreSQL, MySQL/MariaDB and SQLite; this data source\'s type is "oracle": give dialect: "postgres", "mysql" or "sqlite" if it is one of them';

describe("typeormPages' options", () => {
  it.each<[string, DataSource, object, Error]>([
    [
      "a name it does not know",
      sqlite,
      { cont: "none" },
      new TypeError('Unknown typeormPages option "cont"; did you mean "count"?'),
    ],
    [
      "estimate on SQLite",
      sqlite,
      { count: "estimate" },
      new TypeError(
        'count "estimate": sqlite keeps no row estimate a query can read; give "exact", { cap: n } or { whenNeeded: … }',
      ),
    ],
    [
      "a cap of 0",
      postgres,
      { count: { cap: 0 } },
      new RangeError("count.cap must be a whole number of at least 1; got number 0"),
    ],
    [
      "a count not listed",
      postgres,
      { count: "some" },
      new TypeError('count must be one of "exact", "estimate"; got "some"'),
    ],
    [
      "whenNeeded of none",
      postgres,
      { count: { whenNeeded: "none" } },
      new TypeError('count.whenNeeded must be one of "exact", "estimate"; got "none"'),
    ],
    [
      "of, not a function",
      postgres,
      { count: { of: 3 } },
      new TypeError("count.of must be a function of the request; got number 3"),
    ],
    ["a dialect not listed", postgres, { dialect: "oracle" }, new TypeError(DIALECT)],
    ["a driver it does not serve", oracle, {}, new TypeError(DRIVER)],
    ["columns not an object", postgres, { columns: "v.tag" }, new TypeError(COLUMNS_SHAPE)],
    ["a column not a property", postgres, { columns: { tag: "v.tag;" } }, new TypeError(COLUMN)],
  ])("refuses %s", (_case, dataSource, options, error) => {
    expect(() => typeormPages(dataSource, query, options as never)).toThrow(error);
  });

  it("takes a driver it does not serve with the dialect named", () => {
    expect(typeormPages(oracle, query, { dialect: "postgres" }).name).toBe("typeormPages");
  });
});

describe("typeormCursorPages' options", () => {
  it.each<[string, DataSource, object, Error]>([
    [
      "a count (a cursor list's count is the handler's own)",
      postgres,
      { count: "exact" },
      new TypeError(
        'Unknown typeormCursorPages option "count"; the typeormCursorPages options are dialect, columns, plannerSetting',
      ),
    ],
    [
      "a planner setting not a boolean",
      postgres,
      { plannerSetting: "off" },
      new TypeError(
        'typeormCursorPages option plannerSetting must be one of true, false; got "off"',
      ),
    ],
    ["a dialect not listed", postgres, { dialect: "oracle" }, new TypeError(DIALECT)],
    ["a driver it does not serve", oracle, {}, new TypeError(DRIVER)],
    ["columns not an object", postgres, { columns: "v.tag" }, new TypeError(COLUMNS_SHAPE)],
    ["a column not a property", postgres, { columns: { tag: "v.tag;" } }, new TypeError(COLUMN)],
  ])("refuses %s", (_case, dataSource, options, error) => {
    expect(() => typeormCursorPages(dataSource, query, options as never)).toThrow(error);
  });
});
