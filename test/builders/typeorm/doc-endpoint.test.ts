/**
 * "A complete list endpoint" of docs/typeorm.md (Fastify, TypeORM, SQLite) runs as written: the
 * snippet is taken from the document, run by `node --import tsx` (a tsconfig.json maps `pagewise`
 * to the sources) over a database holding `packages` and `versions`, and asked over HTTP: the
 * status, the `Link` and `X-Pagination-*` headers and the body of a page sorted by a version's
 * tag (whole packages, counted as packages), a page by number, a filtered list, a cursor walk,
 * and a 400 problem. The snippet compiles under the strictest options in test/doc-snippets.test.ts.
 */
import { once } from "node:events";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, snippets } from "../../support/markdown-snippets.js";
import { type ServerProcess, startServerProcess } from "../../support/server-process.js";

const PACKAGES = [
  [1, "ada", "delta", "active", 1],
  [2, "ada", "alpha", "archived", 2],
  [3, "ada", "charlie", "active", 3],
  [4, "ada", "bravo", "active", 4],
  [5, "ada", "echo", "archived", 5],
  [6, "bob", "alpha", "active", 6],
] as const;
const VERSIONS = [
  [1, 1, "b"],
  [2, 3, "a"],
  [3, 3, "c"],
  [4, 4, "d"],
  [5, 6, "z"],
] as const;

/** A package as the endpoint answers it: TypeORM's `Date` (milliseconds), its versions. */
const answered = (id: number) => {
  const [, owner, name, status] = PACKAGES.find((p) => p[0] === id) as (typeof PACKAGES)[number];
  const versions = VERSIONS.filter((v) => v[1] === id).map(([vid, , tag]) => ({ id: vid, tag }));
  return { id, owner, name, status, createdAt: "2026-01-01T10:00:00.000Z", versions };
};

/** The database file the endpoint reads, in `folder`. */
function database(folder: string): string {
  const file = join(folder, "store.db");
  const sqlite = new Database(file);
  sqlite.exec(`CREATE TABLE packages (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, name TEXT NOT NULL,
    status TEXT NOT NULL, created_at DATETIME(6) NOT NULL);
    CREATE TABLE versions (id INTEGER PRIMARY KEY, tag TEXT NOT NULL, package_id INTEGER)`);
  const insert = sqlite.prepare("INSERT INTO packages VALUES (?, ?, ?, ?, ?)");
  for (const [id, owner, name, status, micros] of PACKAGES)
    insert.run(id, owner, name, status, `2026-01-01 10:00:00.${String(micros).padStart(6, "0")}`);
  const version = sqlite.prepare("INSERT INTO versions VALUES (?, ?, ?)");
  for (const [id, packageId, tag] of VERSIONS) version.run(id, tag, packageId);
  sqlite.close();
  return file;
}

/** A project of the user's: its package.json, node_modules, and `pagewise` mapped to the sources. */
function userProject(): string {
  const folder = mkdtempSync(join(tmpdir(), "pagewise-typeorm-"));
  writeFileSync(join(folder, "package.json"), '{ "type": "module" }\n');
  symlinkSync(join(ROOT, "node_modules"), join(folder, "node_modules"), "dir");
  const paths = {
    pagewise: [join(ROOT, "src/index.ts")],
    "pagewise/*": [join(ROOT, "src/adapters/*/index.ts"), join(ROOT, "src/builders/*/index.ts")],
  };
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify({ compilerOptions: { paths } }));
  const found = snippets("docs/typeorm.md").filter((s) => s.section === "A complete list endpoint");
  expect(found.map((s) => s.checked)).toStrictEqual([true]);
  writeFileSync(join(folder, "server.ts"), (found[0] as { code: string }).code);
  return folder;
}

describe("docs/typeorm.md's complete list endpoint", () => {
  let folder: string | undefined;
  let server: ServerProcess | undefined;
  let origin: string;
  const get = (target: string) => fetch(`${origin}${target}`);
  const headers = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(
        ([name]) => name === "content-type" || name === "link" || name.startsWith("x-pagination-"),
      ),
    );

  beforeAll(async () => {
    folder = userProject();
    server = startServerProcess(["--import", "tsx", join(folder, "server.ts")], {
      DATABASE_FILE: database(folder),
      TSX_TSCONFIG_PATH: join(folder, "tsconfig.json"),
      PORT: "0",
      CURSOR_SECRET: "a cursor secret of thirty-two characters",
    });
    origin = await server.url;
  }, 60_000);

  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null) {
      const exited = once(server.child, "exit");
      server.child.kill();
      await exited;
    }
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it("answers a page sorted by a version's tag: whole packages, counted as packages", async () => {
    const response = await get("/packages/ada/?sort=-tag&page_size=2");
    const self = (page: number) => `/packages/ada/?sort=-tag&page=${page}&page_size=2`;
    expect([response.status, headers(response)]).toStrictEqual([
      200,
      {
        "content-type": "application/json",
        link: `<${self(1)}>; rel="first", <${self(2)}>; rel="next", <${self(3)}>; rel="last"`,
        "x-pagination-count": "5",
        "x-pagination-page": "1",
        "x-pagination-pagesize": "2",
        "x-pagination-pagetotal": "3",
      },
    ]);
    expect(await response.json()).toStrictEqual([answered(4), answered(3)]);
  });

  it("answers a page by number, and the list filtered by the schema's parameter", async () => {
    const page = await get("/packages/ada/?sort=name&page_size=2&page=2");
    expect([page.status, page.headers.get("x-pagination-count")]).toStrictEqual([200, "5"]);
    expect(await page.json()).toStrictEqual([answered(3), answered(1)]);
    const filtered = await get("/packages/ada/?status=archived");
    expect([filtered.status, filtered.headers.get("x-pagination-count")]).toStrictEqual([200, "2"]);
    expect(await filtered.json()).toStrictEqual([answered(5), answered(2)]);
  });

  it("walks the cursor feed by its next links, newest first, to its end", async () => {
    const pages: unknown[] = [];
    let target = "/packages/ada/feed/?page_size=2";
    for (;;) {
      const response = await get(target);
      expect(response.status).toBe(200);
      pages.push(await response.json());
      const next = /<([^>]*)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
      if (next === undefined) break;
      expect(next).toMatch(/^\/packages\/ada\/feed\/\?page_size=2&after=[\w.-]+$/);
      target = next;
    }
    const ids = [[5, 4], [3, 2], [1]];
    expect(pages).toStrictEqual(ids.map((page) => page.map(answered)));
  });

  it("answers an order it does not offer with a 400 problem", async () => {
    const response = await get("/packages/ada/?sort=status");
    expect([response.status, response.headers.get("content-type")]).toStrictEqual([
      400,
      "application/problem+json",
    ]);
    expect(await response.json()).toMatchObject({ status: 400, code: "invalid_sort" });
  });
});
