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
import { describe } from "vitest";
import type { PackageTables } from "../../../examples/package-store/stores/builder-schema.js";
import { BuilderStore } from "../../../examples/package-store/stores/builder-store.js";
import { SERVER } from "../../support/databases.js";
import { expectIndexRange } from "../../support/mariadb-reads.js";
import { freshStore } from "../../support/stores.js";
import { describeBuilderPlans, type LoggedStore, type PageQuery } from "./builder-pages.js";

describe.skipIf(SERVER !== "MariaDB")("on MariaDB", () => {
  let db: Kysely<PackageTables>;

  /** The store on a fresh database, its statements logged; `DATETIME` read as text, as bound back. */
  async function openMariaDb(): Promise<LoggedStore> {
    const { url } = (await freshStore("mysql")) as { url: string };
    const queries: CompiledQuery[] = [];
    db = new Kysely<PackageTables>({
      dialect: new MysqlDialect({ pool: createPool({ uri: url, dateStrings: true }) }),
      log: (event) => void queries.push(event.query),
    });
    const store = await BuilderStore.open({
      kind: "mysql",
      dialect: "mysql",
      db,
      isoTime: (t) => t,
    });
    const analyze = CompiledQuery.raw("ANALYZE TABLE packages");
    return {
      store,
      queries,
      analyze: async () => void (await db.executeQuery(analyze)),
      close: () => db.destroy(),
    };
  }

  /** A page's query read by an index range of the repository, every entry counted. */
  const expectRange = ({ query, mostRead }: PageQuery) =>
    expectIndexRange(db, query.sql, query.parameters, mostRead);

  describe("the mariadb builder store's query plans", () => {
    describeBuilderPlans(openMariaDb, expectRange);
  });
});
