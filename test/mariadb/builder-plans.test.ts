/**
 * The builder store's pages on MariaDB: `ANALYZE FORMAT=JSON` of each page query pagewise/kysely
 * writes (`describeBuilderPlans`: page mode at depth, a cursor page at depth, both ways, in every
 * order the example offers). Each read of `packages` must be an index range of the repository
 * (`range` or `ref` on an index that starts with owner and repo) counting every entry it reads
 * (`countedRead`), no filesort of its rows, and no more rows read than up to the page's last, by
 * the plan's `r_rows` and by the session's counters. The list's filter comes before the keyset
 * (`owner = ? AND repo = ?`): MariaDB 10.11 read the filter's `ref` from its first or last entry
 * until its page's statement ran under `disable_max_seek` (docs/sql.md).
 */
import { CompiledQuery, Kysely, MysqlDialect } from "kysely";
import { createPool } from "mysql2";
import { describe, expect } from "vitest";
import type { PackageTables } from "../../examples/package-store/stores/builder-schema.js";
import { BuilderStore } from "../../examples/package-store/stores/builder-store.js";
import {
  describeBuilderPlans,
  type LoggedStore,
  type PageQuery,
} from "../support/builder-pages.js";
import { analyzed, countedRead } from "../support/mariadb-reads.js";
import { freshStore } from "../support/stores.js";

let db: Kysely<PackageTables>;

/** The store on a fresh database, its statements logged; `DATETIME` read as text, as bound back. */
async function openMariaDb(): Promise<LoggedStore> {
  const { url } = (await freshStore("mysql")) as { url: string };
  const queries: CompiledQuery[] = [];
  db = new Kysely<PackageTables>({
    dialect: new MysqlDialect({ pool: createPool({ uri: url, dateStrings: true }) }),
    log: (event) => void queries.push(event.query),
  });
  const store = await BuilderStore.open({ kind: "mysql", dialect: "mysql", db, isoTime: (t) => t });
  const analyze = CompiledQuery.raw("ANALYZE TABLE packages");
  return {
    store,
    queries,
    analyze: async () => void (await db.executeQuery(analyze)),
    close: () => db.destroy(),
  };
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
async function entriesRead(query: CompiledQuery): Promise<number> {
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

async function expectRange({ query, mostRead }: PageQuery) {
  const analyze = CompiledQuery.raw(analyzed(query.sql), [...query.parameters]);
  const { rows } = await db.executeQuery<Record<string, string>>(analyze);
  const plan = JSON.parse(Object.values(rows[0] as Record<string, string>)[0] as string) as Node;
  const reads = readsOf(plan);
  const taken = reads.reduce((sum, r) => sum + Number(r.r_rows) * Number(r.r_loops ?? 1), 0);
  const why = `${query.sql}\n${JSON.stringify(plan, null, 1)}`;
  expect(reads.map(rangeRead), why).toStrictEqual(reads.map(() => true));
  expect([reads.length > 0, sortedReads(plan), taken <= mostRead], why).toStrictEqual([
    true,
    [],
    true,
  ]);
  // The entries read, counted by the server: the page's, and the few where its range starts.
  const read = await entriesRead(CompiledQuery.raw(query.sql, [...query.parameters]));
  expect(read, why).toBeLessThanOrEqual(mostRead + SLACK);
}
/** Entries a range reads besides its rows: where it starts, among the cursor's ties. */
const SLACK = 30;

describe("the mariadb builder store's query plans", () => {
  describeBuilderPlans(openMariaDb, expectRange);
});
