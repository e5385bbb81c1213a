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

const pgPackages = (name: string) =>
  pgTable(name, {
    id: bigint("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    status: text("status").notNull(),
    created_at: timestamp("created_at", { withTimezone: true, precision: 6 }).notNull(),
    note: text("note"),
  });
const mysqlPackages = (name: string) =>
  mysqlTable(name, {
    id: mysqlBigint("id", { mode: "number" }).primaryKey(),
    name: varchar("name", { length: 64 }).notNull(),
    status: varchar("status", { length: 20 }).notNull(),
    created_at: datetime("created_at", { fsp: 6 }).notNull(),
    note: varchar("note", { length: 64 }),
  });
const sqlitePackages = (name: string) =>
  sqliteTable(name, {
    id: integer("id").primaryKey(),
    name: sqliteText("name").notNull(),
    status: sqliteText("status").notNull(),
    created_at: sqliteText("created_at").notNull(),
    note: sqliteText("note"),
  });

/** Both tables on each dialect. */
export const drizzleTables = {
  postgres: { packages: pgPackages("packages"), packages_small: pgPackages("packages_small") },
  mysql: { packages: mysqlPackages("packages"), packages_small: mysqlPackages("packages_small") },
  sqlite: {
    packages: sqlitePackages("packages"),
    packages_small: sqlitePackages("packages_small"),
  },
};

/** A Drizzle table's columns by database name. */
export type Columns = Readonly<Record<Column, AnyColumn>>;
