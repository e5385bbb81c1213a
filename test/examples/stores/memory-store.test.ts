import { describe, expect, it } from "vitest";
import { MemoryStore as PackageStore } from "../../../examples/package-store/stores/memory-store.js";
import { demoPackages, type Status } from "../../../examples/package-store/stores/package-store.js";

const names = (packages: readonly { name: string }[]) => packages.map((p) => p.name);

describe("PackageStore", () => {
  const filled = () => {
    const store = new PackageStore();
    store.create("demo", "tools", demoPackages(12));
    return store;
  };

  it("keeps creation order, ids and times", () => {
    const created = filled().page("demo", "tools", undefined, 0, 3);
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
  ])("pages %s", (_name, status, offset, limit, expected) => {
    expect(names(filled().page("demo", "tools", status, offset, limit))).toStrictEqual(expected);
  });

  it("counts by status and leaves unknown repositories empty", () => {
    const store = filled();
    expect([
      store.count("demo", "tools"),
      store.count("demo", "tools", "completed"),
      store.count("x", "y"),
    ]).toStrictEqual([12, 2, 0]);
    expect(store.page("x", "y", undefined, 0, 10)).toStrictEqual([]);
  });

  it("deletes exactly the packages of one status", () => {
    const store = filled();
    expect(store.deleteByStatus("demo", "tools", "completed")).toBe(2);
    expect(store.deleteByStatus("demo", "tools", "completed")).toBe(0);
    expect(store.deleteByStatus("nobody", "nothing", "failed")).toBe(0);
    expect([
      store.count("demo", "tools"),
      store.count("demo", "tools", "completed"),
      store.size(),
    ]).toStrictEqual([10, 0, 10]);
    expect(names(store.page("demo", "tools", undefined, 0, 4))).toStrictEqual([
      "pkg-001",
      "pkg-002",
      "pkg-004",
      "pkg-005",
    ]);
    store.create("demo", "tools", [{ name: "new", version: "1", status: "completed" }]);
    expect(names(store.page("demo", "tools", "completed", 0, 5))).toStrictEqual(["new"]);
  });

  it("keeps owner and repo apart even when names hold a slash", () => {
    const store = new PackageStore();
    store.create("a/b", "c", [{ name: "one", version: "1" }]);
    store.create("a", "b/c", [{ name: "two", version: "1" }]);
    expect([
      names(store.page("a/b", "c", undefined, 0, 5)),
      names(store.page("a", "b/c", undefined, 0, 5)),
    ]).toStrictEqual([["one"], ["two"]]);
  });
});
