/**
 * The store suite: every store (memory, PGlite and SQLite in `npm test`, a PostgreSQL server in
 * `npm run test:postgres`, MariaDB in `npm run test:mariadb`) keeps the same contract.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { StoreConfig } from "../../../examples/package-store/config.js";
import { openStore } from "../../../examples/package-store/stores/open-store.js";
import {
  demoPackages,
  PACKAGE_SORT,
  type Package,
  type PackageOrder,
  type PackageStore,
  type SearchFilter,
  STATUSES,
  type Status,
} from "../../../examples/package-store/stores/package-store.js";
import { cursorQuery } from "../../../src/cursor/cursor-query.js";
import { sortColumns } from "../../../src/cursor/index.js";
import { listPage } from "../../../src/resource/list-page.js";
import { sortSettings } from "../../../src/sort/sort-option.js";
import { readSort } from "../../../src/sort/sort-param.js";
import { freshPgliteDir } from "../../support/pglite-template.js";
import { freshStore, STORE_KINDS } from "../../support/stores.js";

const names = (packages: readonly { name: string }[]) => packages.map((p) => p.name);

/** A search of owner "s" as pagewise serves it (overflow "empty"): the names, and the count or its bound. */
async function searched(
  store: PackageStore,
  repo: string,
  filter: SearchFilter,
  page: number,
  pageSize: number,
  cap: number,
): Promise<[string[], number | { atLeast: number }]> {
  const result = store.searchPage("s", repo, filter, undefined, cap);
  const served = await listPage(result, { page, pageSize }, {});
  const rows = served.rows as Package[];
  const count = served.page.count ?? { atLeast: served.page.countAtLeast as number };
  return [names(rows), count];
}

describe.each(STORE_KINDS)("the %s store", (kind) => {
  const opened: PackageStore[] = [];
  // PGlite from a copy of an empty data folder: a store a test, opened in a quarter of the time
  // PGlite takes to start in memory (1.1 s, not 4.2 s, on a loaded 2-core machine).
  const fresh = async (): Promise<StoreConfig> =>
    kind === "pglite" ? { kind, dataDir: await freshPgliteDir() } : freshStore(kind);
  const empty = async () => {
    const store = await openStore(await fresh());
    opened.push(store);
    return store;
  };
  const filled = async () => {
    const store = await empty();
    await store.create("demo", "tools", demoPackages(12));
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it("names its kind", async () => {
    expect((await empty()).kind).toBe(kind);
  });

  it("keeps creation order, ids and times", async () => {
    const created = await (await filled()).page("demo", "tools", undefined, 0, 3);
    expect(created.map(({ id, name, status }) => [id, name, status])).toStrictEqual([
      [1, "pkg-001", "awaiting_sync"],
      [2, "pkg-002", "sync_in_progress"],
      [3, "pkg-003", "completed"],
    ]);
    expect(created[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each<[string, Status | undefined, number, number, string[]]>([
    ["all, first page", undefined, 0, 5, ["pkg-001", "pkg-002", "pkg-003", "pkg-004", "pkg-005"]],
    ["all, last partial page", undefined, 10, 5, ["pkg-011", "pkg-012"]],
    ["failed only", "failed", 0, 5, ["pkg-004", "pkg-009"]],
    ["awaiting_sync, second page of 2", "awaiting_sync", 2, 2, ["pkg-011"]],
    ["past the end", undefined, 50, 5, []],
  ])("pages %s", async (_name, status, offset, limit, expected) => {
    const store = await filled();
    expect(names(await store.page("demo", "tools", status, offset, limit))).toStrictEqual(expected);
  });

  it.each<[string, Status | undefined, number, number, number, string[]]>([
    [
      "all, page 2 of 5",
      undefined,
      5,
      5,
      12,
      ["pkg-006", "pkg-007", "pkg-008", "pkg-009", "pkg-010"],
    ],
    ["failed", "failed", 0, 5, 2, ["pkg-004", "pkg-009"]],
    ["past the end: the count, no rows", undefined, 50, 5, 12, []],
  ])("lists %s with its count", async (_name, status, offset, limit, count, expected) => {
    const { count: total, rows } = await (await filled()).list(
      "demo",
      "tools",
      status,
      offset,
      limit,
    );
    expect([total, names(rows)]).toStrictEqual([count, expected]);
  });

  // biome-ignore format: one case a line
  it.each<[string, Status | undefined, "after" | "before" | undefined, number | undefined, number, [number, number[]]]>([
    ["the first page", undefined, undefined, undefined, 3, [12, [1, 2, 3]]],
    ["after 4", undefined, "after", 4, 3, [12, [5, 6, 7]]],
    ["after the last", undefined, "after", 12, 3, [12, []]],
    ["before 4, nearest first", undefined, "before", 4, 5, [12, [3, 2, 1]]],
    ["before a deleted id (4 failed, then gone)", "awaiting_sync", "before", 4, 5, [3, [1]]],
    ["failed after 4", "failed", "after", 4, 3, [2, [9]]],
    ["failed after an id of another status", "failed", "after", 5, 3, [2, [9]]],
    ["failed before 9", "failed", "before", 9, 3, [2, [4]]],
  ])("lists by cursor: %s, with the count", async (_name, status, side, id, limit, expected) => {
    const cursor = cursorQuery(sortColumns([{ name: "id" }]), side, id === undefined ? undefined : [id], limit - 1);
    const { count, rows } = await (await filled()).keyset("demo", "tools", status, cursor);
    expect([count, rows.map((p) => p.id)]).toStrictEqual(expected);
  });

  // status,-created_at: awaiting_sync 11 6 1, completed 8 3, failed 9 4, quarantined 10 5,
  // sync_in_progress 12 7 2 (one batch: one created_at). A page within the cursor's status comes
  // from its own range alone on the SQL stores; one that runs into the next status, from all.
  // biome-ignore format: one case a line
  it.each<[string, "after" | "before", number, number, number[]]>([
    ["within the cursor's status", "after", 11, 1, [6, 1]],
    ["into the next status", "after", 6, 2, [1, 8, 3]],
    ["from a status's last into the next", "after", 1, 2, [8, 3, 9]],
    ["before, within the cursor's status", "before", 2, 1, [7, 12]],
    ["before, into the previous status", "before", 3, 2, [8, 1, 6]],
    ["after the last: none", "after", 2, 2, []],
  ])("lists by cursor in a mixed order (status,-created_at): %s", async (_name, side, id, pageSize, expected) => {
    const store = await filled();
    const order = readSort(sortSettings(PACKAGE_SORT), "status,-created_at") as NonNullable<PackageOrder>;
    const at = (await store.page("demo", "tools", undefined, id - 1, 1))[0] as Package;
    const cursor = cursorQuery(order.terms, side, [at.status, at.created_at, at.id], pageSize);
    const { count, rows } = await store.keyset("demo", "tools", undefined, cursor, order);
    expect([count, rows.map((p) => p.id)]).toStrictEqual([12, expected]);
  });

  it("lists an unknown repository as 0 and no rows", async () => {
    expect(await (await filled()).list("x", "y", undefined, 0, 5)).toStrictEqual({
      count: 0,
      rows: [],
    });
  });

  it("counts by status and leaves unknown repositories empty", async () => {
    const store = await filled();
    expect([
      await store.count("demo", "tools"),
      await store.count("demo", "tools", "completed"),
      await store.count("x", "y"),
    ]).toStrictEqual([12, 2, 0]);
    expect(await store.page("x", "y", undefined, 0, 10)).toStrictEqual([]);
  });

  it("deletes exactly the packages of one status", async () => {
    const store = await filled();
    expect(await store.deleteByStatus("demo", "tools", "completed")).toBe(2);
    expect(await store.deleteByStatus("demo", "tools", "completed")).toBe(0);
    expect(await store.deleteByStatus("nobody", "nothing", "failed")).toBe(0);
    expect([
      await store.count("demo", "tools"),
      await store.count("demo", "tools", "completed"),
      await store.size(),
    ]).toStrictEqual([10, 0, 10]);
    expect(names(await store.page("demo", "tools", undefined, 0, 4))).toStrictEqual([
      "pkg-001",
      "pkg-002",
      "pkg-004",
      "pkg-005",
    ]);
    await store.create("demo", "tools", [{ name: "new", version: "1", status: "completed" }]);
    expect(names(await store.page("demo", "tools", "completed", 0, 5))).toStrictEqual(["new"]);
  });

  it("keeps owner and repo apart even when names hold a slash", async () => {
    const store = await empty();
    await store.create("a/b", "c", [{ name: "one", version: "1" }]);
    await store.create("a", "b/c", [{ name: "two", version: "1" }]);
    expect([
      names(await store.page("a/b", "c", undefined, 0, 5)),
      names(await store.page("a", "b/c", undefined, 0, 5)),
    ]).toStrictEqual([["one"], ["two"]]);
  });

  it.each([
    "o'reilly",
    'quote"d',
    "x'); DROP TABLE packages; --",
    "100%_off",
    "back\\slash",
    "ümlaut ✓",
    "$1",
  ])("stores and finds %j literally, and nothing else", async (text) => {
    const store = await empty();
    await store.create(text, text, [{ name: text, version: text }]);
    await store.create("other", "repo", [{ name: "x", version: "1" }]);
    const [found] = await store.page(text, text, undefined, 0, 5);
    expect([
      found?.name,
      found?.version,
      await store.count(text, text),
      await store.size(),
    ]).toStrictEqual([text, text, 1, 2]);
  });

  describe("search", () => {
    const names = [
      "o'reilly",
      "100%_off",
      "a_b",
      "aXb",
      "back\\slash",
      'quote"d',
      "ÜMLAUT",
      "ümlaut",
      "MiXeD",
      "x'); DROP TABLE packages; --",
    ];
    it.each<[string, string[]]>([
      ["%", ["100%_off"]],
      ["_", ["100%_off", "a_b"]],
      ["a_b", ["a_b"]],
      ["A_B", ["a_b"]],
      ["\\", ["back\\slash"]],
      ["\\s", ["back\\slash"]],
      ["'", ["o'reilly", "x'); DROP TABLE packages; --"]],
      ['"', ['quote"d']],
      ["mixed", ["MiXeD"]],
      ["ümlaut", ["ümlaut"]],
      ["DROP TABLE", ["x'); DROP TABLE packages; --"]],
      ["", names],
    ])(
      "finds %j literally, ASCII letters in either case, and nothing else",
      async (query, found) => {
        const store = await empty();
        await store.create(
          "s",
          "r",
          names.map((name) => ({ name, version: "1" })),
        );
        await store.create(
          "other",
          "r",
          names.map((name) => ({ name, version: "1" })),
        );
        expect(await searched(store, "r", { query }, 1, 100, 0)).toStrictEqual([
          found,
          found.length,
        ]);
      },
    );

    // biome-ignore format: one case a line
    it.each<[string, SearchFilter, string, number, number, number, [string[], number | { atLeast: number }]]>([
      ["page 3, either case", { query: "PKG-0" }, "s", 3, 5, 0, [["pkg-011", "pkg-012", "pkg-013", "pkg-014", "pkg-015"], 40]],
      ["by status", { query: "pkg", status: "failed" }, "s", 1, 100, 0, [["pkg-004", "pkg-009", "pkg-014", "pkg-019", "pkg-024", "pkg-029", "pkg-034", "pkg-039"], 8]],
      ["capped at 10 of 40", { query: "pkg" }, "s", 1, 2, 10, [["pkg-001", "pkg-002"], { atLeast: 11 }]],
      ["capped at 100 of 8", { query: "pkg", status: "failed" }, "s", 2, 5, 100, [["pkg-029", "pkg-034", "pkg-039"], 8]],
      ["past the end, capped", { query: "pkg" }, "s", 20, 5, 10, [[], { atLeast: 11 }]],
      ["an unknown repository", { query: "pkg" }, "nothing", 1, 5, 10, [[], 0]],
    ])("pages matches in creation order: %s", async (_name, filter, repo, page, pageSize, cap, expected) => {
      const store = await empty();
      await store.create("s", "s", demoPackages(40));
      expect(await searched(store, repo, filter, page, pageSize, cap)).toStrictEqual(expected);
    });
  });

  it("never deadlocks on concurrent bulk creates of mixed statuses", async () => {
    const store = await empty();
    const mixed = (size: number, shift: number) =>
      demoPackages(size).map((p, i) => ({ ...p, status: STATUSES[(i * 7 + shift) % 5] }));
    let created = 0;
    for (let round = 0; round < 25; round++) {
      const batches = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.create("m", "r", mixed(i % 2 ? 50 : 5, i + round)),
        ),
      );
      created += batches.flat().length;
    }
    expect([await store.count("m", "r"), created]).toStrictEqual([5500, 5500]);
  });

  it("keeps counts exact under concurrent creates and deletes", async () => {
    const store = await empty();
    const statuses: Status[] = ["awaiting_sync", "failed"];
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.create(
          "c",
          "r",
          demoPackages(25).map((p) => ({ ...p, status: statuses[i % 2] })),
        ),
      ),
    );
    const deleted = await Promise.all([
      store.deleteByStatus("c", "r", "failed"),
      store.create("c", "r", [{ name: "late", version: "1", status: "failed" }]),
    ]);
    const total = created.flat().length + 1 - (deleted[0] as number);
    expect([await store.count("c", "r"), await store.size()]).toStrictEqual([total, total]);
    expect(await store.count("c", "r", "failed")).toBe(
      (await store.page("c", "r", "failed", 0, 1000)).length,
    );
  });
});
