/**
 * Plan checks of pagewise/prisma's cursor pages on each database: a page at 90% depth of a table
 * reads index ranges from its cursor, never the rows before it, for one field, mixed directions
 * with a first field of few values, and a nullable field, through the SQL Prisma writes for the
 * keyset pagewise puts in its `where`. Each dialect's own account: SQLite's EXPLAIN QUERY PLAN
 * (a SEARCH of an index, no SCAN of the table), PostgreSQL's EXPLAIN ANALYZE and MariaDB's
 * ANALYZE (the rows each read takes or filters out: a page's few, not the thousands before it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaCursorPages } from "../../../src/builders/prisma/index.js";
import { cursorQuery } from "../../../src/cursor/cursor-query.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { readSort } from "../../../src/sort/sort-param.js";
import { databaseRows } from "../../support/databases.js";
import { analyzed } from "../../support/mariadb-reads.js";
import { BASE_ID, orderTerm } from "../kysely/kysely-behaviour.js";
import { accessesOf, PLAN_INDEXES, readsOf } from "../plan-reads.js";
import {
  type ItemRow,
  mariadbEngine,
  type PrismaEngine,
  postgresEngine,
  sqliteEngine,
} from "./prisma-engines.js";
import { PRISMA_SORT, PRISMA_SORT_NULLS_LAST } from "./prisma-sort.js";

// Enough rows for each planner to weigh an index range against a sort (PostgreSQL takes a
// bitmap and a sort of a 2,000-row table's last 200 rows for Prisma's written-out keyset).
const ROWS = 30_000;
const PAGE = 10;
/** Rows a page's reads may take or filter out: a few pages' worth, never the 27,000 before it. */
const MOST_READ = 10 * (PAGE + 1);

/** The values of the row at `offset` in the order, as a cursor carries them (Prisma's reading). */
async function cursorValues(
  engine: PrismaEngine,
  sort: string,
  nullsLast: boolean,
  offset: number,
) {
  const order = readSort(sortSettings(nullsLast ? PRISMA_SORT_NULLS_LAST : PRISMA_SORT), sort);
  const by = [...sort.split(","), order.terms.at(-1)?.direction === "desc" ? "-id" : "id"];
  const [key] = await engine.raw(
    `SELECT ${engine.idText} AS id FROM items ORDER BY ${by.map((f) => orderTerm(f, nullsLast)).join(", ")} LIMIT 1 OFFSET ${offset}`,
  );
  const row = (await engine.prisma.item.findUnique({
    where: { id: BigInt(String((key as { id: unknown }).id)) },
  })) as Record<string, unknown>;
  const values = order.terms.map(({ column }) => {
    const value = row[column];
    return value instanceof Date
      ? value.toISOString()
      : typeof value === "bigint"
        ? String(value)
        : value;
  });
  return { order, values };
}

/**
 * A statement with its values written in (the plan checks' own statements, never input). Prisma's
 * query event gives each value as JSON, a bigint or a number as digits in a string: digits are
 * written as a number, as Prisma binds them.
 */
function inlined(engine: PrismaEngine, text: string, parameters: readonly unknown[]): string {
  const literal = (v: unknown) =>
    v === null
      ? "NULL"
      : typeof v === "string" && !/^-?[0-9]+$/.test(v)
        ? `'${asBound(engine, v).replaceAll("'", "''")}'`
        : String(v);
  let i = 0;
  return text.replace(/\$\d+|\?/g, (mark) =>
    literal(parameters[mark === "?" ? i++ : Number(mark.slice(1)) - 1]),
  );
}

/**
 * A value as Prisma's driver adapter binds it: a `DateTime`'s ISO text as MariaDB's
 * `2026-11-23 10:00:00.123` (`@prisma/adapter-mariadb` formats it so; MariaDB reads an ISO
 * literal as text, no range of a `DATETIME`).
 */
function asBound(engine: PrismaEngine, value: string): string {
  const iso = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d(?:\.\d+)?)Z$/.exec(value);
  return engine.dialect === "mysql" && iso !== null ? `${iso[1]} ${iso[2]}` : value;
}

/** The rows the reads of `items` in a statement took or filtered out, by the dialect's own account. */
async function rowsRead(engine: PrismaEngine, sql: string): Promise<number> {
  if (engine.dialect === "sqlite") {
    const details = (await engine.raw(`EXPLAIN QUERY PLAN ${sql}`)).map((r) => String(r.detail));
    expect(details.filter((d) => /^SCAN /.test(d))).toStrictEqual([]);
    expect(details.some((d) => /^SEARCH .*USING (COVERING )?INDEX/.test(d))).toBe(true);
    return 0;
  }
  const analyze =
    engine.dialect === "postgres" ? `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}` : analyzed(sql);
  const [row] = await engine.raw(analyze);
  const cell = Object.values(row as Record<string, unknown>)[0];
  const plan = typeof cell === "string" ? JSON.parse(cell) : cell;
  if (engine.dialect === "mysql") {
    const reads = accessesOf(plan);
    expect(reads).toStrictEqual(reads.map(() => "counted"));
  }
  return readsOf(plan);
}

/** A database's engine, and the cases of its deep pages that are not read as an index range. */
type Subject = readonly [() => Promise<PrismaEngine>, readonly string[]];

/** The MariaDB cases that read a NULL group by `ref` (below). */
const MARIADB_SLOW = [
  "a nullable field descending",
  "NULLs set last ascending, the cursor among them",
];

describe.each(
  databaseRows<Subject>({
    // SQLite's account says the index searched, not the entries read (its lead of `-score` reads
    // the cursor's ties behind it: SQLite keeps no statistics pagewise reads, `tie-estimate.ts`).
    // NULLs set last, the cursor among them: `score IS NULL AND id > ?` ORDER BY id is read by the
    // rowid range from the cursor, other scores filtered out, as for pagewise/kysely.
    SQLite: [sqliteEngine, ["NULLs set last ascending, the cursor among them"]],
    // `-score`: a field of 97 values in 30,000 rows, by pg_stats: its ties a step of their own.
    PostgreSQL: (url) => [() => postgresEngine(url), []],
    // MariaDB's `ref` on the NULLs over their (NULL, ?) range, as for pagewise/kysely (docs/sql.md,
    // "NULLs on MariaDB"); no lead there: MariaDB reads the written-out keyset as ranges.
    MariaDB: (url) => [() => mariadbEngine(url), MARIADB_SLOW],
  }),
)("prismaCursorPages' plans on %s", (_name, subject) => describePlans(subject));

// A `timestamptz(6)`, a `DATETIME(6)`: the exact reading's statements (its cursors at a whole
// millisecond here) read the same ranges.
describe.each(
  databaseRows<Subject>({
    PostgreSQL: (url) => [() => postgresEngine(url, true), []],
    MariaDB: (url) => [() => mariadbEngine(url, true), MARIADB_SLOW],
  }),
)("prismaCursorPages' plans by a microsecond column on %s", (_name, subject) =>
  describePlans(subject),
);

/** The plan checks of deep pages on a database's engine. */
function describePlans([open, slow]: Subject) {
  let engine: PrismaEngine;
  beforeAll(async () => {
    engine = await open();
    for (const index of PLAN_INDEXES) await engine.raw(index);
    const rows: ItemRow[] = Array.from({ length: ROWS }, (_, i) => ({
      id: BASE_ID + BigInt(i),
      name: `n${i % 97}`,
      score: i % 5 === 0 ? null : i % 97,
      grp: i % 3,
      createdAt: new Date(Date.UTC(2026, 10, 23) + ((i * 7919) % 5_000_000)),
    }));
    await engine.fill(rows);
    await engine.raw(engine.dialect === "mysql" ? "ANALYZE TABLE items" : "ANALYZE");
  });
  afterAll(() => engine.close());

  const orders = [
    ["one field", "-created_at", false, 0.9],
    ["mixed directions, a first field of few values", "grp,-created_at", false, 0.9],
    ["mixed directions, the first range short of a page", "grp,-created_at", false, 0.33],
    ["a nullable field ascending", "score", false, 0.9],
    ["a nullable field descending", "-score", false, 0.9],
    ["NULLs set last ascending, the cursor among them", "score", true, 0.9],
    ["NULLs set last ascending, the cursor among the values", "score", true, 0.5],
  ] as const;
  const reads = async (sort: string, nullsLast: boolean, depth: number) => {
    const { order, values } = await cursorValues(engine, sort, nullsLast, ROWS * depth);
    const cursor = cursorQuery(order.terms, "after", values as never, PAGE);
    const handler = prismaCursorPages(engine.prisma.item, () => ({}));
    engine.queriesRun();
    const { items } = (await handler.handle({
      sort: order as Parameters<typeof handler.handle>[0]["sort"],
      cursor,
      params: {},
      path: {},
      method: "GET",
      request: null,
      version: undefined,
      signal: new AbortController().signal,
    })) as { items: unknown[] };
    expect(items).toHaveLength(PAGE + 1);
    const statements = engine.queriesRun().filter((run) => / limit /i.test(run.sql));
    expect(statements.length).toBeGreaterThan(0);
    for (const { sql, parameters } of statements) {
      expect(await rowsRead(engine, inlined(engine, sql, parameters))).toBeLessThanOrEqual(
        MOST_READ,
      );
    }
  };
  const slowly = ([name]: (typeof orders)[number]) => slow.includes(name);
  it.each(orders.filter((o) => !slowly(o)))(
    "%s (sort=%s): a deep page reads index ranges",
    (_, sort, nullsLast, depth) => reads(sort, nullsLast, depth),
  );
  it.fails.each(orders.filter(slowly))(
    "%s (sort=%s): known to read more than a page's ranges",
    (_, sort, nullsLast, depth) => reads(sort, nullsLast, depth),
  );
}
