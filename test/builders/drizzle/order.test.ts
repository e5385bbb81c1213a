/**
 * A page's ORDER BY (`orderedQuery`): a select of one table by its output columns' names, as
 * before; a join by the table's column the sort column names (SQLite reads a bare name as a
 * table's, PostgreSQL and MariaDB refuse a name two outputs share), with MariaDB's `IS NULL` term
 * on it too (no subquery); a select that leaves the column unsaid refused.
 */
import { eq, getTableColumns } from "drizzle-orm";
import { int, mysqlTable, varchar } from "drizzle-orm/mysql-core";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { orderedQuery } from "../../../src/builders/drizzle/order.js";
import { sortTerm } from "../../../src/sort/sort-order.js";
import { DIALECTS } from "../../../src/sql/dialect.js";
import { dialectColumns } from "../../../src/sql/dialect-columns.js";
import { orderTerms } from "../../../src/sql/order-by.js";

const pg = {
  db: pgDrizzle.mock(),
  packages: pgTable("packages", {
    id: integer("id").primaryKey(),
    repositoryId: integer("repository_id").notNull(),
    name: text("name").notNull(),
    score: integer("score"),
  }),
  repositories: pgTable("repositories", { id: integer("id").primaryKey(), name: text("name") }),
};
const maria = {
  db: mysqlDrizzle.mock(),
  packages: mysqlTable("packages", {
    id: int("id").primaryKey(),
    repositoryId: int("repository_id").notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    score: int("score"),
  }),
  repositories: mysqlTable("repositories", {
    id: int("id").primaryKey(),
    name: varchar("name", { length: 64 }),
  }),
};
type Tables = typeof pg;

/** The page's SQL text: the select, ordered by `fields` (`-` first: descending). */
function ordered(
  t: Tables,
  dialect: "postgres" | "mysql",
  query: (t: Tables) => unknown,
  fields: string,
) {
  const terms = fields.split(",").map((field) => {
    const [column, ascending] = field.startsWith("-") ? [field.slice(1), false] : [field, true];
    // `score`'s NULLs set last ascending: contrary to MariaDB's place, an `IS NULL` term there.
    const nullable = column === "score";
    return sortTerm(column, column, ascending, nullable, nullable ? "last" : undefined, "json");
  });
  const checked = dialectColumns(terms, DIALECTS[dialect]);
  const order = orderTerms(checked, DIALECTS[dialect]);
  const select = orderedQuery(t.db, query(t) as never, checked, order) as unknown as {
    toSQL(): { sql: string };
  };
  return select.toSQL().sql.replace(/^select .* from/, "select … from");
}

const joined = (t: Tables) =>
  t.db
    .select({ ...getTableColumns(t.packages), repo: t.repositories.name })
    .from(t.packages)
    .innerJoin(t.repositories, eq(t.repositories.id, t.packages.repositoryId));

describe("orderedQuery", () => {
  it.each<[string, Tables, "postgres" | "mysql", (t: Tables) => unknown, string, string]>([
    [
      "one table: by its output names",
      pg,
      "postgres",
      (t) => t.db.select().from(t.packages),
      "-name,-id",
      'select … from "packages" order by "name" desc, "id" desc',
    ],
    [
      "a join: by the table's column the select names",
      pg,
      "postgres",
      joined,
      "-name,-id",
      'select … from "packages" inner join "repositories" on "repositories"."id" = "packages"."repository_id" order by "packages"."name" desc, "packages"."id" desc',
    ],
    [
      "a join on MariaDB, a nullable column: its IS NULL term on the column, no subquery",
      maria as never,
      "mysql",
      joined,
      "-score,-id",
      "select … from `packages` inner join `repositories` on `repositories`.`id` = `packages`.`repository_id` order by `packages`.`score` is null desc, `packages`.`score` desc, `packages`.`id` desc",
    ],
  ])("%s", (_name, t, dialect, query, fields, text) => {
    expect(ordered(t, dialect, query, fields)).toBe(text);
  });

  it("refuses a join whose select has two columns of the name and none under its key", () => {
    const both = (t: Tables) =>
      t.db
        .select({ id: t.packages.id, package: t.packages.name, repo: t.repositories.name })
        .from(t.packages)
        .innerJoin(t.repositories, eq(t.repositories.id, t.packages.repositoryId));
    expect(() => ordered(pg, "postgres", both, "name,id")).toThrow(
      new TypeError(
        'pagewise/drizzle: the select has 2 columns named "name" (at package, repo) and none under the key "name": select the one to sort by under that key (db.select({ name: table.name, … })) and the other under another',
      ),
    );
  });
});
