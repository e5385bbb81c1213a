import { CompiledQuery, type Kysely } from "kysely";
import { expect } from "vitest";

/**
 * Whether a read in a MariaDB `ANALYZE FORMAT=JSON` plan counts in `r_rows` every index entry it
 * reads: a `range`; or a `ref` (a union's branch of the NULLs: `score IS NULL ORDER BY id LIMIT
 * n`) that filters nothing out and pushes into the index no condition on a column beyond the
 * ref's own. MariaDB counts the rows an index condition keeps, not the entries it passes over: a
 * `ref` of a NULL group with `id > ?` pushed down reads every entry before the cursor, and says
 * it read only the page.
 *
 * @param node - a table's node of the plan (`table_name`, `access_type`, …)
 * @example
 * ```ts
 * countedRead({ access_type: "range" }); // true
 * ```
 */
export function countedRead(node: Readonly<Record<string, unknown>>): boolean {
  if (node.access_type === "range") return true;
  if (node.access_type !== "ref" || node.r_filtered !== 100) return false;
  const own = new Set(node.used_key_parts as readonly string[]);
  const pushed = String(node.index_condition ?? "").matchAll(/\.`?(\w+)`?/g);
  return [...pushed].every(([, column]) => own.has(column as string));
}

/** `SET STATEMENT variable = value FOR `, as pagewise puts it before a page's statement. */
const SETTING = /^SET STATEMENT \w+ = (?:'[a-z_,]*'|\d+) FOR /;

/**
 * A page's statement as `ANALYZE FORMAT=JSON` takes it: after the `SET STATEMENT … FOR` a
 * statement runs under (MariaDB analyzes a statement so, not the `SET STATEMENT` around it).
 *
 * @param sql - the statement as run
 * @example
 * ```ts
 * analyzed("SET STATEMENT v = 2 FOR select 1"); // "SET STATEMENT v = 2 FOR ANALYZE FORMAT=JSON select 1"
 * ```
 */
export function analyzed(sql: string): string {
  const setting = SETTING.exec(sql)?.[0] ?? "";
  return `${setting}ANALYZE FORMAT=JSON ${sql.slice(setting.length)}`;
}

type Node = Readonly<Record<string, unknown>>;
const children = (node: Node) =>
  Object.values(node)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter(isNode);
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null;

/** Every read of `packages` in the plan. */
const readsOf = (node: Node): Node[] => [
  ...(node.table_name === "packages" ? [node] : []),
  ...children(node).flatMap(readsOf),
];

/**
 * The reads of `packages` a filesort sorts: its own table's, not a union's or a derived table's
 * (whose outer sort merges a few rows of each branch).
 */
const sortedReads = (node: Node): Node[] =>
  Object.entries(node).flatMap(([key, value]) => {
    if (!isNode(value))
      return Array.isArray(value) ? value.filter(isNode).flatMap(sortedReads) : [];
    return key === "filesort" ? ownReads(value) : sortedReads(value);
  });
const ownReads = (node: Node): Node[] => [
  ...(node.table_name === "packages" ? [node] : []),
  ...Object.entries(node)
    .filter(([key]) => key !== "query_specifications" && key !== "materialized")
    .flatMap(([, value]) => (isNode(value) ? ownReads(value) : [])),
];

/** A read of the repository's index range, counting what it reads: `true`, else the read. */
const rangeRead = (read: Node) => {
  const [owner, repo] = (read.used_key_parts ?? []) as readonly string[];
  const range = ["range", "ref"].includes(String(read.access_type)) && owner === "owner";
  return (range && repo === "repo" && countedRead(read)) || read;
};

/**
 * The index entries the statement read, by the session's counters, on one connection: the rows
 * read on from the first (`Handler_read_next`, `Handler_read_prev`), or where a condition is
 * pushed into the index, every entry it checked (`Handler_icp_attempts`: what `r_rows` leaves
 * out).
 */
async function entriesRead<DB>(db: Kysely<DB>, query: CompiledQuery): Promise<number> {
  return db.connection().execute(async (one) => {
    await one.executeQuery(CompiledQuery.raw("FLUSH STATUS"));
    await one.executeQuery(query);
    const { rows } = await one.executeQuery<{ name: string; value: string }>(COUNTERS);
    const count = (name: string) => Number(rows.find((row) => row.name === name)?.value);
    const onward = count("HANDLER_READ_NEXT") + count("HANDLER_READ_PREV");
    return Math.max(onward, count("HANDLER_ICP_ATTEMPTS"));
  });
}
const COUNTERS = CompiledQuery.raw(`SELECT VARIABLE_NAME AS name, VARIABLE_VALUE AS value
  FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME IN
  ('HANDLER_READ_NEXT', 'HANDLER_READ_PREV', 'HANDLER_ICP_ATTEMPTS')`);

/**
 * Checks a page's statement on MariaDB: each read of `packages` in its `ANALYZE FORMAT=JSON` is
 * an index range of the repository (`range`, or a `ref` that reads only what it keeps, on an
 * index that starts with owner and repo), no filesort sorts its rows, and it reads no more than
 * `mostRead` rows by the plan's `r_rows`, nor more entries than that and a few where its range
 * starts by the session's counters.
 *
 * @param db - a Kysely instance on the database
 * @param sql - the statement as run (a `SET STATEMENT … FOR` before it too)
 * @param parameters - its values
 * @param mostRead - the rows it may read: up to the page's last
 * @example
 * ```ts
 * await expectIndexRange(db, query.sql, query.parameters, 31);
 * ```
 */
export async function expectIndexRange<DB>(
  db: Kysely<DB>,
  sql: string,
  parameters: readonly unknown[],
  mostRead: number,
): Promise<void> {
  const analyze = CompiledQuery.raw(analyzed(sql), [...parameters]);
  const { rows } = await db.executeQuery<Record<string, string>>(analyze);
  const plan = JSON.parse(Object.values(rows[0] as Record<string, string>)[0] as string) as Node;
  const reads = readsOf(plan);
  const taken = reads.reduce((sum, r) => sum + Number(r.r_rows) * Number(r.r_loops ?? 1), 0);
  const why = `${sql}\n${JSON.stringify(plan, null, 1)}`;
  expect(reads.map(rangeRead), why).toStrictEqual(reads.map(() => true));
  expect([reads.length > 0, sortedReads(plan), taken <= mostRead], why).toStrictEqual([
    true,
    [],
    true,
  ]);
  // The entries read, counted by the server: the page's, and the few where its range starts.
  const read = await entriesRead(db, CompiledQuery.raw(sql, [...parameters]));
  expect(read, why).toBeLessThanOrEqual(mostRead + SLACK);
}
/** Entries a range reads besides its rows: where it starts, among the cursor's ties. */
const SLACK = 30;
