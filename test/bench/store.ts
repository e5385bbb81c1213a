/**
 * Store suite: the example's package store serving a page of 30 from a repository of 1,000,000
 * packages, first page against last, and a status filter that 99% of the packages do not match.
 * The goal: the time a page takes does not grow with the page number or with the number
 * of non-matching packages (per-status indexes, no filter-then-slice).
 * @packageDocumentation
 */
import { Bench, type FnReturnedObject } from "tinybench";
import { MemoryStore as PackageStore } from "../../examples/package-store/stores/memory-store.js";
import type { Status } from "../../examples/package-store/stores/package-store.js";
import { type Figures, figures, goalLine, ops, printTable, times } from "./report.js";

const SIZE = 1_000_000;
const PAGE = 30;
const BATCH = 100;

/** 1,000,000 packages in demo/big: 1% `failed`, the rest spread over the other statuses. */
function fill(): PackageStore {
  const store = new PackageStore();
  const others: Status[] = ["awaiting_sync", "sync_in_progress", "completed", "quarantined"];
  const batch = Array.from({ length: SIZE }, (_, i) => ({
    name: `pkg-${i}`,
    version: "1.0.0",
    status: i % 100 === 0 ? ("failed" as const) : (others[i % 4] as Status),
  }));
  store.create("demo", "big", batch);
  return store;
}

let sink = 0;

const tasks = (store: PackageStore): [string, () => void][] => {
  const lastAll = Math.floor((SIZE - 1) / PAGE) * PAGE;
  const failed = store.count("demo", "big", "failed");
  const lastFailed = Math.floor((failed - 1) / PAGE) * PAGE;
  return [
    ["all, page 1", () => (sink += store.page("demo", "big", undefined, 0, PAGE).length)],
    ["all, last page", () => (sink += store.page("demo", "big", undefined, lastAll, PAGE).length)],
    ["failed (1%), page 1", () => (sink += store.page("demo", "big", "failed", 0, PAGE).length)],
    [
      "failed (1%), last page",
      () => (sink += store.page("demo", "big", "failed", lastFailed, PAGE).length),
    ],
  ];
};

function batched(fn: () => void): () => FnReturnedObject {
  return () => {
    const start = performance.now();
    for (let i = 0; i < BATCH; i++) fn();
    const elapsed = performance.now() - start;
    return { overriddenDuration: elapsed / BATCH, overriddenIterationCost: elapsed };
  };
}

/** Fills the store, times the four page reads in one tinybench run, and prints the ratios. */
export async function run(): Promise<void> {
  const store = fill();
  console.log(
    `${SIZE.toLocaleString("en-US")} packages, pages of ${PAGE}; tinybench, ${BATCH} reads per sample`,
  );
  const bench = new Bench({ name: "store", time: 400, warmupTime: 100, throws: true });
  for (const [name, fn] of tasks(store)) bench.add(name, batched(fn));
  await bench.run();
  const f = Object.fromEntries(bench.tasks.map((t) => [t.name, figures(t)])) as Record<
    string,
    Figures
  >;
  const base = f["all, page 1"] as Figures;
  printTable([
    ["read", "ops/s", "±rme", "vs all, page 1"],
    ...Object.entries(f).map(([name, x]) => [
      name,
      ops(x.hz),
      `±${x.rme.toFixed(2)}%`,
      times(x.hz / base.hz),
    ]),
  ]);
  console.log("\nGoals (issue):");
  const goal = (label: string, a: Figures, b: Figures) => {
    const ratio = a.hz / b.hz;
    const error = (a.rme + b.rme) / 100;
    console.log(goalLine(label, ratio, 0.5, [ratio * (1 - error), ratio * (1 + error)]));
  };
  goal(
    "last page ≥ 0.5x of page 1 (no growth with the page number)",
    f["all, last page"] as Figures,
    base,
  );
  goal(
    "filtered last page ≥ 0.5x of unfiltered page 1 (no growth with non-matching packages)",
    f["failed (1%), last page"] as Figures,
    base,
  );
  if (sink === 0) throw new Error("store bench sink stayed empty");
}
