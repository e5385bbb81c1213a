/**
 * The seam between the walks and their repair, against a pagewise server: over a list that holds
 * still a step is one request and an arrival serves the page as it is; an edge check reads the row
 * before the page and fetches the page after meanwhile; a page gone past the end ends the walk.
 */
import { describe, expect, it } from "vitest";
import { fetchHandler } from "../../../src/adapters/fetch/index.js";
import type { ListChange, WalkOptions } from "../../../src/client/index.js";
import { createRepair } from "../../../src/client/repair/repair.js";
import { prepareWalk } from "../../../src/client/walk-context.js";
import { defineResource, list, type ResourceOptions } from "../../../src/index.js";

type Row = { readonly id: number };

/** A walk over `rows` (read at each request): the requests' queries and the changes reported. */
const walkOver = (
  rows: Row[],
  counted: boolean,
  options: WalkOptions<Row> = {},
  resourceOptions: ResourceOptions = {},
) => {
  const serve = fetchHandler(
    defineResource(
      {
        GET: list({
          handler: (() => ({
            ...(counted ? { count: rows.length } : {}),
            items: ({ offset, limit }: { offset: number; limit: number }) =>
              rows.slice(offset, offset + limit),
          })) as never,
        }),
      },
      resourceOptions,
    ),
  );
  const requests: string[] = [];
  const changes: ListChange[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    requests.push(url.search);
    return serve(new Request(url));
  }) as typeof fetch;
  const walkOptions: WalkOptions<Row> = {
    ...options,
    fetch: fetcher,
    onListChange: (change) => changes.push(change),
  };
  // As `walkPages` prepares a walk: its options, whatever the rows' type.
  const start = "http://api.test/items/?page_size=2";
  const walk = prepareWalk(start, walkOptions as WalkOptions, new AbortController().signal);
  return { walk, requests, changes, options: walkOptions };
};

const rowsOf = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));

/** Every page an arrival yields (read again), and what it returns. */
const arrive = async <T, R>(arrival: AsyncGenerator<T, R>) => {
  const again: T[] = [];
  for (;;) {
    const next = await arrival.next();
    if (next.done) return { again, arrived: next.value };
    again.push(next.value);
  }
};

describe("createRepair", () => {
  it.each([
    ["never", true],
    ["never", false],
    ["uncounted", true],
  ] as const)(
    "checkEdges %s, counted %s, a list that holds still: a step is one request, served as it is",
    async (checkEdges, counted) => {
      const { walk, requests, changes, options } = walkOver(rowsOf(6), counted, { checkEdges });
      const first = await walk.fetchPage<Row>(walk.startUrl);
      const repair = createRepair(walk, options, first);
      repair.noteRead(first);
      const next = "http://api.test/items/?page=2&page_size=2";
      const step = await repair.step(first, next, new Set([first.url, next]));
      expect(step.gone).toBe(false);
      expect(step.edge).toBeUndefined();
      expect(step.page.items).toStrictEqual([{ id: 3 }, { id: 4 }]);
      const { again, arrived } = await arrive(repair.arrive(first, step));
      expect(again).toStrictEqual([]);
      expect(arrived).toStrictEqual({
        served: step.page,
        from: step.page,
        showsMove: false,
        repeats: false,
      });
      expect(arrived?.served).toBe(step.page);
      expect(requests).toStrictEqual(["?page_size=2", "?page=2&page_size=2"]);
      expect(changes).toStrictEqual([]);
    },
  );

  it("an edge checked: the step reads the row before the page and fetches the page after; the next step takes it", async () => {
    const { walk, requests, changes, options } = walkOver(rowsOf(6), false);
    const first = await walk.fetchPage<Row>(walk.startUrl);
    const repair = createRepair(walk, options, first);
    repair.noteRead(first);
    const second = "http://api.test/items/?page=2&page_size=2";
    const third = "http://api.test/items/?page=3&page_size=2";
    const seen = new Set([first.url, second]);
    const step = await repair.step(first, second, seen);
    expect(step.edge).toStrictEqual({ key: "id:2" });
    const { arrived } = await arrive(repair.arrive(first, step));
    expect(arrived).toStrictEqual({
      served: step.page,
      from: step.page,
      showsMove: false,
      repeats: false,
    });
    seen.add(third);
    const after = await repair.step(step.page, third, seen);
    expect(after.page.items).toStrictEqual([{ id: 5 }, { id: 6 }]);
    expect(after.edge).toStrictEqual({ key: "id:4" });
    expect(requests).toStrictEqual([
      "?page_size=2",
      "?page=2&page_size=2",
      "?page=2&page_size=1",
      "?page=3&page_size=2",
      "?page=4&page_size=1",
    ]);
    expect(changes).toStrictEqual([]);
  });

  it("a page gone past the end: the pages before read again, the move reported, the walk ends", async () => {
    const rows = rowsOf(4);
    const { walk, requests, changes, options } = walkOver(
      rows,
      true,
      { checkEdges: "never" },
      { overflow: "error" },
    );
    const first = await walk.fetchPage<Row>(walk.startUrl);
    const repair = createRepair(walk, options, first);
    repair.noteRead(first);
    rows.splice(2); // rows 3 and 4 go: page 2 is past the end
    const next = "http://api.test/items/?page=2&page_size=2";
    const step = await repair.step(first, next, new Set([first.url, next]));
    expect(step.gone).toBe(true);
    expect(step.page.items).toStrictEqual([]);
    const { again, arrived } = await arrive(repair.arrive(first, step));
    expect(again).toStrictEqual([]);
    expect(arrived).toBeUndefined();
    expect(requests).toStrictEqual([
      "?page_size=2",
      "?page=2&page_size=2",
      "?page=2&page_size=2",
      "?page=1&page_size=2",
    ]);
    expect(changes).toStrictEqual([{ url: next }]);
  });
});
