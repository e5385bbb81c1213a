/**
 * The package store on PostgreSQL (a server through `pg`, or PGlite in this process). Packages
 * listed in the order the client chose, each offered order served by an index (the plan tests
 * check them); exact counts per repository and status kept in `package_counts`, written in the same
 * statement as the packages they count, so a count is exact under concurrency and costs O(1).
 * Every value is a bound parameter; every write is one statement, all or nothing. Counter rows
 * are locked in status order, so concurrent bulk creates never deadlock.
 */

import type { CursorQuery, ListResult } from "pagewise";
import { offsetSearch } from "./offset-search.js";
import {
  type NewPackage,
  type Package,
  type PackageOrder,
  type PackageStore,
  type SearchFilter,
  type Status,
  searchFold,
} from "./package-store.js";
import type { SqlClient } from "./sql-client.js";

/** The schema, made once, under an advisory lock (two servers may start on one database). */
const SCHEMA = `
SELECT pg_advisory_xact_lock(7316403);
CREATE TABLE IF NOT EXISTS packages (
  id bigserial PRIMARY KEY,
  owner text NOT NULL,
  repo text NOT NULL,
  name text COLLATE "C" NOT NULL,
  version text COLLATE "C" NOT NULL,
  status text COLLATE "C" NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS packages_by_status ON packages (owner, repo, status, id);
CREATE INDEX IF NOT EXISTS packages_by_repository ON packages (owner, repo, id);
CREATE INDEX IF NOT EXISTS packages_by_created_at ON packages (owner, repo, created_at, id);
CREATE INDEX IF NOT EXISTS packages_by_name ON packages (owner, repo, name, id);
CREATE INDEX IF NOT EXISTS packages_by_version ON packages (owner, repo, version, id);
CREATE INDEX IF NOT EXISTS packages_by_status_newest ON packages (owner, repo, status, created_at DESC, id DESC);
CREATE TABLE IF NOT EXISTS seeded (
  owner text NOT NULL,
  repo text NOT NULL,
  PRIMARY KEY (owner, repo)
);
CREATE TABLE IF NOT EXISTS package_counts (
  owner text NOT NULL,
  repo text NOT NULL,
  status text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (owner, repo, status)
);`;

/** Inserts the packages in order and adds them to the counts, in one statement. */
const CREATE = `
WITH given AS (
  SELECT name, version, status, ordinality
  FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS g(name, version, status)
), inserted AS (
  INSERT INTO packages (owner, repo, name, version, status)
  SELECT $1, $2, name, version, status FROM given ORDER BY ordinality
  RETURNING id, name, version, status, created_at
), counted AS (
  INSERT INTO package_counts (owner, repo, status, count)
  SELECT $1, $2, status, count(*) FROM inserted GROUP BY status ORDER BY status
  ON CONFLICT (owner, repo, status) DO UPDATE SET count = package_counts.count + EXCLUDED.count
)
SELECT id, name, version, status, created_at FROM inserted ORDER BY id`;

/**
 * Claims a repository's seed: a row only the first claimer inserts (a second one waits for the
 * first to commit, then finds the row and inserts nothing).
 */
const CLAIM_SEED = `INSERT INTO seeded (owner, repo) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`;

const ANALYZE = "ANALYZE packages; ANALYZE package_counts;";

/** Seeds are loaded in chunks, each one statement well inside the statement timeout. */
const SEED_CHUNK = 20_000;

/** Deletes a status's packages and takes them off the count, in one statement. */
const DELETE_BY_STATUS = `
WITH deleted AS (
  DELETE FROM packages WHERE owner = $1 AND repo = $2 AND status = $3 RETURNING 1
), gone AS (
  SELECT count(*) AS n FROM deleted
), counted AS (
  UPDATE package_counts SET count = count - (SELECT n FROM gone)
  WHERE owner = $1 AND repo = $2 AND status = $3
)
SELECT n FROM gone`;

const COUNT_ALL = `SELECT coalesce(sum(count), 0) AS n FROM package_counts WHERE owner = $1 AND repo = $2`;
const COUNT_STATUS = `SELECT coalesce(sum(count), 0) AS n FROM package_counts WHERE owner = $1 AND repo = $2 AND status = $3`;
const COLUMNS = "id, name, version, status, created_at";
/** Creation order, without an order from the API. */
const BY_ID = '"id" ASC';
const PAGE_ALL = `SELECT ${COLUMNS} FROM packages WHERE owner = $1 AND repo = $2 ORDER BY id LIMIT $3 OFFSET $4`;
const PAGE_STATUS = `SELECT ${COLUMNS} FROM packages WHERE owner = $1 AND repo = $2 AND status = $5 ORDER BY id LIMIT $3 OFFSET $4`;
const SIZE = "SELECT coalesce(sum(count), 0) AS n FROM package_counts";

/**
 * A package's name as a search compares it: ASCII letters folded to lower case, as `searchFold`
 * does in JavaScript (never the database's locale). The search index is on this expression.
 */
const FOLDED_NAME = "translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')";

/**
 * The search index: trigrams (pg_trgm, in PostgreSQL's contrib and in PGlite) of the folded name,
 * which serve `LIKE '%text%'` on it. Made when the database lets us create the extension; a
 * search without it reads the repository's rows.
 */
const SEARCH_INDEX = `
SELECT pg_advisory_xact_lock(7316403);
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS packages_name_search ON packages USING gin ((${FOLDED_NAME}) gin_trgm_ops);`;

/** The search's condition: the repository, the folded name ($3), the status when given. */
const matching = (status: string | undefined) =>
  `owner = $1 AND repo = $2${status ? ` AND status = ${status}` : ""} AND ${FOLDED_NAME} LIKE $3 ESCAPE '\\'`;
/** Matching packages in an order: `LIMIT $4 OFFSET $5`, the status `$6`. */
const search = (byStatus: boolean, orderBy = BY_ID) =>
  `SELECT ${COLUMNS} FROM packages WHERE ${matching(byStatus ? "$6" : undefined)} ORDER BY ${orderBy} LIMIT $4 OFFSET $5`;
/** Matching packages counted, at most `$4` of them (`LIMIT NULL` counts them all), the status `$5`. */
const countMatches = (byStatus: boolean) =>
  `SELECT count(*) AS n FROM (SELECT 1 FROM packages WHERE ${matching(byStatus ? "$5" : undefined)} LIMIT $4) AS found`;
/** The search queries (exported for the plan checks in the tests). */
export const SEARCH_ALL = search(false);
export const SEARCH_STATUS = search(true);
const COUNT_MATCHES_ALL = countMatches(false);
const COUNT_MATCHES_STATUS = countMatches(true);

/** The LIKE pattern of a search: the folded text with `\`, `%` and `_` escaped, inside `%…%`. */
export function likePattern(query: string): string {
  return `%${searchFold(query).replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * A page and its count in one statement (one snapshot): the count row joined to the page's rows,
 * in an order (`orderBy`: pagewise's `sort.sql()`, quoted identifiers of the fields offered).
 */
const list = (byStatus: boolean, orderBy = BY_ID) => `
WITH total AS (
  SELECT coalesce(sum(count), 0) AS n FROM package_counts
  WHERE owner = $1 AND repo = $2${byStatus ? " AND status = $5" : ""}
), page AS (
  SELECT ${COLUMNS} FROM packages
  WHERE owner = $1 AND repo = $2${byStatus ? " AND status = $5" : ""}
    AND $4 < (SELECT n FROM total)
  ORDER BY ${orderBy} LIMIT $3 OFFSET $4
)
SELECT total.n, page.* FROM total LEFT JOIN page ON true ORDER BY ${orderBy}`;
/** The list queries, by whether they filter by status (exported for the plan checks in the tests). */
export const LIST_ALL = list(false);
export const LIST_STATUS = list(true);
/** The list and search queries in an order (the plan checks read them too). */
export const listText = (byStatus: boolean, order: PackageOrder) =>
  list(byStatus, order?.sql() ?? BY_ID);
export const searchText = (byStatus: boolean, order: PackageOrder) =>
  search(byStatus, order?.sql() ?? BY_ID);

/**
 * A cursor page and its count in one statement, as {@link list}: the page is pagewise's keyset
 * query as a UNION ALL of index ranges (`cursor.unionSql()`: one range for an order that runs
 * one way, one per prefix of a mixed order such as `status,-created_at`), every value a
 * parameter, each range served by the index in that order's directions. `lead`, for a union of
 * several ranges, is the same statement with the range nearest the cursor alone.
 */
function keysetQuery(byStatus: boolean, cursor: CursorQuery) {
  const first = byStatus ? 4 : 3;
  const status = byStatus ? " AND status = $3" : "";
  const { orderBy } = cursor.sql(first);
  const page = cursor.unionSql(
    (where) =>
      `SELECT ${COLUMNS} FROM packages WHERE owner = $1 AND repo = $2${status} AND ${where}`,
    first,
  );
  const counted = (pageText: string) => `
WITH total AS (
  SELECT coalesce(sum(count), 0) AS n FROM package_counts WHERE owner = $1 AND repo = $2${status}
), page AS (
  ${pageText}
)
SELECT total.n, page.* FROM total LEFT JOIN page ON true ORDER BY ${orderBy}`;
  const lead = page.lead && counted(page.lead.text);
  return { text: counted(page.text), lead, values: page.values };
}

/** The cursor queries' text for the plan checks in the tests: the whole page's, and its lead's. */
export const keysetText = (byStatus: boolean, cursor: CursorQuery) =>
  keysetQuery(byStatus, cursor).text;
export const keysetLeadText = (byStatus: boolean, cursor: CursorQuery) =>
  keysetQuery(byStatus, cursor).lead;

/** A row as the drivers give it: `pg` gives bigint as a string and timestamptz as a `Date`. */
interface PackageRow {
  readonly id: string | number;
  readonly name: string;
  readonly version: string;
  readonly status: string;
  readonly created_at: Date | string;
}

/** The store on a SQL database. */
export class SqlStore implements PackageStore {
  readonly kind: "pglite" | "postgres";
  readonly #db: SqlClient;

  private constructor(db: SqlClient) {
    this.#db = db;
    this.kind = db.kind;
  }

  /** Opens the store: makes the schema if the database has none. */
  static async open(db: SqlClient): Promise<SqlStore> {
    await db.exec(SCHEMA);
    try {
      await db.exec(SEARCH_INDEX);
    } catch {
      // A role that may not create the extension: searches read the repository's rows instead.
    }
    return new SqlStore(db);
  }

  async create(
    owner: string,
    repo: string,
    inputs: readonly NewPackage[],
    signal?: AbortSignal,
  ): Promise<Package[]> {
    if (inputs.length === 0) return [];
    const values = [
      owner,
      repo,
      inputs.map((p) => p.name),
      inputs.map((p) => p.version),
      inputs.map((p) => p.status ?? "awaiting_sync"),
    ];
    const rows = await this.#db.query<PackageRow>(CREATE, values, signal);
    return rows.map(toPackage);
  }

  async seed(owner: string, repo: string, inputs: readonly NewPackage[]): Promise<number> {
    const claimed = await this.#db.query(CLAIM_SEED, [owner, repo]);
    if (claimed.length === 0) return 0;
    for (let start = 0; start < inputs.length; start += SEED_CHUNK) {
      await this.create(owner, repo, inputs.slice(start, start + SEED_CHUNK));
    }
    // Statistics for the planner after a bulk load: PGlite has no autovacuum, and without them
    // it sorted all 200,000 rows of a seeded repository on every page instead of reading an index.
    await this.#db.exec(ANALYZE);
    return inputs.length;
  }

  async count(owner: string, repo: string, status?: Status): Promise<number> {
    const rows = await this.#db.query<{ n: string | number }>(
      status === undefined ? COUNT_ALL : COUNT_STATUS,
      status === undefined ? [owner, repo] : [owner, repo, status],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async page(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
  ): Promise<Package[]> {
    const rows = await this.#db.query<PackageRow>(
      status === undefined ? PAGE_ALL : PAGE_STATUS,
      status === undefined ? [owner, repo, limit, offset] : [owner, repo, limit, offset, status],
    );
    return rows.map(toPackage);
  }

  async list(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
    order?: PackageOrder,
    signal?: AbortSignal,
  ): Promise<{ count: number; rows: Package[] }> {
    const rows = await this.#db.query<PackageRow & { n: string | number }>(
      listText(status !== undefined, order),
      status === undefined ? [owner, repo, limit, offset] : [owner, repo, limit, offset, status],
      signal,
    );
    const count = Number(rows[0]?.n ?? 0);
    return { count, rows: rows.filter((row) => row.id !== null).map(toPackage) };
  }

  async keyset(
    owner: string,
    repo: string,
    status: Status | undefined,
    cursor: CursorQuery,
    _order?: PackageOrder, // the cursor's query holds it
    signal?: AbortSignal,
  ): Promise<{ count: number; rows: Package[] }> {
    const { text, lead, values } = keysetQuery(status !== undefined, cursor);
    const head = status === undefined ? [owner, repo] : [owner, repo, status];
    const run = async (statement: string) => {
      const rows = await this.#db.query<PackageRow & { n: string | number }>(
        statement,
        [...head, ...values],
        signal,
      );
      const count = Number(rows[0]?.n ?? 0);
      return { count, rows: rows.filter((row) => row.id !== null).map(toPackage) };
    };
    // The range nearest the cursor first: at any depth but a range's last page, it fills the page
    // alone, one index range read. A short one says the page runs on into the next ranges: the
    // whole union then, one statement again, so a page and its count always come from one snapshot.
    const near = lead === undefined ? undefined : await run(lead);
    return near !== undefined && near.rows.length === cursor.limit ? near : run(text);
  }

  async search(
    owner: string,
    repo: string,
    { status, query }: SearchFilter,
    offset: number,
    limit: number,
    order?: PackageOrder,
    signal?: AbortSignal,
  ): Promise<Package[]> {
    const values = [owner, repo, likePattern(query), limit, offset];
    const rows = await this.#db.query<PackageRow>(
      searchText(status !== undefined, order),
      status === undefined ? values : [...values, status],
      signal,
    );
    return rows.map(toPackage);
  }

  async countMatches(
    owner: string,
    repo: string,
    { status, query }: SearchFilter,
    limit?: number,
    signal?: AbortSignal,
  ): Promise<number> {
    const values = [owner, repo, likePattern(query), limit ?? null];
    const rows = await this.#db.query<{ n: string | number }>(
      status === undefined ? COUNT_MATCHES_ALL : COUNT_MATCHES_STATUS,
      status === undefined ? values : [...values, status],
      signal,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** A search's page for pagewise: {@link offsetSearch} over this store's search and count. */
  searchPage(
    owner: string,
    repo: string,
    filter: SearchFilter,
    order: PackageOrder,
    cap: number,
    signal?: AbortSignal,
  ): ListResult<Package> {
    return offsetSearch(this, owner, repo, filter, order, cap, signal);
  }

  async deleteByStatus(
    owner: string,
    repo: string,
    status: Status,
    signal?: AbortSignal,
  ): Promise<number> {
    const rows = await this.#db.query<{ n: string | number }>(
      DELETE_BY_STATUS,
      [owner, repo, status],
      signal,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async size(): Promise<number> {
    const rows = await this.#db.query<{ n: string | number }>(SIZE, []);
    return Number(rows[0]?.n ?? 0);
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}

function toPackage(row: PackageRow): Package {
  const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    id: Number(row.id),
    name: row.name,
    version: row.version,
    status: row.status as Status,
    created_at: created.toISOString(),
  };
}
