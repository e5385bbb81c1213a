/**
 * The outputs of a Drizzle select by name (`selectOutputs`), the field a sort column names
 * (`sortFields`: where two share its name, the one under the key of that name, else refused), and
 * the select with same-named outputs aliased apart for a subquery (`distinctSelect`).
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { configOf } from "../../../src/builders/drizzle/source-config.js";
import {
  distinctSelect,
  selectOutputs,
  sortFields,
} from "../../../src/builders/drizzle/source-outputs.js";

const repositories = pgTable("repositories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
});
const packages = pgTable("packages", {
  id: integer("id").primaryKey(),
  repositoryId: integer("repository_id").notNull(),
  name: text("name").notNull(),
});
// Compiled only, never run.
const db = drizzle.mock();
const on = eq(repositories.id, packages.repositoryId);
const fieldsOf = (query: unknown) =>
  (configOf(query) as { fields: Record<string, unknown> }).fields;

describe("selectOutputs", () => {
  it("names each column and aliased expression as the SQL outputs it, nested ones too", () => {
    const loud = sql<string>`upper(${packages.name})`.as("loud");
    const fields = { id: packages.id, loud, repo: { name: repositories.name } };
    expect(selectOutputs(fields).map(({ name, path }) => [name, path])).toStrictEqual([
      ["id", ["id"]],
      ["loud", ["loud"]],
      ["name", ["repo", "name"]],
    ]);
  });
});

describe("sortFields", () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ["the one column of the name", { id: packages.id, name: packages.name }, packages.name],
    [
      "the one under the key of the name, after another",
      { repo: repositories.name, name: packages.name },
      packages.name,
    ],
    [
      "the joined table's, under the key",
      { package: packages.name, name: repositories.name },
      repositories.name,
    ],
    ["none: undefined", { id: packages.id }, undefined],
  ])("%s", (_name, fields, field) => {
    expect(sortFields(fields, ["name"])[0]?.field).toBe(field);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      "two keys, neither the name",
      { package: packages.name, repo: repositories.name },
      "package, repo",
    ],
    [
      "the tables' objects of a join",
      fieldsOf(db.select().from(packages).innerJoin(repositories, on)),
      "packages.name, repositories.name",
    ],
  ])("refuses %s, naming where they are", (_name, fields, at) => {
    expect(() => sortFields(fields, ["name", "id"])).toThrow(
      new TypeError(
        `pagewise/drizzle: the select has 2 columns named "name" (at ${at}) and none under the key "name": select the one to sort by under that key (db.select({ name: table.name, … })) and the other under another`,
      ),
    );
  });
});

describe("distinctSelect", () => {
  it.each<[string, () => unknown, string]>([
    [
      "a select with no name twice: itself",
      () =>
        db
          .select({ id: packages.id, repo: sql<string>`${repositories.name}`.as("repo") })
          .from(packages)
          .innerJoin(repositories, on),
      'select "packages"."id", "repositories"."name" as "repo" from "packages" inner join "repositories" on "repositories"."id" = "packages"."repository_id"',
    ],
    [
      "the one under the key keeps the name, the other aliased apart",
      () =>
        db
          .select({ ...getTableColumns(packages), repo: repositories.name })
          .from(packages)
          .innerJoin(repositories, on),
      'select "packages"."id", "packages"."repository_id", "packages"."name", "repositories"."name" as "__pagewise_same_1" from "packages" inner join "repositories" on "repositories"."id" = "packages"."repository_id"',
    ],
    [
      "the tables' objects: each shared name aliased apart",
      () => db.select().from(packages).innerJoin(repositories, on),
      'select "packages"."id" as "__pagewise_same_1", "packages"."repository_id", "packages"."name" as "__pagewise_same_2", "repositories"."id" as "__pagewise_same_3", "repositories"."name" as "__pagewise_same_4" from "packages" inner join "repositories" on "repositories"."id" = "packages"."repository_id"',
    ],
  ])("%s", (_name, query, text) => {
    const select = query() as { toSQL(): { sql: string } };
    const before = select.toSQL().sql;
    expect((distinctSelect(select) as typeof select).toSQL().sql).toBe(text);
    // The user's select as written.
    expect(select.toSQL().sql).toBe(before);
  });
});
