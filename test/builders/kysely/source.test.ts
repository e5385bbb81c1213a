/**
 * The reference each sort column is ordered and filtered by (`sortRefs`, `joinedRef`): in a
 * query of one table its name, in a join the column the select names by its table, or the
 * `columns` option's; a join that leaves it unsaid is refused with the fix.
 */
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { columnRefs, sortRefs } from "../../../src/builders/kysely/source.js";
import type { SortTerm } from "../../../src/sort/sort-order.js";

interface Tables {
  packages: { id: number; repository_id: number; name: string; created_at: string };
  repositories: { id: number; name: string };
}
// Compiled only, never run.
const db = new Kysely<Tables>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
afterAll(() => db.destroy());
const joined = () =>
  db.selectFrom("packages as p").innerJoin("repositories as r", "r.id", "p.repository_id");
const terms = (...columns: string[]) => columns.map((column) => ({ column }) as SortTerm);
type Query = () => { toOperationNode(): never };

describe("sortRefs", () => {
  it.each<[string, Query, Record<string, string>, string[]]>([
    [
      "one table: the bare name",
      () => db.selectFrom("packages").selectAll() as never,
      {},
      ["name", "id"],
    ],
    [
      "one table, the option's reference",
      () => db.selectFrom("packages").selectAll() as never,
      { name: "packages.name" },
      ["packages.name", "id"],
    ],
    [
      "a join: the columns selected by their tables",
      () => joined().select(["p.id", "p.name", "r.name as repo"]) as never,
      {},
      ["p.name", "p.id"],
    ],
    [
      "a join: the one table whose every column it selects",
      () => joined().selectAll("p").select("r.name as repo") as never,
      {},
      ["p.name", "p.id"],
    ],
    [
      "a join: the name as the select aliases it",
      () => joined().selectAll("p").select(["r.name as name", "p.name as package"]) as never,
      {},
      ["r.name", "p.id"],
    ],
    [
      "a join: the option first",
      () => joined().selectAll() as never,
      { name: "r.name", id: "p.id" },
      ["r.name", "p.id"],
    ],
  ])("%s", (_name, query, columns, refs) => {
    expect(sortRefs(query(), terms("name", "id"), columnRefs(columns))).toStrictEqual(refs);
  });

  const one = `pagewise/kysely: the query reads more than one table, and which one's "name" the list sorts by is not said: give the option columns: { name: "p.name" } (the table or its alias, a dot, the column), or select it once, by its table (select("p.name"))`;
  const both = `pagewise/kysely: the query reads more than one table, and which one's "name", "id" the list sorts by is not said: give the option columns: { name: "p.name", id: "p.id" } (the table or its alias, a dot, the column), or select each once, by its table (select("p.name"))`;
  it.each<[string, Query, string]>([
    ["every table's columns", () => joined().selectAll() as never, both],
    ["the name twice", () => joined().select(["p.id", "p.name", "r.name"]) as never, one],
    ["the name not selected", () => joined().select(["p.id", "r.name as repo"]) as never, one],
    ["every column of two tables", () => joined().selectAll("p").selectAll("r") as never, both],
    [
      "a selection pagewise cannot name",
      () => joined().select(["p.id", sql`1` as never]) as never,
      one,
    ],
    [
      "the name an expression's alias",
      () => joined().select(["p.id", sql<string>`upper(r.name)`.as("name")]) as never,
      one,
    ],
  ])(
    "refuses a join whose select leaves the table unsaid, every such column in one option: %s",
    (_name, query, message) => {
      expect(() => sortRefs(query(), terms("name", "id"), {})).toThrow(new TypeError(message));
    },
  );
});
