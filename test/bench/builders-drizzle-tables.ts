/**
 * The builders suite's tables as Drizzle 0.45 declares them on each dialect, with Drizzle's
 * default modes (a timestamp read as a `Date`, as users meet it), and each table's columns by
 * their database names.
 * @packageDocumentation
 */
import type { AnyColumn } from "drizzle-orm";
import { datetime, bigint as mysqlBigint, mysqlTable, varchar } from "drizzle-orm/mysql-core";
import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { integer, sqliteTable, text as sqliteText } from "drizzle-orm/sqlite-core";
import type { Column } from "./builders-table.js";

const pgColumns = () => ({
  id: bigint("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull(),
  status: text("status").notNull(),
  created_at: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull(),
  note: text("note"),
});
const mysqlColumns = () => ({
  id: mysqlBigint("id", { mode: "number" }).primaryKey(),
  name: varchar("name", { length: 64 }).notNull(),
  status: varchar("status", { length: 20 }).notNull(),
  created_at: datetime("created_at", { fsp: 6 }).notNull(),
  note: varchar("note", { length: 64 }),
});
const sqliteColumns = () => ({
  id: integer("id").primaryKey(),
  name: sqliteText("name").notNull(),
  status: sqliteText("status").notNull(),
  created_at: sqliteText("created_at").notNull(),
  note: sqliteText("note"),
});

/** The tables on each dialect; `repo_packages` adds the repository (`owner`, `repo`). */
export const drizzleTables = {
  postgres: {
    packages: pgTable("packages", pgColumns()),
    packages_small: pgTable("packages_small", pgColumns()),
    repo_packages: pgTable("repo_packages", {
      ...pgColumns(),
      owner: text("owner").notNull(),
      repo: text("repo").notNull(),
    }),
  },
  mysql: {
    packages: mysqlTable("packages", mysqlColumns()),
    packages_small: mysqlTable("packages_small", mysqlColumns()),
    repo_packages: mysqlTable("repo_packages", {
      ...mysqlColumns(),
      owner: varchar("owner", { length: 20 }).notNull(),
      repo: varchar("repo", { length: 20 }).notNull(),
    }),
  },
  sqlite: {
    packages: sqliteTable("packages", sqliteColumns()),
    packages_small: sqliteTable("packages_small", sqliteColumns()),
    repo_packages: sqliteTable("repo_packages", {
      ...sqliteColumns(),
      owner: sqliteText("owner").notNull(),
      repo: sqliteText("repo").notNull(),
    }),
  },
};

/** A Drizzle table's columns by database name. */
export type Columns = Readonly<Record<Column, AnyColumn>>;
