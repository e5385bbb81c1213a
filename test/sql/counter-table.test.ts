/**
 * The counter table's statements and reads in each dialect, as text, and what it refuses. The
 * statements run on each database in counter-table-sqlite/-pglite/-postgres/-mariadb.
 */
import { describe, expect, it } from "vitest";
import { counterRead, counterTable } from "../../src/sql/counter-table.js";
import { DIALECT_NAMES, DIALECTS, type DialectName } from "../../src/sql/dialect.js";

const named = { table: "t", groupBy: ["g", "h"], name: "n", countColumn: "c" };

describe("counterTable", () => {
  it.each<[DialectName, string[]]>([
    [
      "postgres",
      [
        `LOCK TABLE "t" IN SHARE ROW EXCLUSIVE MODE`,
        `CREATE TABLE "n" AS SELECT "g", "h", count(*) AS "c" FROM "t" GROUP BY "g", "h"`,
        `ALTER TABLE "n" ADD PRIMARY KEY ("g", "h")`,
        `CREATE FUNCTION "n_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "n" ("g", "h", "c")
  SELECT k1, k2, sum(change) FROM (SELECT "g", "h", 1 FROM new_rows) AS changes (k1, k2, change)
  GROUP BY k1, k2 HAVING sum(change) <> 0 ORDER BY k1, k2
  ON CONFLICT ("g", "h") DO UPDATE SET "c" = "n"."c" + EXCLUDED."c";
  RETURN NULL;
END
$$`,
        `CREATE TRIGGER "n_insert" AFTER INSERT ON "t" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "n_insert"()`,
        `CREATE FUNCTION "n_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "n" ("g", "h", "c")
  SELECT k1, k2, sum(change) FROM (SELECT "g", "h", -1 FROM old_rows) AS changes (k1, k2, change)
  GROUP BY k1, k2 HAVING sum(change) <> 0 ORDER BY k1, k2
  ON CONFLICT ("g", "h") DO UPDATE SET "c" = "n"."c" + EXCLUDED."c";
  RETURN NULL;
END
$$`,
        `CREATE TRIGGER "n_delete" AFTER DELETE ON "t" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "n_delete"()`,
        `CREATE FUNCTION "n_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "n" ("g", "h", "c")
  SELECT k1, k2, sum(change) FROM (SELECT "g", "h", 1 FROM new_rows UNION ALL SELECT "g", "h", -1 FROM old_rows) AS changes (k1, k2, change)
  GROUP BY k1, k2 HAVING sum(change) <> 0 ORDER BY k1, k2
  ON CONFLICT ("g", "h") DO UPDATE SET "c" = "n"."c" + EXCLUDED."c";
  RETURN NULL;
END
$$`,
        `CREATE TRIGGER "n_update" AFTER UPDATE ON "t" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "n_update"()`,
        `CREATE FUNCTION "n_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "n";
  RETURN NULL;
END
$$`,
        `CREATE TRIGGER "n_truncate" AFTER TRUNCATE ON "t" FOR EACH STATEMENT EXECUTE FUNCTION "n_truncate"()`,
      ],
    ],
    [
      "mysql",
      [
        `CREATE TABLE \`n\` (PRIMARY KEY (\`g\`, \`h\`)) AS SELECT \`g\`, \`h\`, COUNT(*) AS \`c\` FROM \`t\` WHERE FALSE GROUP BY \`g\`, \`h\``,
        `CREATE TRIGGER \`n_insert\` AFTER INSERT ON \`t\` FOR EACH ROW INSERT INTO \`n\` (\`g\`, \`h\`, \`c\`) VALUES (NEW.\`g\`, NEW.\`h\`, 1) ON DUPLICATE KEY UPDATE \`c\` = \`c\` + 1`,
        `CREATE TRIGGER \`n_delete\` AFTER DELETE ON \`t\` FOR EACH ROW UPDATE \`n\` SET \`c\` = \`c\` - 1 WHERE \`g\` = OLD.\`g\` AND \`h\` = OLD.\`h\``,
        `CREATE TRIGGER \`n_update\` AFTER UPDATE ON \`t\` FOR EACH ROW BEGIN
  IF (OLD.\`g\`, OLD.\`h\`) < (NEW.\`g\`, NEW.\`h\`) THEN
    UPDATE \`n\` SET \`c\` = \`c\` - 1 WHERE \`g\` = OLD.\`g\` AND \`h\` = OLD.\`h\`;
    INSERT INTO \`n\` (\`g\`, \`h\`, \`c\`) VALUES (NEW.\`g\`, NEW.\`h\`, 1) ON DUPLICATE KEY UPDATE \`c\` = \`c\` + 1;
  ELSEIF (OLD.\`g\`, OLD.\`h\`) > (NEW.\`g\`, NEW.\`h\`) THEN
    INSERT INTO \`n\` (\`g\`, \`h\`, \`c\`) VALUES (NEW.\`g\`, NEW.\`h\`, 1) ON DUPLICATE KEY UPDATE \`c\` = \`c\` + 1;
    UPDATE \`n\` SET \`c\` = \`c\` - 1 WHERE \`g\` = OLD.\`g\` AND \`h\` = OLD.\`h\`;
  END IF;
END`,
        `INSERT INTO \`n\` (\`g\`, \`h\`, \`c\`) SELECT * FROM (SELECT \`g\`, \`h\`, SUM(\`c\`) AS \`c\` FROM (SELECT \`g\`, \`h\`, COUNT(*) AS \`c\` FROM \`t\` GROUP BY \`g\`, \`h\` UNION ALL SELECT \`g\`, \`h\`, 0 FROM \`n\`) AS grouped GROUP BY \`g\`, \`h\`) AS filled ON DUPLICATE KEY UPDATE \`c\` = filled.\`c\``,
      ],
    ],
    [
      "sqlite",
      [
        `CREATE TABLE "n" AS SELECT "g", "h", count(*) AS "c" FROM "t" GROUP BY "g", "h"`,
        `CREATE UNIQUE INDEX "n_groups" ON "n" ("g", "h")`,
        `CREATE TRIGGER "n_insert" AFTER INSERT ON "t" BEGIN INSERT INTO "n" ("g", "h", "c") VALUES (NEW."g", NEW."h", 1) ON CONFLICT ("g", "h") DO UPDATE SET "c" = "c" + 1; END`,
        `CREATE TRIGGER "n_delete" AFTER DELETE ON "t" BEGIN UPDATE "n" SET "c" = "c" - 1 WHERE "g" = OLD."g" AND "h" = OLD."h"; END`,
        `CREATE TRIGGER "n_update" AFTER UPDATE OF "g", "h" ON "t" WHEN NOT (OLD."g" IS NEW."g" AND OLD."h" IS NEW."h") BEGIN UPDATE "n" SET "c" = "c" - 1 WHERE "g" = OLD."g" AND "h" = OLD."h"; INSERT INTO "n" ("g", "h", "c") VALUES (NEW."g", NEW."h", 1) ON CONFLICT ("g", "h") DO UPDATE SET "c" = "c" + 1; END`,
      ],
    ],
  ])("writes %s's statements", (dialect, statements) => {
    expect(counterTable(named, DIALECTS[dialect]).statements).toStrictEqual(statements);
  });

  it.each(DIALECT_NAMES)("names the counter after the table on %s", (dialect) => {
    const counter = counterTable({ table: "packages", groupBy: ["status"] }, DIALECTS[dialect]);
    expect([counter.name, counter.countColumn, counter.groupBy]).toStrictEqual([
      "packages_counts",
      "count",
      ["status"],
    ]);
  });

  it.each<[string, object, string]>([
    [
      "a table that is not an identifier",
      { table: "t;", groupBy: ["g"] },
      'table must be a SQL identifier (a letter or _, then letters, digits or _, at most 63); got a string ("t;")',
    ],
    [
      "a name that is not one",
      { table: "t", groupBy: ["g"], name: "my-counts" },
      'name must be a SQL identifier (a letter or _, then letters, digits or _, at most 63); got a string ("my-counts")',
    ],
    [
      "a name too long for its triggers' names",
      { table: "t", groupBy: ["g"], name: "n".repeat(60) },
      `name (with "_insert") must be a SQL identifier`,
    ],
    [
      "a count column that is not one",
      { table: "t", groupBy: ["g"], countColumn: "" },
      "countColumn must be a SQL identifier",
    ],
    [
      "no grouped column",
      { table: "t", groupBy: [] },
      "groupBy is a list of at least one column; got",
    ],
    [
      "grouped columns not in a list",
      { table: "t", groupBy: "g" },
      "groupBy is a list of at least one column; got",
    ],
    [
      "a grouped column that is not an identifier",
      { table: "t", groupBy: ["g", 'h"'] },
      "groupBy column must be a SQL identifier",
    ],
    ["a grouped column twice", { table: "t", groupBy: ["g", "g"] }, '"g" is named twice'],
    ["the count column grouped", { table: "t", groupBy: ["count"] }, '"count" is named twice'],
  ])("refuses %s", (_, options, message) => {
    const make = () => counterTable(options as never, DIALECTS.postgres);
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });
});

describe("counterRead", () => {
  it.each<[DialectName, string[], string, string[]]>([
    [
      "postgres",
      ["h", "g"],
      'SELECT COALESCE(SUM("c"), 0) AS "c" FROM "n" WHERE "g" = $1 AND "h" = $2',
      ["g", "h"],
    ],
    ["postgres", ["h"], 'SELECT COALESCE(SUM("c"), 0) AS "c" FROM "n" WHERE "h" = $1', ["h"]],
    ["postgres", [], 'SELECT COALESCE(SUM("c"), 0) AS "c" FROM "n"', []],
    [
      "mysql",
      ["h", "g"],
      "SELECT COALESCE(SUM(`c`), 0) AS `c` FROM `n` WHERE `g` = ? AND `h` = ?",
      ["g", "h"],
    ],
    ["mysql", ["g"], "SELECT COALESCE(SUM(`c`), 0) AS `c` FROM `n` WHERE `g` = ?", ["g"]],
    [
      "sqlite",
      ["g", "h"],
      'SELECT COALESCE(SUM("c"), 0) AS "c" FROM "n" WHERE "g" = ? AND "h" = ?',
      ["g", "h"],
    ],
    ["sqlite", [], 'SELECT COALESCE(SUM("c"), 0) AS "c" FROM "n"', []],
  ])("reads %s's count for %j", (dialect, filter, text, parameters) => {
    const counter = counterTable(named, DIALECTS[dialect]);
    expect(counterRead(counter, filter)).toStrictEqual({ text, parameters });
  });

  it.each<[string, unknown, string]>([
    ["a column not grouped", ["x"], '"x" is not a grouped column of the counter (g, h)'],
    ["the count column", ["c"], '"c" is not a grouped column of the counter (g, h)'],
    ["a column twice", ["g", "g"], '"g" is named twice'],
    ["a name that is not an identifier", ["g;"], "filter column must be a SQL identifier"],
    ["a filter not in a list", "g", "A counter's filter is a list of columns; got"],
  ])("refuses %s", (_, filter, message) => {
    const counter = counterTable(named, DIALECTS.sqlite);
    const read = () => counterRead(counter, filter as string[]);
    expect(read).toThrow(TypeError);
    expect(read).toThrow(message);
  });
});
