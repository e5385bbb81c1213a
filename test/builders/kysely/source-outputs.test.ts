import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { plainColumns, selectionOutputs } from "../../../src/builders/kysely/source-outputs.js";

interface Tables {
  packages: { id: number; name: string; created_at: string };
  owners: { id: number; name: string };
}
// Compiled only, never run.
const db = new Kysely<Tables>({
  dialect: new SqliteDialect({ database: new Database(":memory:") }),
});
afterAll(() => db.destroy());
const packages = () => db.selectFrom("packages");

describe("plainColumns", () => {
  it.each<[string, () => { toOperationNode(): never }, Record<string, boolean>]>([
    [
      "selectAll(): every column",
      () => packages().selectAll() as never,
      { created_at: true, id: true },
    ],
    ["selectAll of the table", () => packages().selectAll("packages") as never, { name: true }],
    [
      "columns by name: those selected",
      () => packages().select(["id", "created_at"]) as never,
      { id: true, created_at: true, name: false },
    ],
    ["a qualified column", () => packages().select("packages.name") as never, { name: true }],
    [
      "a column aliased to its own name",
      () => packages().select("name as name") as never,
      { name: true },
    ],
    [
      "a column aliased to another name: neither name",
      () => packages().select("created_at as at") as never,
      { at: false, created_at: false },
    ],
    [
      "an expression under a column's name: not the column",
      () => packages().select(["id", sql<string>`upper(name)`.as("name")]) as never,
      { id: true, name: false },
    ],
    [
      "selectAll and an expression under a column's name: not the column",
      () => packages().selectAll().select(sql<string>`upper(name)`.as("name")) as never,
      { id: true, name: false },
    ],
    [
      "a join: no bare name is sure",
      () =>
        packages().innerJoin("owners", "owners.id", "packages.id").selectAll("packages") as never,
      { id: false, name: false },
    ],
  ])("%s", (_name, query, expected) => {
    const plain = plainColumns(query());
    const names = Object.keys(expected);
    expect(Object.fromEntries(names.map((name) => [name, plain(name)]))).toStrictEqual(expected);
  });
});

describe("selectionOutputs", () => {
  const joined = () => db.selectFrom("packages as p").innerJoin("owners as o", "o.id", "p.id");
  it.each<[string, () => { toOperationNode(): never }, unknown[]]>([
    ["selectAll()", () => joined().selectAll() as never, [{ kind: "all" }]],
    [
      "selectAll of one table",
      () => joined().selectAll("p") as never,
      [{ kind: "all", table: "p" }],
    ],
    [
      "a column by its table, and bare",
      () => joined().select(["p.name", "created_at"]) as never,
      [
        { kind: "one", name: "name", ref: "p.name", plain: true },
        { kind: "one", name: "created_at", ref: "created_at", plain: true },
      ],
    ],
    [
      "a column aliased",
      () => joined().select("o.name as owner") as never,
      [{ kind: "one", name: "owner", ref: "o.name", plain: false }],
    ],
    [
      "an expression's alias",
      () => joined().select(sql<string>`upper(p.name)`.as("loud")) as never,
      [{ kind: "one", name: "loud", plain: false }],
    ],
    [
      "an expression without an alias",
      () => joined().select(sql`1` as never) as never,
      [undefined],
    ],
  ])("%s", (_name, query, outputs) => {
    expect(selectionOutputs(query().toOperationNode())).toStrictEqual(outputs);
  });
});
