/**
 * Concurrent writers for the counter table's tests on each database: a fixed pseudo-random list of
 * transactions on `packages (id, owner, repo, status)` (multi-row inserts, deletes, updates moving
 * rows between groups and updates that move none; some rolled back), run on several connections at
 * once; then each count the counter gives, compared with `COUNT(*)` of the same filter in the same
 * database. Placeholders are `?` (`numbered` turns them into PostgreSQL's `$n`).
 */
import { type CounterTable, counterRead } from "../../src/sql/counter-table.js";

/** The grouped columns and their values: mixed case (`a` and `A`: one group in MariaDB's collation), an accent. */
export const GROUP_VALUES = {
  owner: ["a", "A", "é"],
  repo: ["r", "s"],
  status: ["x", "y", "z"],
} as const;
export const GROUP_BY = Object.keys(GROUP_VALUES) as (keyof typeof GROUP_VALUES)[];

/** One statement with `?` placeholders. */
export interface Step {
  readonly text: string;
  readonly values: readonly unknown[];
}
/** A transaction's statements, committed or rolled back. */
export interface WorkloadTransaction {
  readonly steps: readonly Step[];
  readonly commit: boolean;
}

/** mulberry32: the same numbers on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function step(next: () => number): Step {
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const { owner, repo, status } = GROUP_VALUES;
  const kind = Math.floor(next() * 5);
  if (kind <= 1) {
    const rows = 1 + Math.floor(next() * 6);
    const values = Array.from({ length: rows }, () => [pick(owner), pick(repo), pick(status)]);
    const tuples = values.map(() => "(?, ?, ?)").join(", ");
    return {
      text: `INSERT INTO packages (owner, repo, status) VALUES ${tuples}`,
      values: values.flat(),
    };
  }
  const remainder = Math.floor(next() * 7);
  if (kind === 2) {
    return {
      text: "DELETE FROM packages WHERE id % 7 = ? AND repo = ?",
      values: [remainder, pick(repo)],
    };
  }
  if (kind === 3) {
    return {
      text: "UPDATE packages SET owner = ?, status = ? WHERE id % 7 = ? AND status = ?",
      values: [pick(owner), pick(status), remainder, pick(status)],
    };
  }
  return { text: "UPDATE packages SET status = status WHERE id % 7 = ?", values: [remainder] };
}

/** `count` transactions of one to three statements, one in eight rolled back. */
export function workload(seed: number, count: number): WorkloadTransaction[] {
  const next = random(seed);
  return Array.from({ length: count }, () => ({
    steps: Array.from({ length: 1 + Math.floor(next() * 3) }, () => step(next)),
    commit: next() >= 0.125,
  }));
}

/** Runs the transactions on the connections, each one's share in turn, all at once. */
export async function runConcurrently(
  connections: readonly ((transaction: WorkloadTransaction) => Promise<void>)[],
  transactions: readonly WorkloadTransaction[],
): Promise<void> {
  await Promise.all(
    connections.map(async (run, c) => {
      for (let i = c; i < transactions.length; i += connections.length) {
        await run(transactions[i] as WorkloadTransaction);
      }
    }),
  );
}

/** A statement's `?` placeholders numbered `$1`, `$2`, … for PostgreSQL. */
export function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** Every filter on some of the grouped columns, with every combination of their values. */
export function filters(): { columns: string[]; values: string[] }[] {
  const subsets = GROUP_BY.reduce<(keyof typeof GROUP_VALUES)[][]>(
    (all, column) => all.concat(all.map((subset) => [...subset, column])),
    [[]],
  );
  return subsets.flatMap((columns) =>
    columns
      .reduce<string[][]>(
        (combos, column) =>
          combos.flatMap((combo) => GROUP_VALUES[column].map((v) => [...combo, v])),
        [[]],
      )
      .map((values) => ({ columns, values })),
  );
}

/** A query on the database: `?` placeholders, the rows. */
export type Query = (
  text: string,
  values: readonly unknown[],
) => Promise<Record<string, unknown>[]>;

/**
 * Each filter's count from the counter and from `COUNT(*)` of the table, where they differ (none
 * when the counter is exact), and the number of rows counted in all.
 */
export async function countMismatches(
  counter: CounterTable,
  query: Query,
): Promise<{ mismatches: string[]; rows: number }> {
  const mismatches: string[] = [];
  for (const { columns, values } of filters()) {
    const read = counterRead(counter, columns);
    const [kept] = await query(read.text, values);
    const where = columns.map((c) => `${c} = ?`).join(" AND ");
    const [truth] = await query(
      `SELECT COUNT(*) AS n FROM packages${where ? ` WHERE ${where}` : ""}`,
      values,
    );
    const [k, t] = [Number(kept?.[counter.countColumn]), Number(truth?.n)];
    if (k !== t) mismatches.push(`${columns.join(",")}=${values.join(",")}: ${k} kept, ${t} rows`);
  }
  const [all] = await query("SELECT COUNT(*) AS n FROM packages", []);
  return { mismatches, rows: Number(all?.n) };
}
