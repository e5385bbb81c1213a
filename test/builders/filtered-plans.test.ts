/**
 * A filter before the keyset on MariaDB, as a list of one repository's packages writes it (`owner
 * = ? AND repo = ?`): 200,000 packages in one repository between two of 5,000, an index per order
 * within a repository, and a cursor page at 93% depth, after and before its cursor, in every
 * order the example offers, as pagewise/kysely and pagewise/drizzle write it. Each statement must
 * read the keyset's index range from the cursor: by `ANALYZE FORMAT=JSON` (`range`, `r_rows` no
 * more than the page) and by the session's counters (`expectIndexRange`). MariaDB 10.11 read the
 * repository's `ref` from its first or last entry instead, up to 186,031 entries for a page, until
 * pagewise ran a page under `disable_max_seek` (docs/sql.md, "A filter before the keyset on
 * MariaDB").
 */
import { and, eq } from "drizzle-orm";
import { datetime, int, mysqlTable, varbinary, varchar } from "drizzle-orm/mysql-core";
import { drizzle } from "drizzle-orm/mysql2";
import { type CompiledQuery, Kysely, MysqlDialect, sql } from "kysely";
import { createPool, type Pool } from "mysql2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_SORT } from "../../examples/package-store/stores/package-store.js";
import { drizzleCursorPages } from "../../src/builders/drizzle/index.js";
import { kyselyCursorPages } from "../../src/builders/kysely/index.js";
import { type CursorQuery, cursorQuery } from "../../src/cursor/cursor-query.js";
import type { CursorValue } from "../../src/cursor/cursor-token.js";
import { sortSettings } from "../../src/sort/sort-option.js";
import type { SortOrder } from "../../src/sort/sort-order.js";
import { readSort } from "../../src/sort/sort-param.js";
import { BUILDER_ORDERS } from "../examples/stores/builder-pages.js";
import { SERVER } from "../support/databases.js";
import { expectIndexRange } from "../support/mariadb-reads.js";
import { freshStore } from "../support/stores.js";

/** Packages in the repository paged, in each repository beside it; the page; its depth (93%). */
const REPOSITORY = 200_000;
const OTHERS = 5_000;
const PAGE = 30;
const DEPTH = 186_000;

/** The indexes, one per order, each within a repository (as the example's). */
const INDEXES = [
  "owner, repo, status, id",
  "owner, repo, id",
  "owner, repo, created_at, id",
  "owner, repo, name, id",
  "owner, repo, version, id",
  "owner, repo, status, created_at DESC, id DESC",
];
const TABLE = `CREATE TABLE packages (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  owner VARBINARY(1024) NOT NULL,
  repo VARBINARY(1024) NOT NULL,
  name VARCHAR(214) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  version VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  status VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  created_at DATETIME(3) NOT NULL,
  ${INDEXES.map((columns, i) => `INDEX packages_${i} (${columns})`).join(",\n  ")}
)`;

/** `count` packages of a repository, in one statement: 100 a millisecond, statuses in turn. */
const seed = (owner: string, repo: string, count: number) =>
  sql`INSERT INTO packages (owner, repo, name, version, status, created_at)
  SELECT ${owner}, ${repo}, CONCAT('pkg-', LPAD(seq, 6, '0')), CONCAT('1.', seq DIV 10, '.', seq MOD 10),
    ELT(1 + seq MOD 5, 'awaiting_sync', 'sync_in_progress', 'completed', 'failed', 'quarantined'),
    TIMESTAMP'2026-01-01 00:00:00' + INTERVAL (seq DIV 100) * 1000 MICROSECOND
  FROM seq_0_to_${sql.raw(String(count - 1))}`;

const packages = mysqlTable("packages", {
  id: int("id").primaryKey(),
  owner: varbinary("owner", { length: 1024 }),
  repo: varbinary("repo", { length: 1024 }),
  name: varchar("name", { length: 214 }),
  version: varchar("version", { length: 64 }),
  status: varchar("status", { length: 16 }),
  created_at: datetime("created_at", { mode: "string", fsp: 3 }),
});

interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

describe.skipIf(SERVER !== "MariaDB")("on MariaDB", () => {
  let pool: Pool;
  let kysely: Kysely<Record<string, Record<string, unknown>>>;
  let statements: Statement[] = [];

  beforeAll(async () => {
    const { url } = (await freshStore("mysql")) as { url: string };
    pool = createPool({ uri: url, dateStrings: true, connectionLimit: 2 });
    const log = ({ query }: { query: CompiledQuery }) => void statements.push(query);
    kysely = new Kysely({ dialect: new MysqlDialect({ pool }), log: (event) => log(event) });
    await sql.raw(TABLE).execute(kysely);
    await seed("other", "repo", OTHERS).execute(kysely);
    await seed("demo", "tools", REPOSITORY).execute(kysely);
    await seed("zzz", "repo", OTHERS).execute(kysely);
    await sql`ANALYZE TABLE packages`.execute(kysely);
  }, 120_000);
  afterAll(() => kysely?.destroy());

  const order = (sort: string) =>
    readSort(sortSettings(PACKAGE_SORT), sort) as NonNullable<SortOrder<string>>;

  /** The cursor's values: the sort values of the row at `DEPTH` in the order. */
  async function cursorAt(sort: string): Promise<CursorValue[]> {
    const { terms } = order(sort);
    const by = terms.map((t) => `${t.column} ${t.direction === "desc" ? "DESC" : "ASC"}`);
    const { rows } = await sql<Record<string, CursorValue>>`SELECT * FROM packages
      WHERE owner = 'demo' AND repo = 'tools' ORDER BY ${sql.raw(by.join(", "))}
      LIMIT 1 OFFSET ${DEPTH}`.execute(kysely);
    return terms.map((term) => rows[0]?.[term.column] as CursorValue);
  }

  /** A page by each integration: its rows, the statements it ran logged in `statements`. */
  const INTEGRATIONS = {
    kysely: async (sort: string, cursor: CursorQuery) => {
      const pages = kyselyCursorPages(kysely, () =>
        kysely
          .selectFrom("packages")
          .select(["id", "name", "version", "status", "created_at"])
          .where("owner", "=", "demo")
          .where("repo", "=", "tools"),
      );
      const { items } = (await pages.handle({ sort: order(sort), cursor } as never)) as {
        items: unknown;
      };
      return items as unknown[];
    },
    drizzle: async (sort: string, cursor: CursorQuery) => {
      const logger = { logQuery: (text: string, params: unknown[]) => log(text, params) };
      const log = (text: string, parameters: unknown[]) =>
        statements.push({ sql: text, parameters });
      const db = drizzle({ client: pool, logger });
      const { id, name, version, status, created_at } = packages;
      const pages = drizzleCursorPages(db, () =>
        db
          .select({ id, name, version, status, created_at })
          .from(packages)
          .where(and(eq(packages.owner, "demo"), eq(packages.repo, "tools"))),
      );
      const { items } = (await pages.handle({ sort: order(sort), cursor } as never)) as {
        items: unknown[];
      };
      return items;
    },
  } as const;

  const CASES = Object.keys(INTEGRATIONS).flatMap((integration) =>
    BUILDER_ORDERS.flatMap((sort) =>
      (["after", "before"] as const).map((side) => [integration, sort, side] as const),
    ),
  );

  describe("a cursor page at 93% depth with a filter before the keyset, on MariaDB", () => {
    it.each(CASES)(
      "%s, sort=%s, %s the cursor: the keyset's index range",
      async (by, sort, side) => {
        const cursor = cursorQuery(order(sort).terms, side, await cursorAt(sort), PAGE);
        statements = [];
        const rows = await INTEGRATIONS[by as keyof typeof INTEGRATIONS](sort, cursor);
        expect(rows).toHaveLength(PAGE + 1);
        const pages = statements.filter((s) => / limit /i.test(s.sql));
        expect(pages.length).toBeGreaterThan(0);
        for (const page of pages) {
          await expectIndexRange(kysely, page.sql, page.parameters, PAGE + 1);
        }
      },
    );
  });
});
