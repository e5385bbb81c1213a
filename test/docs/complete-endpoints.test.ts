/**
 * "A complete list endpoint" of docs/drizzle.md (Express 5, Drizzle, PGlite), docs/kysely.md
 * (Hono, Kysely, SQLite) and docs/prisma.md (Express 5, Prisma, SQLite) runs as written: the snippet is taken from the document, run by
 * `node --import tsx` (tsconfig.json maps `pagewise` to the sources) over a database holding a
 * `packages` table, and asked over HTTP: the status, the `Link` and `X-Pagination-*` headers and
 * the body of pages by number, filtered, and walked by cursor, and a 400 problem. The snippets
 * compile under the strictest options in test/doc-snippets.test.ts.
 */
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, snippets } from "../support/markdown-snippets.js";
import { type ServerProcess, startServerProcess } from "../support/server-process.js";

/**
 * A project of the user's: its package.json, its node_modules (the project's), and a tsconfig.json
 * naming `pagewise` the sources (tsx maps no path for a file inside node_modules).
 */
function userProject(): string {
  const folder = mkdtempSync(join(tmpdir(), "pagewise-endpoint-"));
  writeFileSync(join(folder, "package.json"), '{ "type": "module" }\n');
  symlinkSync(join(ROOT, "node_modules"), join(folder, "node_modules"), "dir");
  const paths = {
    pagewise: [join(ROOT, "src/index.ts")],
    "pagewise/adapter": [join(ROOT, "src/adapters/index.ts")],
    "pagewise/*": [
      join(ROOT, "src/*/index.ts"),
      join(ROOT, "src/adapters/*/index.ts"),
      join(ROOT, "src/builders/*/index.ts"),
    ],
  };
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify({ compilerOptions: { paths } }));
  return folder;
}
const SECRET = "a cursor secret of thirty-two characters";

/** A package as the test inserts it. */
interface Row {
  readonly id: number;
  readonly owner: string;
  readonly name: string;
  readonly status: "active" | "archived";
  /** The microseconds past 2026-01-01 10:00:00. */
  readonly micros: number;
}

const ROWS: readonly Row[] = [
  { id: 1, owner: "ada", name: "delta", status: "active", micros: 1 },
  { id: 2, owner: "ada", name: "alpha", status: "archived", micros: 2 },
  { id: 3, owner: "ada", name: "charlie", status: "active", micros: 3 },
  { id: 4, owner: "ada", name: "bravo", status: "active", micros: 4 },
  { id: 5, owner: "ada", name: "echo", status: "archived", micros: 5 },
  { id: 6, owner: "bob", name: "alpha", status: "active", micros: 6 },
];
const stamp = (row: Row) => `2026-01-01 10:00:00.${String(row.micros).padStart(6, "0")}`;
const byId = (id: number) => ROWS.find((row) => row.id === id) as Row;
/** A row's time for docs/prisma.md's model, a millisecond for each of the others' microseconds. */
const prismaStamp = (row: Row) =>
  `2026-01-01T10:00:00.${String(row.micros).padStart(3, "0")}+00:00`;
/** The client of docs/prisma.md's model (test/builders/prisma/generate-clients.ts). */
const PRISMA_CLIENT = join(ROOT, "test/builders/prisma/generated/docs");

/** How a document's endpoint is run: its database, made in `folder`, and a row as answered. */
interface Endpoint {
  readonly document: string;
  readonly database: (folder: string) => Promise<Record<string, string>>;
  readonly answered: (row: Row) => Record<string, unknown>;
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    document: "docs/drizzle.md",
    database: async (folder) => {
      const dir = join(folder, "pgdata");
      const pg = new PGlite(dir);
      await pg.exec(`CREATE TABLE packages (id bigint PRIMARY KEY, owner text NOT NULL,
        name text NOT NULL, status text NOT NULL, created_at timestamp(6) NOT NULL)`);
      for (const row of ROWS) {
        await pg.query("INSERT INTO packages VALUES ($1, $2, $3, $4, $5)", [
          row.id,
          row.owner,
          row.name,
          row.status,
          stamp(row),
        ]);
      }
      await pg.close();
      return { PGDATA: dir };
    },
    // Drizzle's timestamp is a Date (milliseconds, UTC); the bigint a safe integer, a number.
    answered: (row) => ({
      id: row.id,
      owner: row.owner,
      name: row.name,
      status: row.status,
      createdAt: "2026-01-01T10:00:00.000Z",
    }),
  },
  {
    document: "docs/kysely.md",
    database: async (folder) => {
      const file = join(folder, "store.db");
      const sqlite = new Database(file);
      sqlite.exec(`CREATE TABLE packages (id INTEGER PRIMARY KEY, owner TEXT NOT NULL,
        name TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL)`);
      const insert = sqlite.prepare("INSERT INTO packages VALUES (?, ?, ?, ?, ?)");
      for (const row of ROWS) insert.run(row.id, row.owner, row.name, row.status, stamp(row));
      sqlite.close();
      return { DATABASE_FILE: file };
    },
    answered: (row) => ({
      id: row.id,
      owner: row.owner,
      name: row.name,
      status: row.status,
      created_at: stamp(row),
    }),
  },
  {
    document: "docs/prisma.md",
    database: async (folder) => {
      // The client `prisma generate` made, where the endpoint imports it.
      mkdirSync(join(folder, "generated"));
      symlinkSync(PRISMA_CLIENT, join(folder, "generated/prisma"), "dir");
      const file = join(folder, "store.db");
      const sqlite = new Database(file);
      sqlite.exec(`CREATE TABLE packages (id INTEGER PRIMARY KEY, owner TEXT NOT NULL,
        name TEXT NOT NULL, status TEXT NOT NULL, created_at DATETIME NOT NULL)`);
      const insert = sqlite.prepare("INSERT INTO packages VALUES (?, ?, ?, ?, ?)");
      // A DateTime as Prisma's SQLite adapter writes it: ISO 8601, to the millisecond.
      for (const row of ROWS) insert.run(row.id, row.owner, row.name, row.status, prismaStamp(row));
      sqlite.close();
      return { DATABASE_FILE: file };
    },
    // Prisma's DateTime is a Date (milliseconds, UTC); its Int a number.
    answered: (row) => ({
      id: row.id,
      owner: row.owner,
      name: row.name,
      status: row.status,
      createdAt: prismaStamp(row).replace("+00:00", "Z"),
    }),
  },
];

/** The endpoint's code: the one snippet under "A complete list endpoint". */
function endpointCode(document: string): string {
  const found = snippets(document).filter((s) => s.section === "A complete list endpoint");
  expect(found.map((s) => s.checked)).toStrictEqual([true]);
  return (found[0] as { code: string }).code;
}

/** The headers a page's answer is read by: its type, its links, its pagination. */
function pageHeaders(response: Response): Record<string, string> {
  return Object.fromEntries(
    [...response.headers].filter(
      ([name]) => name === "content-type" || name === "link" || name.startsWith("x-pagination-"),
    ),
  );
}

/** The `next` link's target (a path and query: the links are relative). */
function nextLink(response: Response): string {
  return /<([^>]*)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1] ?? "";
}

describe.each(ENDPOINTS)(
  "$document's complete list endpoint",
  ({ document, database, answered }) => {
    let folder: string | undefined;
    let server: ServerProcess | undefined;
    let origin: string;
    const get = (target: string) => fetch(`${origin}${target}`);
    const rows = (...ids: number[]) => ids.map((id) => answered(byId(id)));

    beforeAll(async () => {
      folder = userProject();
      writeFileSync(join(folder, "server.ts"), endpointCode(document));
      const env = await database(folder);
      server = startServerProcess(["--import", "tsx", join(folder, "server.ts")], {
        ...env,
        TSX_TSCONFIG_PATH: join(folder, "tsconfig.json"),
        PORT: "0",
        CURSOR_SECRET: SECRET,
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

    it("answers a page by number: its rows, links and counts", async () => {
      const response = await get("/packages/ada/?sort=name&page_size=2&page=2");
      expect(response.status).toBe(200);
      const self = (page: number) => `/packages/ada/?sort=name&page=${page}&page_size=2`;
      expect(pageHeaders(response)).toStrictEqual({
        "content-type": "application/json",
        link: `<${self(1)}>; rel="first", <${self(1)}>; rel="prev", <${self(3)}>; rel="next", <${self(3)}>; rel="last"`,
        "x-pagination-count": "5",
        "x-pagination-page": "2",
        "x-pagination-pagesize": "2",
        "x-pagination-pagetotal": "3",
      });
      expect(await response.json()).toStrictEqual(rows(3, 1));
    });

    it("answers the list filtered by the schema's parameter, in the default order", async () => {
      const response = await get("/packages/ada/?status=archived");
      expect(response.status).toBe(200);
      expect(response.headers.get("x-pagination-count")).toBe("2");
      expect(await response.json()).toStrictEqual(rows(5, 2));
    });

    it("walks the cursor feed by its next links, newest first, to its end", async () => {
      const pages: unknown[] = [];
      let target = "/packages/ada/feed/?page_size=2";
      for (;;) {
        const response = await get(target);
        expect(response.status).toBe(200);
        expect(response.headers.get("x-pagination-pagesize")).toBe("2");
        pages.push(await response.json());
        if (!/rel="next"/.test(response.headers.get("link") ?? "")) break;
        target = nextLink(response);
        expect(target).toMatch(/^\/packages\/ada\/feed\/\?page_size=2&after=[\w.-]+$/);
      }
      expect(pages).toStrictEqual([rows(5, 4), rows(3, 2), rows(1)]);
    });

    it("answers an order it does not offer with a 400 problem", async () => {
      const response = await get("/packages/ada/?sort=status");
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toMatchObject({ status: 400, code: "invalid_sort" });
    });
  },
);
