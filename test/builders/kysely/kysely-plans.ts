/**
 * Plan checks of pagewise/kysely's cursor pages on one database (`describeKyselyPlans`): a page
 * at 90% depth of a table reads an index range from its cursor, never the rows before it, for
 * one field, mixed directions with a first field of few values, and a nullable field. Each
 * dialect's own account: SQLite's EXPLAIN QUERY PLAN (a SEARCH of an index, no SCAN of the
 * table), PostgreSQL's EXPLAIN ANALYZE and MariaDB's ANALYZE (the rows each read of the table
 * takes or filters out: a page's few, not the thousands before it; on MariaDB, each read one
 * that counts every entry it reads: `countedRead`).
 */
import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { kyselyCursorPages } from "../../../src/builders/kysely/index.js";
import { cursorQuery } from "../../../src/cursor/cursor-query.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { readSort } from "../../../src/sort/sort-param.js";
import { DIALECTS } from "../../../src/sql/dialect.js";
import { keysetPlan } from "../../../src/sql/keyset-plan.js";
import { analyzed } from "../../support/mariadb-reads.js";
import { accessesOf, PLAN_INDEXES, readsOf } from "../plan-reads.js";
import { BASE_ID, orderTerm, SORT, SORT_NULLS_LAST } from "./kysely-behaviour.js";
import type { ItemRow, KyselyEngine } from "./kysely-engines.js";

const ROWS = 2000;
const PAGE = 10;
/**
 * Rows a page's reads may take or filter out: a few pages' worth (a planner may read a branch's
 * equal values by another index and filter them), never the 1,800 before it.
 */
const MOST_READ = 10 * (PAGE + 1);

/** The values of the row at `offset` in the order, exact, as a cursor carries them. */
async function cursorValues(
  engine: KyselyEngine,
  sort: string,
  nullsLast: boolean,
  offset: number,
) {
  const order = readSort(sortSettings(nullsLast ? SORT_NULLS_LAST : SORT), sort);
  const exact = order.terms.map((t, i) =>
    t.type === "json" ? `${t.column} AS v${i}` : `${engine.text(t.column)} AS v${i}`,
  );
  const by = [...sort.split(","), order.terms.at(-1)?.direction === "desc" ? "-id" : "id"];
  const [row] = await engine.raw(
    `SELECT ${exact.join(", ")} FROM items ORDER BY ${by.map((f) => orderTerm(f, nullsLast)).join(", ")} LIMIT 1 OFFSET ${offset}`,
  );
  const values = order.terms.map((_, i) => (row as Record<string, unknown>)[`v${i}`]);
  return { order, values: values.map((v) => (typeof v === "bigint" ? Number(v) : v)) };
}

/** The rows the reads of `items` in a statement took or filtered out, by the dialect's own account. */
async function rowsRead(engine: KyselyEngine, { sql, parameters }: CompiledQuery): Promise<number> {
  if (engine.dialect === "sqlite") {
    const plan = await engine.raw(explain(`EXPLAIN QUERY PLAN ${sql}`, parameters));
    const details = plan.map((r) => String(r.detail));
    expect(details.filter((d) => /^SCAN items\b/.test(d))).toStrictEqual([]);
    expect(details.some((d) => /^SEARCH items USING (COVERING )?INDEX/.test(d))).toBe(true);
    return 0;
  }
  // MariaDB: after the `SET STATEMENT … FOR` a page runs under.
  const analyze =
    engine.dialect === "postgres" ? `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}` : analyzed(sql);
  const [row] = await engine.raw(explain(analyze, parameters));
  const cell = Object.values(row as Record<string, unknown>)[0];
  const plan = typeof cell === "string" ? JSON.parse(cell) : cell;
  if (engine.dialect === "mysql") {
    const reads = accessesOf(plan);
    expect(reads).toStrictEqual(reads.map(() => "counted"));
  }
  return readsOf(plan);
}

/** A statement with its values written in (the plan checks' own statements, never input). */
function explain(text: string, parameters: readonly unknown[]): string {
  const literal = (v: unknown) => (typeof v === "string" ? `'${v}'` : String(v));
  let i = 0;
  return text.replace(/\$\d+|\?/g, (mark) =>
    literal(parameters[mark === "?" ? i++ : Number(mark.slice(1)) - 1]),
  );
}

/**
 * @param open - opens the database
 * @param slow - the names of the orders (their first column) whose deep page this dialect is
 *   known to read more of, each stated where the suite runs; checked to fail, so a planner that
 *   mends it shows
 */
export function describeKyselyPlans(
  open: () => Promise<KyselyEngine>,
  slow: readonly string[] = [],
) {
  let engine: KyselyEngine;
  beforeAll(async () => {
    engine = await open();
    for (const index of PLAN_INDEXES) await engine.raw(index);
    const rows: ItemRow[] = Array.from({ length: ROWS }, (_, i) => ({
      id: String(BASE_ID + BigInt(i)),
      name: `n${i % 97}`,
      score: i % 5 === 0 ? null : i % 97,
      grp: i % 3,
      created_at: engine.timestamp((i * 7919) % 5_000_000),
    }));
    await engine.fill(rows);
    await engine.raw(engine.dialect === "mysql" ? "ANALYZE TABLE items" : "ANALYZE");
  });
  afterAll(() => engine.close());

  // The order, whether its NULLs are set last, how deep its page lies, and whether a union's
  // lead (the branch nearest the cursor: the rows that share its prefix) comes back short of the
  // page, so the union runs too: at a third of grp,-created_at the cursor is 6 rows before the
  // end of grp 0. (A nullable field's union has no lead: it would hold the cursor's ties alone.)
  const orders = [
    ["one field", "-created_at", false, 0.9, false],
    ["mixed directions, a first field of few values", "grp,-created_at", false, 0.9, false],
    ["mixed directions, the lead short of a page", "grp,-created_at", false, 0.33, true],
    ["a nullable field ascending", "score", false, 0.9, false],
    ["a nullable field descending", "-score", false, 0.9, false],
    ["NULLs set last ascending, the cursor among them", "score", true, 0.9, false],
    ["NULLs set last ascending, the cursor among the values", "score", true, 0.5, false],
    ["NULLs set first descending, the cursor among the values", "-score", true, 0.9, false],
  ] as const;
  const reads = async (sort: string, nullsLast: boolean, depth: number, leadShort: boolean) => {
    const { order, values } = await cursorValues(engine, sort, nullsLast, ROWS * depth);
    const cursor = cursorQuery(order.terms, "after", values as never, PAGE);
    const handler = kyselyCursorPages(engine.db, () => engine.db.selectFrom("items").selectAll());
    engine.queriesRun();
    const { items } = (await handler.handle({
      // The request's order, of the table's columns: the type of the handler's.
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
    // One statement; or the lead, then (when it comes back short) the whole union: each a range.
    const side = { backward: false, nulls: values.map((v) => v === null) };
    const { lead } = keysetPlan(order.terms, side, DIALECTS[engine.dialect]);
    // The page's statements (not MariaDB's read of its page setting, once per instance).
    const statements = engine.queriesRun().filter((run) => / limit /i.test(run.sql));
    expect(statements).toHaveLength(lead !== undefined && leadShort ? 2 : 1);
    for (const statement of statements)
      expect(await rowsRead(engine, statement)).toBeLessThanOrEqual(MOST_READ);
  };
  const slowly = ([name]: (typeof orders)[number]) => slow.includes(name);
  const fast = orders.filter((o) => !slowly(o));
  it.each(fast)("%s (sort=%s): a deep page reads an index range", (_, sort, last, depth, short) =>
    reads(sort, last, depth, short),
  );
  const known = orders.filter(slowly);
  it.fails.each(known)(
    "%s (sort=%s): known to read more than a page's range",
    (_, sort, last, depth, short) => reads(sort, last, depth, short),
  );
}
