/**
 * Walks while other clients write, on every store: a repository of stable packages (never
 * deleted) among churning ones (created and deleted by status). By cursor, every stable package
 * comes back exactly once and nothing twice; by page number, the same walk skips packages (a
 * delete before the walker's offset shifts the rest forward), unless pagewise's walker sees the
 * move (by the count, or by an edge check on a capped search) — the numbers docs/cursors.md quotes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFetch } from "../../examples/package-store/serve-fetch.js";
import type { Started } from "../../examples/package-store/started.js";
import { walkPages } from "../../src/client/index.js";
import { exampleConfig } from "../support/example-config.js";
import { call } from "../support/http-call.js";
import { freshStore, STORE_KINDS } from "../support/stores.js";

const KEY = "walk-key";
const key = { "x-api-key": KEY };
const config = exampleConfig(KEY, {
  seed: 0,
  cursorSecret: "w".repeat(32),
  countCap: 50, // a search of more matches gives X-Pagination-CountAtLeast, not the count
});
const nextOf = (link: string | undefined) => /<([^>]*)>; rel="next"/.exec(link ?? "")?.[1];

describe.each(STORE_KINDS)("walks under writes, %s store", (kind) => {
  let server: Started;
  let origin = "";
  beforeAll(async () => {
    server = await startFetch({ ...config, store: await freshStore(kind) });
    origin = server.url;
  });
  afterAll(() => server.close());

  const post = (repo: string, body: unknown) =>
    call(origin, {
      method: "POST",
      path: `/package/walk/${repo}/`,
      headers: { ...key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const churn = async (repo: string, round: number) => {
    await call(origin, {
      method: "DELETE",
      path: `/package/walk/${repo}/`,
      headers: { ...key, "content-type": "application/json" },
      body: '{"status":"failed"}',
    });
    await post(
      repo,
      Array.from({ length: 10 }, (_, i) => ({
        name: `c${round}-${i}`,
        version: "1",
        status: "failed",
      })),
    );
  };
  /** 300 packages, stable and churning in turn; the stable ones' names. */
  const layout = async (repo: string) => {
    const made = await post(
      repo,
      Array.from({ length: 300 }, (_, i) => ({
        name: `p${i}`,
        version: "1",
        status: i % 2 ? "failed" : "awaiting_sync",
      })),
    );
    expect(made.status).toBe(201);
    return Array.from({ length: 150 }, (_, i) => `p${i * 2}`);
  };
  /** Walks from `path` by next links, calling `between` after each page; the names seen. */
  const walk = async (path: string, between: (round: number) => Promise<void>) => {
    const seen: string[] = [];
    let next: string | undefined = path;
    for (let round = 0; next !== undefined; round++) {
      const page = await call(origin, { path: next, headers: key });
      expect(page.status).toBe(200);
      seen.push(...(page.body as { name: string }[]).map((p) => p.name));
      next = nextOf(page.headers.link);
      await between(round);
    }
    return seen;
  };
  const tally = (stable: readonly string[], seen: readonly string[]) => {
    const times = new Map<string, number>();
    for (const name of seen) times.set(name, (times.get(name) ?? 0) + 1);
    return {
      skipped: stable.filter((name) => !times.has(name)).length,
      repeated: [...times.values()].filter((n) => n > 1).length,
    };
  };

  it.each([
    ["by cursor", "/v2/package/walk/cursor/?page_size=20", "cursor", { skipped: 0, repeated: 0 }],
    ["by page", "/package/walk/pages/?page_size=20", "pages", { skipped: 20, repeated: 0 }],
    [
      "by page, a capped search",
      "/package/walk/search/?query=p&page_size=20",
      "search",
      { skipped: 10, repeated: 0 },
    ],
  ])("%s, a churn round after every page", async (_name, path, repo, expected) => {
    const stable = await layout(repo);
    const seen = await walk(path, (round) => churn(repo, round));
    expect(tally(stable, seen)).toStrictEqual(expected);
  });

  it("by page with pagewise's walker, a churn round after every page: it makes up for what moved", async () => {
    const stable = await layout("walker");
    const seen: string[] = [];
    const changes: [number, number][] = [];
    let round = 0;
    for await (const page of walkPages<{ name: string }>(
      `${origin}/package/walk/walker/?page_size=20`,
      {
        apiKey: KEY,
        onListChange: ({ count }) => changes.push([count?.from ?? 0, count?.to ?? 0]),
      },
    )) {
      seen.push(...page.items.map((p) => p.name));
      await churn("walker", round++);
    }
    expect([tally(stable, seen), changes[0]]).toStrictEqual([
      { skipped: 0, repeated: 0 },
      [300, 160],
    ]);
  });

  it("a capped search by page with pagewise's walker, a churn round after every page: its edge checks make up for what moved", async () => {
    const stable = await layout("capped");
    const seen: string[] = [];
    const changes: unknown[] = [];
    const bounds = new Set<number | undefined>();
    let round = 0;
    for await (const page of walkPages<{ name: string }>(
      `${origin}/package/walk/capped/?query=p&page_size=20`,
      { apiKey: KEY, onListChange: (change) => changes.push(change) },
    )) {
      seen.push(...page.items.map((p) => p.name));
      bounds.add(page.countAtLeast);
      await churn("capped", round++);
    }
    expect([tally(stable, seen), changes[0], bounds.has(51)]).toStrictEqual([
      { skipped: 0, repeated: 0 },
      { url: `${origin}/package/walk/capped/?query=p&page=2&page_size=20` },
      true,
    ]);
  });

  it("by cursor, with three writers at once: every stable package once, nothing twice", async () => {
    const stable = await layout("busy");
    let walking = true;
    const writer = async (id: number) => {
      for (let round = 0; walking; round++) await churn("busy", id * 1000 + round);
    };
    const writers = [writer(1), writer(2), writer(3)];
    const seen = await walk("/v2/package/walk/busy/?page_size=10", async () => {});
    walking = false;
    await Promise.all(writers);
    expect(tally(stable, seen)).toStrictEqual({ skipped: 0, repeated: 0 });
    expect(
      seen.filter((name) => name.startsWith("p") && Number(name.slice(1)) % 2 === 0),
    ).toStrictEqual(stable);
  });
});
