/**
 * Which sort values `kyselyCursorPages` reads off the rows as the driver gives them and which it
 * selects apart, and the statements each page runs (SQLite through better-sqlite3 as it comes:
 * integers read as numbers, so a bigint beyond 2^53 loses digits there).
 */
import Database from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kyselyCursorPages } from "../../../src/builders/kysely/index.js";
import { cursorQuery } from "../../../src/cursor/cursor-query.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { readSort } from "../../../src/sort/sort-param.js";

interface Tables {
  items: { id: number; name: string; created_at: string };
}
const SORT = {
  fields: { created_at: { type: "timestamp" } },
  tieBreaker: { column: "id", type: "bigint" },
} as const;

const database = new Database(":memory:");
const ran: CompiledQuery[] = [];
const db = new Kysely<Tables>({
  dialect: new SqliteDialect({ database }),
  log: (event) => void ran.push(event.query),
});
beforeAll(() =>
  database.exec(
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL)",
  ),
);
afterAll(() => db.destroy());

const AT = "2026-01-01 10:00:00.00000";
const SELECT = 'select "id", "name", "created_at"';
const TAIL = 'from "items" order by "created_at" asc, "id" asc limit ?';

describe("kyselyCursorPages' sort values", () => {
  it.each<[string, readonly string[], () => unknown, readonly string[], readonly unknown[][]]>([
    [
      "columns selected as they are: read off the rows, nothing selected apart",
      ["5", "7"],
      () => db.selectFrom("items").select(["id", "name", "created_at"]),
      [`${SELECT} ${TAIL}`],
      [
        [`${AT}1`, 5],
        [`${AT}2`, 7],
      ],
    ],
    [
      // 2^53 + 1 reads as the number 2^53: the page again, the id's text selected apart.
      "a bigint beyond 2^53: the page again, every value apart",
      ["5", "9007199254740993"],
      () => db.selectFrom("items").select(["id", "name", "created_at"]),
      [
        `${SELECT} ${TAIL}`,
        `${SELECT}, "created_at" as "pagewisevalxa", cast("id" as text) as "pagewisevalxb" ${TAIL}`,
      ],
      [
        [`${AT}1`, "5"],
        [`${AT}2`, "9007199254740993"],
      ],
    ],
    [
      "an expression under a sort column's name: that value apart",
      ["5", "7"],
      () => db.selectFrom("items").select(["id", "name", sql<string>`'x'`.as("created_at")]),
      [`select "id", "name", 'x' as "created_at", "created_at" as "pagewisevalxa" ${TAIL}`],
      [
        [`${AT}1`, 5],
        [`${AT}2`, 7],
      ],
    ],
  ])("%s", async (_name, ids, query, statements, carried) => {
    const rows = ids.map((id, i) => `(${id}, 'n${i}', '${AT}${i + 1}')`);
    database.exec(`DELETE FROM items; INSERT INTO items VALUES ${rows.join(", ")}`);
    const order = readSort(sortSettings(SORT), "created_at");
    const handler = kyselyCursorPages(db, query as never);
    ran.length = 0;
    const { values } = (await handler.handle({
      sort: order,
      cursor: cursorQuery(order.terms, undefined, undefined, 10),
    } as never)) as unknown as { values: unknown[][] };
    expect(ran.map((q) => q.sql)).toStrictEqual(statements);
    expect(values).toStrictEqual(carried);
  });
});
