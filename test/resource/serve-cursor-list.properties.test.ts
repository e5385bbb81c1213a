/**
 * Cursor walks through the resource pipeline, on a list in memory (pagewise orders and slices it)
 * and in PostgreSQL (PGlite: the keyset query): for data with most sort values tied, NULLs,
 * timestamps with microseconds and ids beyond 2^53, forward, backward and mixed walks give every
 * row exactly once, in the order an independent oracle sorts them.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteClient, type SqlClient } from "../../examples/package-store/stores/sql-client.js";
import { handleResource } from "../../src/adapters/index.js";
import type { SortColumn } from "../../src/cursor/index.js";
import { type CursorQuery, cursorList, defineResource } from "../../src/index.js";
import { freshPgliteDir } from "../support/pglite-template.js";

interface Row {
  readonly id: string;
  readonly ts: string | null;
  readonly grp: number | null;
}
type Way = { direction: "asc" | "desc"; nulls?: "first" | "last" };

const SECRET = "walk-secret-walk-secret-walk-secret";
const BASE_ID = 2n ** 53n - 3n;
/** Microseconds into a timestamp's text, fixed width (so text order is time order in memory). */
const timestamp = (micros: number) =>
  `2026-11-23 10:00:0${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, "0")}+00`;

let db: SqlClient;
beforeAll(async () => {
  db = await pgliteClient(await freshPgliteDir());
  await db.exec("CREATE TABLE w (id bigint PRIMARY KEY, ts timestamptz, grp int)");
}, 30_000);
afterAll(() => db.close());

/** The order an oracle that knows nothing of pagewise gives: values compared as what they mean. */
function oracle(rows: readonly Row[], spec: readonly SortColumn[]): Row[] {
  const value = (row: Row, name: string) =>
    name === "id" ? BigInt(row.id) : name === "ts" ? micros(row.ts) : row.grp;
  return [...rows].sort((a, b) => {
    for (const { name, direction = "asc", nulls } of spec) {
      const x = value(a, name);
      const y = value(b, name);
      if (x === y) continue;
      const nullsFirst = (nulls ?? (direction === "asc" ? "last" : "first")) === "first";
      if (x === null || y === null) return (x === null) === nullsFirst ? -1 : 1;
      const order = x < y ? -1 : 1;
      return direction === "asc" ? order : -order;
    }
    return 0;
  });
}
const micros = (ts: string | null) =>
  ts === null ? null : Number(ts.slice(18, 19)) * 1e6 + Number(ts.slice(20, 26));

/** A cursor page's rows from PGlite: the keyset query in the request's order. */
async function fromSql(cursor: CursorQuery): Promise<Row[]> {
  const { where, orderBy, limit, values } = cursor.sql(2);
  // Selected as text under other names: ORDER BY would sort by an output column named "ts".
  const found = await db.query<{ id_text: string; ts_text: string | null; grp: number | null }>(
    `SELECT id::text AS id_text, ts::text AS ts_text, grp FROM w WHERE ${where} ORDER BY ${orderBy} LIMIT $1`,
    [limit, ...values],
  );
  return found.map((r) => ({ id: r.id_text, ts: r.ts_text, grp: r.grp }));
}

/** The resource over the rows: in memory (the whole list) or in PGlite (the keyset query). */
function listOf(store: "memory" | "pglite", rows: readonly Row[], spec: readonly SortColumn[]) {
  const names = spec.map((c) => c.name);
  return defineResource({
    GET: cursorList({
      order: spec,
      secret: SECRET,
      valuesOf: (row: Row) => names.map((name) => row[name as keyof Row]),
      handler: () => (store === "memory" ? [...rows] : { items: fromSql }),
    }),
  });
}

async function page(resource: ReturnType<typeof listOf>, url: string) {
  const answer = await handleResource(resource, {
    method: "GET",
    url,
    header: () => undefined,
    native: null,
  });
  expect(answer.status).toBe(200);
  const link = (rel: string) =>
    new RegExp(`<([^>]*)>; rel="${rel}"`).exec(answer.headers.Link ?? "")?.[1];
  return {
    ids: (JSON.parse(answer.body as string) as Row[]).map((r) => r.id),
    next: link("next"),
    prev: link("prev"),
  };
}

const row = fc.record({
  ts: fc.option(fc.constantFrom(5, 5_000_001, 5_000_010, 9_999_999).map(timestamp), {
    nil: null,
    freq: 3,
  }),
  grp: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null, freq: 3 }),
});
const way = fc.record(
  {
    direction: fc.constantFrom("asc" as const, "desc" as const),
    nulls: fc.constantFrom("first" as const, "last" as const),
  },
  { requiredKeys: ["direction"] },
);
const order = fc
  .tuple(fc.constantFrom(["ts"], ["grp"], ["ts", "grp"], ["grp", "ts"]), way, way, way)
  .map(([names, a, b, idWay]): SortColumn[] => [
    ...names.map((name, i): SortColumn => ({ name, nullable: true, ...((i ? b : a) as Way) })),
    { name: "id", type: "bigint", direction: idWay.direction },
  ]);

describe.each(["memory", "pglite"] as const)("cursor walks on %s", (store) => {
  it("forward to the end, back to the start, and any mix: each row once, in order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 0, maxLength: 24 }),
        order,
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        async (data, spec, size, moves) => {
          const rows: Row[] = data.map((r, i) => ({ ...r, id: String(BASE_ID + BigInt(i * 3)) }));
          if (store === "pglite") {
            await db.exec("DELETE FROM w");
            for (const r of rows)
              await db.query("INSERT INTO w VALUES ($1, $2, $3)", [r.id, r.ts, r.grp]);
          }
          const resource = listOf(store, rows, spec);
          const expected = oracle(rows, spec).map((r) => r.id);
          // Forward: every row once, in order, pages of `size`.
          const pages: Awaited<ReturnType<typeof page>>[] = [];
          let url: string | undefined = `/w/?page_size=${size}`;
          while (url !== undefined) {
            const current = await page(resource, url);
            pages.push(current);
            url = current.next;
          }
          expect(pages.flatMap((p) => p.ids)).toStrictEqual(expected);
          // Backward from the last page: the same pages, each in order.
          const back: string[][] = [(pages.at(-1) as (typeof pages)[number]).ids];
          url = pages.at(-1)?.prev;
          while (url !== undefined) {
            const current = await page(resource, url);
            back.unshift(current.ids);
            url = current.prev;
          }
          expect(back.flat()).toStrictEqual(expected);
          // Mixed: each step's page is the window right after (or before) the last one.
          let at = await page(resource, `/w/?page_size=${size}`);
          let start = 0;
          for (const forward of moves) {
            const target = forward ? at.next : at.prev;
            if (target === undefined) continue;
            const moved = await page(resource, target);
            start = forward ? start + at.ids.length : Math.max(0, start - size);
            const end = forward ? start + size : start + moved.ids.length;
            // Links exactly where rows lie beyond the page.
            expect([moved.ids, moved.prev !== undefined, moved.next !== undefined]).toStrictEqual([
              expected.slice(start, end),
              start > 0,
              end < expected.length,
            ]);
            at = moved;
          }
        },
      ),
      { numRuns: store === "memory" ? 150 : 40 },
    );
  }, 120_000);
});

/** A list offering `ts` (NULLs last ascending) and `grp` (NULLs first ascending), ties by `id`. */
function sortedListOf(store: "memory" | "pglite", rows: readonly Row[]) {
  return defineResource({
    GET: cursorList({
      sort: {
        fields: { ts: { nullable: true }, grp: { nullable: true, nulls: "first" } },
        tieBreaker: { column: "id", type: "bigint" },
      },
      secret: SECRET,
      handler: () => (store === "memory" ? [...rows] : { items: fromSql }),
    }),
  });
}

/** The order a sort text names, as the oracle takes it: NULLs where each field puts them. */
function specOf(sort: string): SortColumn[] {
  const ascendingNulls: Record<string, "first" | "last"> = { ts: "last", grp: "first" };
  const flip = { first: "last", last: "first" } as const;
  const spec = sort
    .split(",")
    .filter((word) => word !== "")
    .map((word): SortColumn => {
      const name = word.replace(/^-/, "");
      const desc = word.startsWith("-");
      const nulls = ascendingNulls[name] as "first" | "last";
      return { name, direction: desc ? "desc" : "asc", nulls: desc ? flip[nulls] : nulls };
    });
  return [...spec, { name: "id", direction: spec.at(-1)?.direction ?? "asc" }];
}

describe.each(["memory", "pglite"] as const)(
  "cursor walks in the order the client chose, on %s",
  (store) => {
    const sort = fc
      .subarray(["ts", "grp"])
      .chain((names) => fc.shuffledSubarray(names, { minLength: names.length }))
      .chain((names) =>
        fc
          .array(fc.boolean(), { minLength: names.length, maxLength: names.length })
          .map((desc) => names.map((n, i) => (desc[i] ? `-${n}` : n)).join(",")),
      );

    it("forward to the end and back to the start: each row once, in the order asked; tokens keep it", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(row, { minLength: 0, maxLength: 24 }),
          sort,
          fc.integer({ min: 1, max: 4 }),
          async (data, text, size) => {
            const rows: Row[] = data.map((r, i) => ({ ...r, id: String(BASE_ID + BigInt(i * 3)) }));
            if (store === "pglite") {
              await db.exec("DELETE FROM w");
              for (const r of rows)
                await db.query("INSERT INTO w VALUES ($1, $2, $3)", [r.id, r.ts, r.grp]);
            }
            const resource = sortedListOf(store, rows);
            const expected = oracle(rows, specOf(text)).map((r) => r.id);
            const pages: Awaited<ReturnType<typeof page>>[] = [];
            let url: string | undefined = `/w/?sort=${encodeURIComponent(text)}&page_size=${size}`;
            while (url !== undefined) {
              const current = await page(resource, url);
              pages.push(current);
              url = current.next;
            }
            expect(pages.flatMap((p) => p.ids)).toStrictEqual(expected);
            const back: string[][] = [(pages.at(-1) as (typeof pages)[number]).ids];
            for (url = pages.at(-1)?.prev; url !== undefined; ) {
              const current = await page(resource, url);
              back.unshift(current.ids);
              url = current.prev;
            }
            expect(back.flat()).toStrictEqual(expected);
          },
        ),
        { numRuns: store === "memory" ? 150 : 40 },
      );
    }, 120_000);
  },
);
