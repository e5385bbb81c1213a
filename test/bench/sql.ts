/**
 * SQL suite: the example's SQL store on PGlite (and on a PostgreSQL server when Debian's
 * `postgresql` is installed: a throwaway cluster), pages of 30 through pagewise's pipeline
 * (`handleResource`), each figure a ratio of medians measured in the same run, tasks taken in turn
 * round after round. What a page costs with the counter table (O(1) counts) against `COUNT(*)`;
 * a count run alongside the rows against each query alone; a countless page against its bare
 * query; and the last page of 1,000,000 (OFFSET) against the first, with its plan.
 * @packageDocumentation
 */

import { cursorList, defineResource, type ListResult, list, type PageSlice } from "pagewise";
import { handleResource } from "pagewise/adapter";
import { walkPages } from "pagewise/client";
import pg from "pg";
import { packageRoutes } from "../../examples/package-store/api.js";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import { PACKAGE_SORT } from "../../examples/package-store/stores/package-store.js";
import {
  pgliteClient,
  postgresClient,
  type SqlClient,
} from "../../examples/package-store/stores/sql-client.js";
import { SqlStore } from "../../examples/package-store/stores/sql-store.js";
import { postgresBin, startCluster } from "../support/postgres-cluster.js";
import { freshDatabase } from "../support/stores.js";
import { latencyProxy } from "./latency-proxy.js";
import { ceilingLine, printTable, times } from "./report.js";
import { measure, type Task } from "./rounds.js";

const BIG = 1_000_000;
const SMALL = 10_000;
const MID = 100_000;
const PAGE = 30;
const FAST_ROUNDS = 1_000;
const SLOW_ROUNDS = 15;
const KEY = "bench";
const CURSOR_SECRET = "bench-cursor-secret-of-32-chars!";
const DEPTH_ID = 900_000;
const WALKED = 200_000;
const WALK_PAGE = 100;
const NETWORK_MS = 1;
/** The orders whose page 1 is measured against the default's (the example's `sort`). */
const SORTED_PAGES = ["name", "-created_at"];
/** The orders whose deep cursor page is measured against their first. */
const SORTED_CURSORS = ["name", "status,-created_at"];

/** Loads `size` packages into demo/<repo> with one INSERT … SELECT. */
function fill(repo: string, size: number): string {
  return `INSERT INTO packages (owner, repo, name, version, status)
SELECT 'demo', '${repo}', 'pkg-' || g, '1.0.0',
  (ARRAY['awaiting_sync','sync_in_progress','completed','failed','quarantined'])[g % 5 + 1]
FROM generate_series(1, ${size}) AS g;`;
}
const COUNTS = `INSERT INTO package_counts (owner, repo, status, count)
SELECT owner, repo, status, count(*) FROM packages GROUP BY owner, repo, status
ON CONFLICT (owner, repo, status) DO UPDATE SET count = EXCLUDED.count;
ANALYZE packages; ANALYZE package_counts;`;

const COUNT_STAR = "SELECT count(*) AS n FROM packages WHERE owner = $1 AND repo = $2";
const ROWS =
  "SELECT id, name, version, status, created_at FROM packages WHERE owner = $1 AND repo = $2 ORDER BY id LIMIT $3 OFFSET $4";

/** A GET of a list resource through pagewise's pipeline; fails unless 200. */
function getter(resource: ReturnType<typeof defineResource>, repo: string, query: string) {
  return async () => {
    const response = await handleResource(resource, {
      method: "GET",
      url: `/package/demo/${repo}/packages/?${query}`,
      header: (name) => (name === "x-api-key" ? KEY : undefined),
      pathParams: { owner: "demo", repo },
      native: null,
    });
    if (response.status !== 200) throw new Error(`GET ${repo}?${query}: ${response.status}`);
  };
}

/** A list resource whose handler gives `result(repo)`. */
const listing = (result: (repo: string) => ListResult<unknown>) =>
  defineResource({ GET: list({ handler: ({ path }) => result(path.repo ?? "") }) });

/** Every figure of one database, its packages loaded with `load` (a script without a time limit). */
async function suite(label: string, db: SqlClient, load: (sql: string) => Promise<void>) {
  const store = await SqlStore.open(db);
  const started = performance.now();
  await load(`${fill("big", BIG)}${fill("mid", MID)}${fill("small", SMALL)}${COUNTS}`);
  console.log(
    `\n${label}: loaded ${(BIG + MID + SMALL).toLocaleString("en-US")} packages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const routes = packageRoutes(store, { apiKey: KEY, cursorSecret: CURSOR_SECRET });
  const [, repository] = routes[0] ?? [];
  const [, exactSearch] =
    packageRoutes(store, { apiKey: KEY, cursorSecret: CURSOR_SECRET, countCap: 0 })[0] ?? [];
  if (repository === undefined || exactSearch === undefined) throw new Error("no search route");
  const search = (resource: typeof repository, repo: string, query: string) =>
    getter(resource, repo, `query=${query}&page_size=${PAGE}`);
  const [, packages] = routes[1] ?? [];
  const [, byCursor] = routes[2] ?? [];
  if (packages === undefined || byCursor === undefined) throw new Error("no packages route");
  const deepCursor = await cursorAt(db, "", DEPTH_ID);
  const countStar = (repo: string) => async () =>
    Number((await db.query<{ n: string }>(COUNT_STAR, ["demo", repo]))[0]?.n);
  const rows = (repo: string) => (slice: PageSlice) =>
    db.query(ROWS, ["demo", repo, slice.limit, slice.offset]);
  const exact = listing((repo) => ({ count: countStar(repo), items: rows(repo) }));
  const countless = listing((repo) => ({ items: rows(repo) }));
  const lastOffset = Math.floor((BIG - 1) / PAGE) * PAGE;
  const first = { page: 1, pageSize: PAGE, offset: 0 };
  const groups: [Task[], number][] = [
    [
      [
        ["counter table, 10,000, page 1", getter(packages, "small", `page_size=${PAGE}`)],
        ["counter table, 1,000,000, page 1", getter(packages, "big", `page_size=${PAGE}`)],
      ],
      FAST_ROUNDS,
    ],
    [
      [
        ["cursor, 1,000,000, first page", getter(byCursor, "big", `page_size=${PAGE}`)],
        [
          "cursor, 1,000,000, at 90% depth",
          getter(byCursor, "big", `page_size=${PAGE}&after=${deepCursor}`),
        ],
      ],
      FAST_ROUNDS,
    ],
    [
      [
        ["countless, 1,000,000, page 1", getter(countless, "big", `page_size=${PAGE}`)],
        ["bare rows + 1, 1,000,000, page 1", () => rows("big")({ ...first, limit: PAGE + 1 })],
        [
          "bare rows + 1, sent as JSON by hand",
          async () =>
            JSON.stringify((await rows("big")({ ...first, limit: PAGE + 1 })).slice(0, PAGE)),
        ],
      ],
      FAST_ROUNDS,
    ],
    [
      [
        ["COUNT(*) alongside, 10,000, page 1", getter(exact, "small", `page_size=${PAGE}`)],
        ["COUNT(*) alongside, 1,000,000, page 1", getter(exact, "big", `page_size=${PAGE}`)],
        ["COUNT(*) alone, 1,000,000", countStar("big")],
        ["rows alone, 1,000,000, page 1", () => rows("big")({ ...first, limit: PAGE })],
        [
          "counter table, 1,000,000, last page",
          getter(packages, "big", `page=${lastOffset / PAGE + 1}&page_size=${PAGE}`),
        ],
        [
          "counter table, 1,000,000, at 90% depth",
          getter(packages, "big", `page=${DEPTH_ID / PAGE + 1}&page_size=${PAGE}`),
        ],
      ],
      SLOW_ROUNDS,
    ],
  ];
  // A client's order: page 1 in each against the default, and a deep cursor page against its first.
  const sortedPage = (sort: string) => getter(packages, "big", `sort=${sort}&page_size=${PAGE}`);
  groups.push([
    [
      ["sorted, default order, 1,000,000, page 1", getter(packages, "big", `page_size=${PAGE}`)],
      ...SORTED_PAGES.map(
        (sort): Task => [`sorted by ${sort}, 1,000,000, page 1`, sortedPage(sort)],
      ),
    ],
    FAST_ROUNDS,
  ]);
  for (const sort of SORTED_CURSORS) {
    const token = await cursorAt(db, sort, DEPTH_ID);
    const query = `sort=${sort}&page_size=${PAGE}`;
    groups.push([
      [
        [`cursor sorted by ${sort}, first page`, getter(byCursor, "big", query)],
        [
          `cursor sorted by ${sort}, at 90% depth`,
          getter(byCursor, "big", `${query}&after=${token}`),
        ],
      ],
      FAST_ROUNDS,
    ]);
  }
  // Searches matching every row ("pkg"): capped counts stay flat as the table grows, COUNT(*) not.
  groups.push(
    [
      [
        ["search, capped count, 100,000, page 1", search(repository, "mid", "pkg")],
        ["search, capped count, 1,000,000, page 1", search(repository, "big", "pkg")],
      ],
      SLOW_ROUNDS * 4,
    ],
    [
      [
        ["search, exact COUNT(*), 100,000, page 1", search(exactSearch, "mid", "pkg")],
        ["search, exact COUNT(*), 1,000,000, page 1", search(exactSearch, "big", "pkg")],
      ],
      5,
    ],
    [
      [
        // pkg-99, pkg-990…999, pkg-9900…9999: 111 matches, page 4 holds the last 21.
        [
          "search, short last page (derived count)",
          getter(repository, "small", `query=pkg-99&page=4&page_size=${PAGE}`),
        ],
        [
          "its items query alone",
          () => store.search("demo", "small", { query: "pkg-99" }, 90, PAGE + 1),
        ],
      ],
      FAST_ROUNDS,
    ],
  );
  // A count and rows of like cost, so that running them alongside shows against one after the other.
  const deep = { page: 301, pageSize: PAGE, offset: 9_000, limit: PAGE };
  groups.push([
    [
      ["like cost: COUNT(*) of 10,000 alone", countStar("small")],
      ["like cost: rows at OFFSET 9,000 alone", () => rows("small")(deep)],
      [
        "like cost: both, one after the other",
        async () => [await countStar("small")(), await rows("small")(deep)],
      ],
      [
        "like cost: page 301 of 10,000, COUNT(*) run alongside",
        getter(exact, "small", `page=301&page_size=${PAGE}`),
      ],
    ],
    SLOW_ROUNDS * 10,
  ]);
  const tasks = groups.flatMap(([group]) => group);
  const ms = new Map<string, number>();
  for (const [group, rounds] of groups)
    for (const [k, v] of await measure(group, rounds)) ms.set(k, v);
  const at = (name: string) => ms.get(name) ?? Number.NaN;
  printTable([["task", "median ms"], ...tasks.map(([name]) => [name, at(name).toFixed(3)])]);
  console.log("\nGoals (issue):");
  const goal = (text: string, ratio: number, most: number) =>
    console.log(ceilingLine(text, ratio, most));
  goal(
    "page 1 of 1,000,000 vs of 10,000, counter table",
    at("counter table, 1,000,000, page 1") / at("counter table, 10,000, page 1"),
    1.5,
  );
  console.log(
    `  beside it, COUNT(*): page 1 of 1,000,000 vs of 10,000: ${times(at("COUNT(*) alongside, 1,000,000, page 1") / at("COUNT(*) alongside, 10,000, page 1"))}`,
  );
  goal(
    "count run alongside vs max(count, rows) alone, the count dominating",
    at("COUNT(*) alongside, 1,000,000, page 1") /
      Math.max(at("COUNT(*) alone, 1,000,000"), at("rows alone, 1,000,000, page 1")),
    1.1,
  );
  const slower = Math.max(
    at("like cost: COUNT(*) of 10,000 alone"),
    at("like cost: rows at OFFSET 9,000 alone"),
  );
  goal(
    "count run alongside vs max(count, rows) alone, of like cost",
    at("like cost: page 301 of 10,000, COUNT(*) run alongside") / slower,
    1.1,
  );
  console.log(
    `  beside it, the two one after the other vs max: ${times(at("like cost: both, one after the other") / slower)}`,
  );
  goal(
    "search page 1, capped count: 1,000,000 vs 100,000",
    at("search, capped count, 1,000,000, page 1") / at("search, capped count, 100,000, page 1"),
    1.5,
  );
  console.log(
    `  beside it, exact COUNT(*): 1,000,000 vs 100,000: ${times(at("search, exact COUNT(*), 1,000,000, page 1") / at("search, exact COUNT(*), 100,000, page 1"))}`,
  );
  goal(
    "short last page with a derived count vs its items query alone",
    at("search, short last page (derived count)") / at("its items query alone"),
    1.1,
  );
  goal(
    "cursor page at 90% depth vs the first, 1,000,000",
    at("cursor, 1,000,000, at 90% depth") / at("cursor, 1,000,000, first page"),
    1.5,
  );
  console.log(
    `  beside it, the OFFSET page at 90% depth vs the cursor page there: ${times(at("counter table, 1,000,000, at 90% depth") / at("cursor, 1,000,000, at 90% depth"))}`,
  );
  for (const sort of SORTED_PAGES) {
    goal(
      `page 1 sorted by ${sort} vs the default order, 1,000,000`,
      at(`sorted by ${sort}, 1,000,000, page 1`) / at("sorted, default order, 1,000,000, page 1"),
      1.5,
    );
  }
  for (const sort of SORTED_CURSORS) {
    goal(
      `cursor page at 90% depth vs the first, sorted by ${sort}, 1,000,000`,
      at(`cursor sorted by ${sort}, at 90% depth`) / at(`cursor sorted by ${sort}, first page`),
      1.5,
    );
  }
  goal(
    "countless page vs its bare query sent as JSON by hand",
    at("countless, 1,000,000, page 1") / at("bare rows + 1, sent as JSON by hand"),
    1.1,
  );
  console.log(
    `  beside it, vs the bare query alone (no JSON): ${times(at("countless, 1,000,000, page 1") / at("bare rows + 1, 1,000,000, page 1"))}`,
  );
  console.log(
    `  last page of 1,000,000 (OFFSET ${lastOffset}) vs page 1: ${times(at("counter table, 1,000,000, last page") / at("counter table, 1,000,000, page 1"))}; its plan:`,
  );
  const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ANALYZE ${ROWS}`, [
    "demo",
    "big",
    PAGE,
    lastOffset,
  ]);
  for (const row of plan) console.log(`    ${row["QUERY PLAN"]}`);
}

/**
 * A token for the page after the package at `depth` of demo/big in the order `sort` names, minted
 * with pagewise's public API: a cursor list of the same secret, sort option and filters (so the
 * token is bound to the same query and order), whose only page ends at that package.
 */
async function cursorAt(db: SqlClient, sort: string, depth: number): Promise<string> {
  // The cursor route's options that bind a token: its sort and its API version (v2).
  const minter = defineResource(
    {
      GET: cursorList({
        sort: PACKAGE_SORT,
        secret: CURSOR_SECRET,
        handler: async ({ sort: order }) => {
          const found = await db.query<{ created_at: Date }>(
            `SELECT id::int AS id, name, version, status, created_at FROM packages WHERE owner = 'demo' AND repo = 'big' ORDER BY ${order.sql()} OFFSET ${depth} LIMIT 2`,
            [],
          );
          // The API's JSON: created_at at its millisecond precision (the column's, timestamptz(3)).
          return {
            items: found.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
          };
        },
      }),
    },
    { version: { served: ["v2"] } },
  );
  const response = await handleResource(minter, {
    method: "GET",
    // The path getter() sends: tokens are bound to it.
    url: `/package/demo/big/packages/?${sort ? `sort=${sort}&` : ""}page_size=1`,
    header: () => undefined,
    pathParams: { owner: "demo", repo: "big" },
    native: null,
  });
  const token = /[?&]after=([^>&]+)>; rel="next"/.exec(response.headers.Link ?? "")?.[1];
  if (token === undefined) throw new Error(`no cursor minted (${response.status})`);
  return token;
}

/**
 * Walks `path` on a running server with pagewise's client (by next links, its page size kept on
 * every page: the spec's page links carry only the page); the packages walked and the
 * milliseconds it took.
 */
async function walkAll(origin: string, path: string): Promise<[number, number]> {
  const started = performance.now();
  let walked = 0;
  for await (const page of walkPages(`${origin}${path}`, { apiKey: KEY, pageSize: WALK_PAGE })) {
    walked += page.items.length;
  }
  return [walked, performance.now() - started];
}

/** Walks 200,000 packages through the example server (Fastify, PGlite) by page and by cursor. */
export async function walks(): Promise<void> {
  const started = performance.now();
  const server = await startFastify({
    host: "127.0.0.1",
    port: 0,
    apiKey: KEY,
    apiKeyIsDefault: false,
    seed: WALKED,
    cursorSecret: CURSOR_SECRET,
    store: { kind: "pglite" },
  });
  try {
    console.log(
      `
The example server (Fastify, PGlite on a thread of its own, HTTP on 127.0.0.1), SEED=${WALKED} in ${((performance.now() - started) / 1000).toFixed(1)} s: one walk each, pages of ${WALK_PAGE}`,
    );
    const [byCursor, cursorMs] = await walkAll(server.url, "/v2/package/demo/tools/");
    const [byPage, pageMs] = await walkAll(server.url, "/package/demo/tools/");
    if (byCursor !== WALKED || byPage !== WALKED)
      throw new Error("a walk missed or repeated packages");
    printTable([
      ["walk", "packages", "seconds"],
      ["by cursor (/v2/)", String(byCursor), (cursorMs / 1000).toFixed(1)],
      ["by page (OFFSET)", String(byPage), (pageMs / 1000).toFixed(1)],
    ]);
    const ratio = pageMs / cursorMs;
    console.log(
      `  walk of ${WALKED.toLocaleString("en-US")}: cursor faster than pages by ${times(ratio)} (goal ≥ 5.00x)  ${ratio >= 5 ? "MET" : "MISSED"}`,
    );
  } finally {
    await server.close();
  }
}

/** Runs the suite on PGlite, then on a throwaway PostgreSQL cluster when one can be started. */
export async function run(): Promise<void> {
  console.log(
    `pages of ${PAGE} through handleResource; medians of ${FAST_ROUNDS} rounds (sub-millisecond tasks) or ${SLOW_ROUNDS} (the rest), tasks in turn`,
  );
  const lite = await pgliteClient();
  try {
    await suite(
      "PGlite (on a thread of its own, one connection: its queries run one at a time)",
      lite,
      (sql) => lite.exec(sql),
    );
  } finally {
    await lite.close().catch(() => undefined);
  }
  await walks();
  if (postgresBin() === undefined) {
    console.log("\nPostgreSQL server: not installed (apt-get install postgresql), skipped");
    return;
  }
  const cluster = await startCluster();
  try {
    const url = await freshDatabase(cluster.url);
    const server = await postgresClient(url);
    try {
      await suite("PostgreSQL 15 server on 127.0.0.1 (pg pool of 10)", server, (sql) =>
        loadWithoutTimeout(url, sql),
      );
      await overNetwork(url);
    } finally {
      await server.close().catch(() => undefined);
    }
  } finally {
    cluster.remove();
  }
}

/**
 * A count and rows of like cost (as in the suite) on the same server reached through a proxy
 * that holds each chunk `NETWORK_MS` each way: a database across a network, where a page's time
 * is mostly waiting, which running the count alongside can overlap.
 */
export async function overNetwork(url: string): Promise<void> {
  const proxy = await latencyProxy(new URL(url), NETWORK_MS);
  const via = new URL(url);
  via.port = String(proxy.port);
  const db = await postgresClient(via.href);
  try {
    const countStar = async () =>
      Number((await db.query<{ n: string }>(COUNT_STAR, ["demo", "small"]))[0]?.n);
    const rows = (slice: PageSlice) => db.query(ROWS, ["demo", "small", slice.limit, slice.offset]);
    const deep = { page: 301, pageSize: PAGE, offset: 9_000, limit: PAGE };
    const exact = listing(() => ({ count: countStar, items: rows }));
    const ms = await measure(
      [
        ["COUNT(*) of 10,000 alone", countStar],
        ["rows at OFFSET 9,000 alone", () => rows(deep)],
        ["both, one after the other", async () => [await countStar(), await rows(deep)]],
        [
          "page 301 of 10,000, COUNT(*) run alongside",
          getter(exact, "small", `page=301&page_size=${PAGE}`),
        ],
      ],
      SLOW_ROUNDS * 10,
    );
    const at = (name: string) => ms.get(name) ?? Number.NaN;
    console.log(
      `\nThe same server through a proxy holding each chunk ${NETWORK_MS} ms each way (a database across a network):`,
    );
    printTable([["task", "median ms"], ...[...ms].map(([name, v]) => [name, v.toFixed(3)])]);
    const slower = Math.max(at("COUNT(*) of 10,000 alone"), at("rows at OFFSET 9,000 alone"));
    console.log(
      ceilingLine(
        "count run alongside vs max(count, rows) alone, of like cost, over the network",
        at("page 301 of 10,000, COUNT(*) run alongside") / slower,
        1.1,
      ),
    );
    console.log(
      `  beside it, the two one after the other vs max: ${times(at("both, one after the other") / slower)}`,
    );
  } finally {
    await db.close();
    await proxy.close();
  }
}

/** Runs a script on its own connection, without the pool's statement timeout (a bulk load). */
async function loadWithoutTimeout(url: string, sql: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
