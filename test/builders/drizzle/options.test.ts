/** drizzleCursorPages' options, checked when the list is defined. */
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { drizzleCursorPages } from "../../../src/builders/drizzle/index.js";

const items = sqliteTable("items", { id: integer("id").primaryKey() });
const db = drizzle(new Database(":memory:"));
const query = () => db.select().from(items);

describe("drizzleCursorPages' options", () => {
  it.each<[string, unknown, TypeError]>([
    [
      "a plannerSetting not true or false",
      { plannerSetting: "off" },
      new TypeError(
        'drizzleCursorPages option plannerSetting must be one of true, false; got "off"',
      ),
    ],
    [
      "a misspelt option",
      { plannerSettings: false },
      new TypeError(
        'Unknown drizzleCursorPages option "plannerSettings"; did you mean "plannerSetting"?',
      ),
    ],
    [
      "a count (a cursor list counts by itself)",
      { count: "exact" },
      new TypeError(
        'Unknown drizzleCursorPages option "count"; the drizzleCursorPages options are dialect, plannerSetting',
      ),
    ],
  ])("refuses %s", (_name, options, error) => {
    expect(() => drizzleCursorPages(db, query, options as never)).toThrow(error);
  });

  it.each([[true], [false]])("takes plannerSetting: %s", (plannerSetting) => {
    expect(typeof drizzleCursorPages(db, query, { plannerSetting }).handle).toBe("function");
  });
});
