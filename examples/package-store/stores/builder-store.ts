/**
 * The package store on SQLite or MySQL/MariaDB through pagewise's query-builder integration
 * (`pagewise/kysely`): one Kysely query of a repository's packages, paged by `kyselyPages`
 * (`LIMIT`/`OFFSET` in the request's order, counted by the counter table of `pagewise/sql`, or for a
 * search capped) and by `kyselyCursorPages` (the keyset in the shape each dialect's planner reads as
 * an index range). A list's count and rows are read in one transaction, so they agree whatever is
 * written meanwhile.
 */
import { CompiledQuery, type Kysely, sql } from "kysely";
import type { CursorQuery, ListResult, PageSlice, SortOrder } from "pagewise";
import { sortColumns } from "pagewise/cursor";
import { kyselyCursorPages, kyselyPages } from "pagewise/kysely";
import { type CounterTable, counterRead } from "pagewise/sql";
import { asciiLower } from "./ascii-fold.js";
import type { BuilderClient } from "./builder-client.js";
import { makeSchema, type PackageTables, packageCounter } from "./builder-schema.js";
import { afterDeadlocks } from "./deadlock-retry.js";
import { countedItems, cursorRows, cursorValues } from "./handler-results.js";
import {
  type NewPackage,
  type Package,
  type PackageOrder,
  type PackageStore,
  type SearchFilter,
  type Status,
  searchFold,
} from "./package-store.js";

const [BY_ID] = sortColumns([{ name: "id" }]);
/** Creation order, without an order from the API: by id. */
const CREATION_ORDER: SortOrder = {
  terms: [{ ...(BY_ID as NonNullable<typeof BY_ID>), field: "id", column: "id", direction: "asc" }],
  sql: () => '"id" ASC',
};
/** The columns a package is answered with. */
const COLUMNS = ["id", "name", "version", "status", "created_at"] as const;
/** Packages created by one statement at most (SQLite binds at most 32,766 values). */
const CHUNK = 1_000;

/**
 * The context a handler of pagewise/kysely reads here: the order. The query functions below close
 * over the repository and the filter, so nothing else of a request's context is read.
 */
const ordered = (order: PackageOrder) => ({ sort: order ?? CREATION_ORDER });

/** The store on a database through Kysely. */
export class BuilderStore implements PackageStore {
  readonly kind: "sqlite" | "mysql";
  readonly #client: BuilderClient;
  readonly #db: Kysely<PackageTables>;
  readonly #counter: CounterTable;

  private constructor(client: BuilderClient) {
    this.#client = client;
    this.#db = client.db;
    this.kind = client.kind;
    this.#counter = packageCounter(client.dialect);
  }

  /** Opens the store: makes the schema if the database has none. */
  static async open(client: BuilderClient): Promise<BuilderStore> {
    await makeSchema(client.db, client.dialect);
    return new BuilderStore(client);
  }

  /** A repository's packages, of one status or all: the query every list of the API pages. */
  #packages(db: Kysely<PackageTables>, owner: string, repo: string, status: Status | undefined) {
    const query = db
      .selectFrom("packages")
      .select(COLUMNS)
      .where("owner", "=", owner)
      .where("repo", "=", repo);
    return status === undefined ? query : query.where("status", "=", status);
  }

  /** The exact count from the counter table (`counterRead`). */
  async #count(db: Kysely<PackageTables>, owner: string, repo: string, status?: Status) {
    const values: Readonly<Record<string, string | undefined>> = { owner, repo, status };
    const read = counterRead(
      this.#counter,
      Object.keys(values).filter((k) => values[k] !== undefined),
    );
    const query = CompiledQuery.raw(
      read.text,
      read.parameters.map((column) => values[column]),
    );
    const { rows } = await db.executeQuery<{ count: string | number }>(query);
    return Number(rows[0]?.count ?? 0);
  }

  /** Rows as the API answers them: `created_at` in ISO 8601 (in place: a cursor's values stay carried). */
  #present(rows: readonly { created_at: string }[]): Package[] {
    for (const row of rows) row.created_at = this.#client.isoTime(row.created_at);
    return rows as Package[];
  }

  create(owner: string, repo: string, inputs: readonly NewPackage[]): Promise<Package[]> {
    if (inputs.length === 0) return Promise.resolve([]);
    const values = inputs.map(({ name, version, status = "awaiting_sync" }) => ({
      ...{ owner, repo, name, version, status },
    }));
    return afterDeadlocks(() =>
      this.#db.transaction().execute(async (trx) => {
        await this.#lockCounts(trx, owner, repo);
        const { insertId } = await trx
          .insertInto("packages")
          .values(values)
          .executeTakeFirstOrThrow();
        // One statement's ids are consecutive: MySQL gives the first, SQLite the last.
        const last = Number(insertId);
        const first = this.#client.dialect === "mysql" ? last : last - values.length + 1;
        const rows = await trx
          .selectFrom("packages")
          .select(COLUMNS)
          .where("id", ">=", first)
          .where("id", "<", first + values.length)
          .orderBy("id")
          .execute();
        return this.#present(rows);
      }),
    );
  }

  /**
   * MariaDB: the repository's counter rows, locked in status order before the insert whose row
   * triggers update them row by row. Two bulk creates of mixed statuses then take them in the same
   * order, where each could otherwise hold a row the other waits for (a deadlock every few
   * creates under 50 concurrent clients, more than `afterDeadlocks` could run again). A status's
   * first counter row is still the triggers' to insert, a deadlock `afterDeadlocks` runs again.
   * SQLite takes one writer at a time.
   */
  async #lockCounts(trx: Kysely<PackageTables>, owner: string, repo: string): Promise<void> {
    if (this.#client.dialect !== "mysql") return;
    await sql`SELECT 1 FROM ${sql.table(this.#counter.name)} WHERE owner = ${owner} AND repo = ${repo} ORDER BY status FOR UPDATE`.execute(
      trx,
    );
  }

  async seed(owner: string, repo: string, inputs: readonly NewPackage[]): Promise<number> {
    const claim = await this.#db
      .insertInto("seeded")
      .values({ owner, repo })
      .orIgnore()
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    for (let start = 0; start < inputs.length; start += CHUNK) {
      await this.create(owner, repo, inputs.slice(start, start + CHUNK));
    }
    return inputs.length;
  }

  count(owner: string, repo: string, status?: Status): Promise<number> {
    return this.#count(this.#db, owner, repo, status);
  }

  async page(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
  ): Promise<Package[]> {
    return (await this.list(owner, repo, status, offset, limit)).rows;
  }

  /**
   * A page through `kyselyPages`, its count from the counter table (`count: { of }`), both read
   * in one transaction: the slice pagewise would ask for, and the count beside it.
   */
  list(
    owner: string,
    repo: string,
    status: Status | undefined,
    offset: number,
    limit: number,
    order?: PackageOrder,
  ): Promise<{ count: number; rows: Package[] }> {
    return this.#db.transaction().execute(async (trx: Kysely<PackageTables>) => {
      const pages = kyselyPages(trx, () => this.#packages(trx, owner, repo, status), {
        dialect: this.#client.dialect,
        count: { of: () => this.#count(trx, owner, repo, status) },
      });
      const { count, items } = countedItems(
        pages.handle(ordered(order) as Parameters<typeof pages.handle>[0]),
      );
      const slice: PageSlice = { page: 1, pageSize: limit, offset, limit };
      const [total, rows] = await Promise.all([(count as () => Promise<number>)(), items(slice)]);
      return { count: total, rows: this.#present(rows) };
    });
  }

  /** A cursor page through `kyselyCursorPages` and the count, in one transaction. */
  keyset(
    owner: string,
    repo: string,
    status: Status | undefined,
    cursor: CursorQuery,
    order?: PackageOrder,
  ): Promise<{ count: number; rows: Package[] }> {
    return this.#db.transaction().execute(async (trx: Kysely<PackageTables>) => {
      const pages = kyselyCursorPages(trx, () => this.#packages(trx, owner, repo, status), {
        dialect: this.#client.dialect,
      });
      const context = { ...ordered(order), cursor } as Parameters<typeof pages.handle>[0];
      const [count, page] = await Promise.all([
        this.#count(trx, owner, repo, status),
        pages.handle(context),
      ]);
      return { count, rows: this.#present(cursorRows(page)), values: cursorValues(page) };
    });
  }

  /**
   * A search through `kyselyPages`: names containing the folded text (`instr`, so `%`, `_` and `\`
   * are themselves), counted when needed, up to the cap.
   */
  searchPage(
    owner: string,
    repo: string,
    { status, query }: SearchFilter,
    order: PackageOrder,
    cap: number,
  ): ListResult<Package> {
    const text = searchFold(query);
    const matching = () =>
      this.#packages(this.#db, owner, repo, status).where(
        sql<number>`instr(${asciiLower(sql.ref("name"))}, ${text})`,
        ">",
        0,
      );
    const pages = kyselyPages(this.#db, matching, {
      dialect: this.#client.dialect,
      count: { whenNeeded: cap === 0 ? "exact" : { cap } },
    });
    const { count, items } = countedItems(
      pages.handle(ordered(order) as Parameters<typeof pages.handle>[0]),
    );
    return {
      count: count as { whenNeeded: () => Promise<number | { atLeast: number }> },
      items: async (slice) => this.#present(await items(slice)),
    };
  }

  async deleteByStatus(owner: string, repo: string, status: Status): Promise<number> {
    const { numDeletedRows } = await afterDeadlocks(() =>
      this.#db
        .deleteFrom("packages")
        .where("owner", "=", owner)
        .where("repo", "=", repo)
        .where("status", "=", status)
        .executeTakeFirst(),
    );
    return Number(numDeletedRows);
  }

  async size(): Promise<number> {
    const read = counterRead(this.#counter, []);
    const { rows } = await this.#db.executeQuery<{ count: string | number }>(
      CompiledQuery.raw(read.text, []),
    );
    return Number(rows[0]?.count ?? 0);
  }

  close(): Promise<void> {
    return this.#db.destroy();
  }
}
