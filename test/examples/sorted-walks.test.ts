/**
 * The example's lists in the order a client chose, on every store: walks by page (both page
 * routes, filtered and not) and by cursor give every package once, in the order an oracle that
 * knows nothing of pagewise sorts them, ties (one batch shares its creation time; names, versions
 * and statuses repeat) broken by id; a cursor walk under concurrent writes gives every package
 * that stayed exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFetch } from "../../examples/package-store/serve-fetch.js";
import type { Started } from "../../examples/package-store/started.js";
import type { Package } from "../../examples/package-store/stores/package-store.js";
import { walkItems } from "../../src/client/index.js";
import { exampleConfig } from "../support/example-config.js";
import { call } from "../support/http-call.js";
import { freshStore, STORE_KINDS } from "../support/stores.js";

const KEY = "sort-key";
const key = { "x-api-key": KEY };
const config = exampleConfig(KEY, { seed: 0, cursorSecret: "q".repeat(32) });
const nextOf = (link: string | undefined) => /<([^>]*)>; rel="next"/.exec(link ?? "")?.[1];

/** Packages in the order `sort` names: each field its way, then id the last field's way. */
function oracle(packages: readonly Package[], sort: string): Package[] {
  const terms = (sort || "created_at")
    .split(",")
    .map((w) => [w.replace(/^-/, "") as keyof Package, w.startsWith("-") ? -1 : 1] as const);
  terms.push(["id", terms.at(-1)?.[1] ?? 1]);
  return [...packages].sort((a, b) => {
    for (const [field, way] of terms) {
      if (a[field] !== b[field]) return a[field] < b[field] ? -way : way;
    }
    return 0;
  });
}

const ORDERS = [
  "",
  "name",
  "-name",
  "-created_at",
  "version,-created_at",
  "status,-created_at",
  "-status,name",
  "-version,-status,name",
];

describe.each(STORE_KINDS)("sorted walks, %s store", (kind) => {
  let server: Started;
  let origin = "";
  const all: Package[] = [];
  beforeAll(async () => {
    server = await startFetch({ ...config, store: await freshStore(kind) });
    origin = server.url;
    // Three batches: a batch shares its creation time on the SQL stores (one transaction).
    for (const batch of [0, 1, 2]) {
      const body = Array.from({ length: 20 }, (_, i) => ({
        name: `pkg-${"ecabd"[(i * 7 + batch) % 5]}`,
        version: `1.${(i + batch) % 4}`,
        status: (["failed", "completed", "awaiting_sync"] as const)[(i + batch) % 3],
      }));
      const created = await call(origin, {
        method: "POST",
        path: "/package/s/r/",
        headers: { ...key, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(created.status).toBe(201);
      all.push(...(created.body as Package[]));
      await new Promise((resolve) => setTimeout(resolve, 5)); // another millisecond
    }
  });
  afterAll(() => server.close());

  /**
   * Every package a walk by page from `path` gives, in order: pagewise's walker, which follows
   * next links and keeps the page size (an exactly counted list's links leave it out, as the
   * spec's do).
   */
  async function walkByPage(path: string): Promise<Package[]> {
    const rows: Package[] = [];
    for await (const row of walkItems<Package>(origin + path, { headers: key })) rows.push(row);
    return rows;
  }

  /** Every package a walk by next links as given from `path` gives, in order. */
  async function walk(path: string): Promise<Package[]> {
    const rows: Package[] = [];
    for (let next: string | undefined = path; next !== undefined; ) {
      const answer = await call(origin, { path: next, headers: key });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      rows.push(...(answer.body as Package[]));
      next = nextOf(answer.headers.link);
    }
    return rows;
  }
  const query = (sort: string) => (sort ? `sort=${encodeURIComponent(sort)}&` : "");

  it.each(ORDERS)(
    "by page, sort=%j: every package once, in order, on both page routes",
    async (sort) => {
      const expected = oracle(all, sort).map((p) => p.id);
      for (const route of ["/package/s/r/", "/package/s/r/packages/"]) {
        const rows = await walkByPage(`${route}?${query(sort)}page_size=7`);
        expect(rows.map((p) => p.id)).toStrictEqual(expected);
      }
      const failed = await walkByPage(`/package/s/r/?status=failed&${query(sort)}page_size=4`);
      expect(failed.map((p) => p.id)).toStrictEqual(
        oracle(
          all.filter((p) => p.status === "failed"),
          sort,
        ).map((p) => p.id),
      );
      const search = await walkByPage(`/package/s/r/?query=PKG-A&${query(sort)}page_size=5`);
      expect(search.map((p) => p.id)).toStrictEqual(
        oracle(
          all.filter((p) => p.name === "pkg-a"),
          sort,
        ).map((p) => p.id),
      );
    },
  );

  it.each(ORDERS)(
    "by cursor, sort=%j: every package once, in order, filtered or not",
    async (sort) => {
      const rows = await walk(`/v2/package/s/r/?${query(sort)}page_size=7`);
      expect(rows.map((p) => p.id)).toStrictEqual(oracle(all, sort).map((p) => p.id));
      const failed = await walk(`/v2/package/s/r/?status=failed&${query(sort)}page_size=4`);
      expect(failed.map((p) => p.id)).toStrictEqual(
        oracle(
          all.filter((p) => p.status === "failed"),
          sort,
        ).map((p) => p.id),
      );
    },
  );

  it.each(["name", "status,-created_at", "-version,name"])(
    "by cursor under concurrent writes, sort=%j: every package that stayed, once",
    async (sort) => {
      const repo = `w${sort.replace(/\W/g, "")}`;
      const post = (body: unknown) =>
        call(origin, {
          method: "POST",
          path: `/package/s/${repo}/`,
          headers: { ...key, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const stable = (
        await post(
          Array.from({ length: 40 }, (_, i) => ({
            name: `s-${i % 6}`,
            version: `${i % 3}`,
            status: "completed",
          })),
        )
      ).body as Package[];
      const seen: number[] = [];
      let round = 0;
      for (
        let next: string | undefined =
          `/v2/package/s/${repo}/?sort=${encodeURIComponent(sort)}&page_size=6`;
        next !== undefined;
        round++
      ) {
        const answer = await call(origin, { path: next, headers: key });
        expect(answer.status).toBe(200);
        seen.push(...(answer.body as Package[]).map((p) => p.id));
        next = nextOf(answer.headers.link);
        // Others write between pages: a batch deleted, another created, around every name.
        await call(origin, {
          method: "DELETE",
          path: `/package/s/${repo}/`,
          headers: { ...key, "content-type": "application/json" },
          body: '{"status":"failed"}',
        });
        await post(
          Array.from({ length: 6 }, (_, i) => ({
            name: `s-${i}`,
            version: `${round % 3}`,
            status: "failed",
          })),
        );
      }
      expect(new Set(seen).size).toBe(seen.length);
      const stableIds = new Set(stable.map((p) => p.id));
      expect(seen.filter((id) => stableIds.has(id))).toStrictEqual(
        oracle(stable, sort).map((p) => p.id),
      );
    },
  );
});
