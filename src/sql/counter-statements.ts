/**
 * The statements that make a counter table in each dialect: the table with one row per group
 * (kept at 0 when its group empties), filled from the rows there are, and the triggers that add a
 * table's inserts, take off its deletes and move its rows between groups. Names reach here checked.
 */
import { type Dialect, quoteIdentifier } from "./dialect.js";

/** A counter table's checked names, in a dialect. */
export interface CounterNames {
  readonly dialect: Dialect;
  readonly table: string;
  readonly name: string;
  readonly groupBy: readonly string[];
  readonly countColumn: string;
}

/** The names quoted, and the pieces of SQL every dialect's statements share. */
function quoted({ dialect, table, name, groupBy, countColumn }: CounterNames) {
  const q = (identifier: string) => quoteIdentifier(dialect, identifier);
  const groups = groupBy.map(q);
  return {
    table: q(table),
    counter: q(name),
    count: q(countColumn),
    groups,
    list: groups.join(", "),
    trigger: (event: string) => q(`${name}_${event}`),
    /** `"a" = OLD."a" AND "b" = OLD."b"`: the counter row of a row's group. */
    rowOf: (row: "OLD" | "NEW") => groups.map((g) => `${g} = ${row}.${g}`).join(" AND "),
    /** `NEW."a", NEW."b"`. */
    valuesOf: (row: "OLD" | "NEW") => groups.map((g) => `${row}.${g}`).join(", "),
  };
}

/**
 * The statements in order, for the counter's dialect.
 *
 * @param names - the checked names
 * @example
 * ```ts
 * counterStatements({ dialect: DIALECTS.sqlite, table: "t", name: "t_counts", groupBy: ["g"], countColumn: "count" });
 * ```
 */
export function counterStatements(names: CounterNames): readonly string[] {
  const writers = {
    postgres: postgresStatements,
    mysql: mysqlStatements,
    sqlite: sqliteStatements,
  };
  return writers[names.dialect.name](names);
}

/**
 * PostgreSQL: statement-level triggers over transition tables, so a statement writing many rows
 * makes one upsert per group it touches, in the groups' order (concurrent writers lock counter
 * rows in one order: no deadlock among single statements), and `ON CONFLICT DO UPDATE` adds to a
 * row atomically (no lost update). An update that moves no row between groups writes nothing.
 * TRUNCATE empties the counter.
 */
function postgresStatements(names: CounterNames): readonly string[] {
  const n = quoted(names);
  const keys = n.groups.map((_, i) => `k${i + 1}`).join(", ");
  const rows = (source: string, change: number) => `SELECT ${n.list}, ${change} FROM ${source}`;
  const upsert = (sources: readonly string[]) =>
    `INSERT INTO ${n.counter} (${n.list}, ${n.count})
  SELECT ${keys}, sum(change) FROM (${sources.join(" UNION ALL ")}) AS changes (${keys}, change)
  GROUP BY ${keys} HAVING sum(change) <> 0 ORDER BY ${keys}
  ON CONFLICT (${n.list}) DO UPDATE SET ${n.count} = ${n.counter}.${n.count} + EXCLUDED.${n.count};`;
  const fn = (event: string, body: string) =>
    `CREATE FUNCTION ${n.trigger(event)}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${body}
  RETURN NULL;
END
$$`;
  const trigger = (event: string, referencing: string) =>
    `CREATE TRIGGER ${n.trigger(event)} AFTER ${event.toUpperCase()} ON ${n.table}${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${n.trigger(event)}()`;
  return [
    `LOCK TABLE ${n.table} IN SHARE ROW EXCLUSIVE MODE`,
    `CREATE TABLE ${n.counter} AS SELECT ${n.list}, count(*) AS ${n.count} FROM ${n.table} GROUP BY ${n.list}`,
    `ALTER TABLE ${n.counter} ADD PRIMARY KEY (${n.list})`,
    fn("insert", upsert([rows("new_rows", 1)])),
    trigger("insert", " REFERENCING NEW TABLE AS new_rows"),
    fn("delete", upsert([rows("old_rows", -1)])),
    trigger("delete", " REFERENCING OLD TABLE AS old_rows"),
    fn("update", upsert([rows("new_rows", 1), rows("old_rows", -1)])),
    trigger("update", " REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows"),
    fn("truncate", `DELETE FROM ${n.counter};`),
    trigger("truncate", ""),
  ];
}

/**
 * MySQL and MariaDB: row-level triggers (the only kind they have). An insert's upsert
 * (`ON DUPLICATE KEY UPDATE`) and a delete's decrement are atomic on the counter row; an update
 * that moves a row between groups takes it off the old group and adds it to the new one, the
 * smaller group first, so two moves in opposite directions lock in one order. The table is made
 * empty, the triggers next, and the fill last: rows written meanwhile are counted by the fill,
 * whose `INSERT … SELECT` reads the table with shared locks (REPEATABLE READ, InnoDB's default),
 * and a group the triggers counted that has no row left is set to 0.
 */
function mysqlStatements(names: CounterNames): readonly string[] {
  const n = quoted(names);
  const add = (row: "OLD" | "NEW") =>
    `INSERT INTO ${n.counter} (${n.list}, ${n.count}) VALUES (${n.valuesOf(row)}, 1) ON DUPLICATE KEY UPDATE ${n.count} = ${n.count} + 1`;
  const takeOff = (row: "OLD" | "NEW") =>
    `UPDATE ${n.counter} SET ${n.count} = ${n.count} - 1 WHERE ${n.rowOf(row)}`;
  const [oldKey, newKey] = [`(${n.valuesOf("OLD")})`, `(${n.valuesOf("NEW")})`];
  const move = `BEGIN
  IF ${oldKey} < ${newKey} THEN
    ${takeOff("OLD")};
    ${add("NEW")};
  ELSEIF ${oldKey} > ${newKey} THEN
    ${add("NEW")};
    ${takeOff("OLD")};
  END IF;
END`;
  const trigger = (event: string, body: string) =>
    `CREATE TRIGGER ${n.trigger(event)} AFTER ${event.toUpperCase()} ON ${n.table} FOR EACH ROW ${body}`;
  return [
    `CREATE TABLE ${n.counter} (PRIMARY KEY (${n.list})) AS SELECT ${n.list}, COUNT(*) AS ${n.count} FROM ${n.table} WHERE FALSE GROUP BY ${n.list}`,
    trigger("insert", add("NEW")),
    trigger("delete", takeOff("OLD")),
    trigger("update", move),
    `INSERT INTO ${n.counter} (${n.list}, ${n.count}) SELECT * FROM (${fillCounts(n)}) AS filled ON DUPLICATE KEY UPDATE ${n.count} = filled.${n.count}`,
  ];
}

/**
 * MySQL's fill: each group's rows, and 0 for a group the counter holds without rows. The triggers
 * come one by one before it, so a row inserted and then deleted between the insert's trigger and
 * the delete's leaves its group counted with no row to overwrite it.
 */
function fillCounts(n: ReturnType<typeof quoted>): string {
  const counted = `SELECT ${n.list}, COUNT(*) AS ${n.count} FROM ${n.table} GROUP BY ${n.list}`;
  const held = `SELECT ${n.list}, 0 FROM ${n.counter}`;
  return `SELECT ${n.list}, SUM(${n.count}) AS ${n.count} FROM (${counted} UNION ALL ${held}) AS grouped GROUP BY ${n.list}`;
}

/**
 * SQLite: row-level triggers; SQLite runs one writer at a time, so no update is lost. An insert
 * upserts (`ON CONFLICT DO UPDATE`), a delete decrements, and an update of a grouped column that
 * changes its group moves the row's count.
 */
function sqliteStatements(names: CounterNames): readonly string[] {
  const n = quoted(names);
  const add = `INSERT INTO ${n.counter} (${n.list}, ${n.count}) VALUES (${n.valuesOf("NEW")}, 1) ON CONFLICT (${n.list}) DO UPDATE SET ${n.count} = ${n.count} + 1;`;
  const takeOff = `UPDATE ${n.counter} SET ${n.count} = ${n.count} - 1 WHERE ${n.rowOf("OLD")};`;
  const moved = n.groups.map((g) => `OLD.${g} IS NEW.${g}`).join(" AND ");
  return [
    `CREATE TABLE ${n.counter} AS SELECT ${n.list}, count(*) AS ${n.count} FROM ${n.table} GROUP BY ${n.list}`,
    `CREATE UNIQUE INDEX ${n.trigger("groups")} ON ${n.counter} (${n.list})`,
    `CREATE TRIGGER ${n.trigger("insert")} AFTER INSERT ON ${n.table} BEGIN ${add} END`,
    `CREATE TRIGGER ${n.trigger("delete")} AFTER DELETE ON ${n.table} BEGIN ${takeOff} END`,
    `CREATE TRIGGER ${n.trigger("update")} AFTER UPDATE OF ${n.list} ON ${n.table} WHEN NOT (${moved}) BEGIN ${takeOff} ${add} END`,
  ];
}
