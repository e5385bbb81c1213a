/**
 * Walks of lists that lose or gain many rows at once under them (issue 36: a `DELETE` of every
 * failed package while a walk of pages of 3 had written 100 rows lost rows that stayed, exit 0):
 * the outside review's case, one a row, and a property (fast-check) over page lists with a count,
 * countless lists and cursor lists, at concurrency 1 and 4, with bulk deletes and bulk inserts
 * anywhere in the list at random points of the walk: every row present from start to end is
 * written exactly once, no row twice, and every row written existed.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fetchHandler } from "../../src/adapters/fetch/index.js";
import { PaginationError, walkPages } from "../../src/client/index.js";
import { cursorList, defineResource, list } from "../../src/index.js";

/** A row: its id (unique) and its place in the list's order (ties broken by the id). */
type Row = { readonly id: number; readonly pos: number; readonly status: string };
type Mode = "page" | "countless" | "cursor";

const SECRET = "a-secret-of-thirty-two-characters-at-least";

/** The rows' list, served by pagewise in `mode`, read at each request. */
function handlerOf(rows: readonly Row[], mode: Mode) {
  if (mode === "cursor") {
    return cursorList({
      order: [{ name: "pos" }, { name: "id" }],
      secret: SECRET,
      handler: () => [...rows],
    });
  }
  return list({
    handler: (() => ({
      ...(mode === "page" ? { count: rows.length } : {}),
      items: ({ offset, limit }: { offset: number; limit: number }) =>
        rows.slice(offset, offset + limit),
    })) as never,
  });
}

/** A fetch of the list; `asked(url)` runs as each request arrives, before it is served. */
function serverOver(rows: readonly Row[], mode: Mode, asked: (url: URL) => void = () => {}) {
  const serve = fetchHandler(defineResource({ GET: handlerOf(rows, mode) }));
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    asked(url);
    return serve(new Request(url));
  }) as typeof fetch;
}

/** Rows with ids 1..n, in id order, every other one `failed`. */
const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, pos: i + 1, status: i % 2 ? "failed" : "ok" }));

/** Removes the rows `gone` picks, in place; their ids. */
function removeWhere(rows: Row[], gone: (row: Row, index: number) => boolean): number[] {
  const removed: number[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as Row;
    if (gone(row, i)) {
      removed.push(row.id);
      rows.splice(i, 1);
    }
  }
  return removed;
}

/** Inserts `row` where its place puts it (the rows are kept in (pos, id) order). */
function insertRow(rows: Row[], row: Row): void {
  const at = rows.findIndex((other) => other.pos > row.pos);
  rows.splice(at < 0 ? rows.length : at, 0, row);
}

/** What a walk wrote, and how it ended. */
async function walkAll(
  start: string,
  fetcher: typeof fetch,
  concurrency: number,
  each: (written: number) => void,
) {
  const written: number[] = [];
  let error: unknown;
  try {
    for await (const page of walkPages<Row>(start, { fetch: fetcher, concurrency })) {
      written.push(...page.items.map((row) => row.id));
      if (written.length > 100_000) throw new Error("the walk does not end");
      each(written.length);
    }
  } catch (caught) {
    error = caught;
  }
  return { written, error };
}

/** The ids of `stayed` not written, and the ids written twice. */
const tally = (stayed: readonly number[], written: readonly number[]) => {
  const counts = new Map<number, number>();
  for (const id of written) counts.set(id, (counts.get(id) ?? 0) + 1);
  return {
    missing: stayed.filter((id) => !counts.has(id)),
    repeated: [...counts].filter(([, n]) => n > 1).map(([id]) => id),
  };
};
const CLEAN = { missing: [], repeated: [] };

describe("a walk under a bulk delete: the outside review's case", () => {
  it.each<[Mode, number, number]>([
    ["page", 1, 20],
    ["page", 1, 60],
    ["page", 1, 100],
    ["page", 1, 140],
    ["page", 1, 180],
    ["page", 4, 180],
    ["countless", 1, 100],
    ["countless", 1, 180],
    ["countless", 4, 140],
    ["cursor", 1, 180],
    ["cursor", 4, 100],
  ])(
    "600 rows in pages of 3 (%s list, concurrency %i), every failed one deleted once %i are written: the 300 that stayed, each once",
    async (mode, concurrency, after) => {
      const rows = rowsOf(600);
      const fetcher = serverOver(rows, mode);
      let deleted = 0;
      const { written, error } = await walkAll(
        "http://api.test/items/?page_size=3",
        fetcher,
        concurrency,
        (count) => {
          if (deleted === 0 && count >= after) {
            deleted = removeWhere(rows, (row) => row.status === "failed").length;
          }
        },
      );
      const stayed = rowsOf(600)
        .filter((row) => row.status === "ok")
        .map((row) => row.id);
      expect([error, deleted, tally(stayed, written)]).toStrictEqual([undefined, 300, CLEAN]);
    },
  );

  it.each<[number, number, number]>([
    [1, 1, 75],
    [4, 3, 75],
    [1, 2, 61],
    [4, 1, 90],
  ])(
    "a page list at concurrency %i: every failed one deleted at request 60, %i created at the top at request %i, while the walk reads pages back: the 300 that stayed, each once",
    async (concurrency, created, at) => {
      const rows = rowsOf(600);
      let requests = 0;
      const fetcher = serverOver(rows, "page", () => {
        requests += 1;
        if (requests === 60) removeWhere(rows, (row) => row.status === "failed");
        if (requests === at) {
          rows.unshift(
            ...Array.from({ length: created }, (_, i) => ({ id: 1000 + i, pos: 0, status: "new" })),
          );
        }
      });
      const { written, error } = await walkAll(
        "http://api.test/items/?page_size=3",
        fetcher,
        concurrency,
        () => {},
      );
      const stayed = rowsOf(600)
        .filter((row) => row.status === "ok")
        .map((row) => row.id);
      expect([error, tally(stayed, written)]).toStrictEqual([undefined, CLEAN]);
    },
  );

  it("a list that lost more rows before the page than the walk remembers: an error, list_moved_too_far, not rows lost in silence", async () => {
    const rows = rowsOf(45_000);
    const fetcher = serverOver(rows, "page");
    let round = 0;
    const { written, error } = await walkAll(
      "http://api.test/items/?page_size=500",
      fetcher,
      1,
      () => {
        // After 42 pages (21,000 rows written), the first 21,000 rows go.
        if (++round === 42) rows.splice(0, 21_000);
      },
    );
    expect([
      written.length,
      error instanceof PaginationError && error.code,
      (error as Error).message,
    ]).toStrictEqual([
      21_000,
      "list_moved_too_far",
      "The list lost more than 20000 rows before this page during the walk, more than the walk remembers: walk it again from the start",
    ]);
  });
});

describe("walks under bulk deletes and inserts: a property (fast-check)", () => {
  type Change =
    | { readonly kind: "every"; readonly step: number; readonly offset: number }
    | { readonly kind: "range"; readonly from: number; readonly length: number }
    | { readonly kind: "insert"; readonly places: readonly number[] };
  const changeArb: fc.Arbitrary<Change> = fc.oneof(
    fc.record({
      kind: fc.constant("every" as const),
      step: fc.integer({ min: 2, max: 5 }),
      offset: fc.integer({ min: 0, max: 4 }),
    }),
    fc.record({
      kind: fc.constant("range" as const),
      from: fc.double({ min: 0, max: 0.999, noNaN: true }),
      length: fc.integer({ min: 1, max: 150 }),
    }),
    fc.record({
      kind: fc.constant("insert" as const),
      places: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
        minLength: 1,
        maxLength: 80,
      }),
    }),
  );
  const caseArb = (anyRequest: boolean) =>
    fc.record({
      size: fc.integer({ min: 0, max: 300 }),
      pageSize: fc.integer({ min: 1, max: 12 }),
      /** Each change, and the page it comes at (as that page is asked for, or after it is written). */
      changes: fc.array(fc.record({ page: fc.integer({ min: 0, max: 40 }), change: changeArb }), {
        maxLength: 4,
      }),
      when: fc.constantFrom<When>(
        "as a page is asked for",
        "after a page is written",
        ...(anyRequest ? (["at any request"] as const) : []),
      ),
    });

  /**
   * When the list changes: as a page further than any before is asked for (in cursor mode, each
   * page), after the caller has a page, or as any request arrives (a page read again, an edge
   * row: a page list and a cursor list, not a countless one, whose walk cannot see a change made
   * while it reads pages back, docs/client.md).
   */
  type When = "as a page is asked for" | "after a page is written" | "at any request";

  /** Applies a change to the list; the ids it removed. */
  const apply = (rows: Row[], change: Change, fresh: () => number): number[] => {
    if (change.kind === "every") {
      return removeWhere(rows, (row) => row.id % change.step === change.offset % change.step);
    }
    if (change.kind === "range") {
      const from = Math.floor(change.from * rows.length);
      return removeWhere(rows, (_row, i) => i >= from && i < from + change.length);
    }
    const last = rows.at(-1)?.pos ?? 1;
    for (const place of change.places) {
      insertRow(rows, { id: fresh(), pos: place * (last + 1), status: "new" });
    }
    return [];
  };

  const totals = { walks: 0, stayed: 0, written: 0 };
  afterAll(() => {
    if (process.env["PAGEWISE_TALLY"] !== undefined) console.log("walks under deletes:", totals);
  });

  it.each<[Mode, number, boolean]>([
    ["page", 1, true],
    ["page", 4, true],
    ["countless", 1, false],
    ["countless", 4, false],
    ["cursor", 1, true],
    ["cursor", 4, true],
  ])(
    "%s list, concurrency %i (changes at any request: %s): every row present from start to end written exactly once, no row twice, every row written existed",
    async (mode, concurrency, anyRequest) => {
      await fc.assert(
        fc.asyncProperty(caseArb(anyRequest), async (c) => {
          const rows = rowsOf(c.size);
          const created = new Set(rows.map((row) => row.id));
          const removed = new Set<number>();
          let fresh = 100_000;
          const pending = [...c.changes].sort((a, b) => a.page - b.page);
          const changeUpTo = (page: number) => {
            while (pending.length > 0 && (pending[0]?.page ?? 0) <= page) {
              const { change } = pending.shift() as (typeof pending)[number];
              for (const id of apply(rows, change, () => ++fresh)) removed.add(id);
              for (const row of rows) created.add(row.id);
            }
          };
          let furthest = 0;
          let yielded = 0;
          // As each page further than any before is asked for (not an edge row, not a page read
          // again): in cursor mode, each page asked for.
          const fetcher = serverOver(rows, mode, (url) => {
            const edge = url.searchParams.get("page_size") === "1" && c.pageSize > 1;
            const page = Number(url.searchParams.get("page") ?? furthest + 1);
            if (c.when === "at any request") changeUpTo(page);
            if (c.when === "as a page is asked for" && !edge && page > furthest) {
              furthest = page;
              changeUpTo(page - 1);
            }
          });
          const { written, error } = await walkAll(
            `http://api.test/items/?page_size=${c.pageSize}`,
            fetcher,
            concurrency,
            () => {
              if (c.when === "after a page is written") changeUpTo(yielded++);
            },
          );
          const stayed = rowsOf(c.size)
            .map((row) => row.id)
            .filter((id) => !removed.has(id));
          totals.walks += 1;
          totals.stayed += stayed.length;
          totals.written += written.length;
          expect([
            error,
            tally(stayed, written),
            written.filter((id) => !created.has(id)),
          ]).toStrictEqual([undefined, CLEAN, []]);
        }),
        { numRuns: 150 },
      );
    },
    60_000,
  );
});
