/**
 * "A complete list endpoint" of docs/nestjs.md compiles and runs as written: the snippet is taken
 * from the document, type-checked under the strictest options with `experimentalDecorators` (the
 * setting Nest's decorators need, which test/doc-snippets.test.ts does not have, so the fence is
 * marked `nocheck` there), run by `node --import tsx` in a folder of its own beside its
 * `store.db` (an SQLite `packages` table the test makes, read through the snippet's TypeORM
 * entity), and asked over HTTP: the feed walked by its `next` links newest first, a client's
 * order, the 400 of an order not offered, and its OpenAPI description at /docs-json (the entity
 * as the rows' schema).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, snippets } from "../support/markdown-snippets.js";
import { openApiErrors } from "../support/openapi-conformance.js";

const SECTION = "A complete list endpoint";
const [endpoint, ...others] = snippets("docs/nestjs.md").filter((s) => s.section === SECTION);
const code = endpoint?.code ?? "";

const paths = {
  pagewise: [join(ROOT, "src/index.ts")],
  "pagewise/*": [
    join(ROOT, "src/*/index.ts"),
    join(ROOT, "src/adapters/*/index.ts"),
    join(ROOT, "src/builders/*/index.ts"),
  ],
};

/** @tsconfig/strictest's options, as test/doc-snippets.test.ts compiles the docs, and Nest's. */
const compilerOptions = {
  target: "ES2022",
  lib: ["ES2022", "DOM"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noPropertyAccessFromIndexSignature: true,
  noFallthroughCasesInSwitch: true,
  allowUnusedLabels: false,
  allowUnreachableCode: false,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  types: ["node"],
  experimentalDecorators: true,
  paths,
};

/** A user's project: ESM, the project's node_modules, `pagewise` named the sources. */
function userProject(): string {
  const folder = mkdtempSync(join(tmpdir(), "pagewise-nestjs-"));
  writeFileSync(join(folder, "package.json"), '{ "type": "module" }\n');
  symlinkSync(join(ROOT, "node_modules"), join(folder, "node_modules"), "dir");
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify({ compilerOptions }));
  writeFileSync(join(folder, "server.ts"), code);
  return folder;
}

/** The diagnostics of the snippet, each at its line in the document. */
function diagnostics(folder: string): string[] {
  const config = ts.parseJsonConfigFileContent(
    { compilerOptions, files: ["server.ts"] },
    ts.sys,
    folder,
  );
  const program = ts.createProgram(config.fileNames, config.options);
  // The sources are the project's to check (npm run typecheck), under its own options.
  const own = (d: ts.Diagnostic) => d.file?.fileName === join(folder, "server.ts");
  return ts
    .getPreEmitDiagnostics(program)
    .filter(own)
    .map((diagnostic) => {
      const at = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      return `${(endpoint?.line ?? 0) + (at?.line ?? 0)}: TS${diagnostic.code} ${text}`;
    });
}

const SECRET = "a cursor secret of thirty-two characters";
/** Packages 1..5, each a microsecond newer than the one before; names out of id order. */
const NAMES = ["delta", "alpha", "echo", "bravo", "charlie"];
const row = (id: number) => ({
  id,
  name: NAMES[id - 1],
  created_at: `2026-01-01 10:00:00.00000${id}`,
});

let folder: string;
let server: ChildProcess | undefined;
let origin: string;

/** A port free now: the snippet listens on the one it is given, and prints nothing. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, "close");
  return port;
}

/** Resolves once `url` answers; rejects if the server exits first or within 60 s it does not. */
async function answering(url: string, child: ChildProcess): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    if (child.exitCode !== null) throw new Error(`the endpoint exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

beforeAll(async () => {
  folder = userProject();
  const file = join(folder, "store.db");
  const sqlite = new Database(file);
  sqlite.exec("CREATE TABLE packages (id INTEGER PRIMARY KEY, name TEXT, created_at TEXT)");
  const insert = sqlite.prepare("INSERT INTO packages VALUES (?, ?, ?)");
  for (const id of [1, 2, 3, 4, 5]) insert.run(...Object.values(row(id)));
  sqlite.close();
  const port = await freePort();
  const env = { TSX_TSCONFIG_PATH: join(folder, "tsconfig.json"), CURSOR_SECRET: SECRET };
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: folder,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: "ignore",
  });
  origin = `http://127.0.0.1:${port}`;
  await answering(`${origin}/docs-json`, server);
}, 60_000);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const exited = once(server, "exit");
    server.kill();
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

/** The `next` link's target, or undefined on the last page. */
const nextOf = (response: Response) =>
  /<([^>]*)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];

describe("docs/nestjs.md's complete list endpoint", () => {
  it("is one snippet, compiling under the strictest options with experimentalDecorators", () => {
    expect([endpoint?.checked, others.length]).toStrictEqual([false, 0]);
    expect(diagnostics(folder)).toStrictEqual([]);
  });

  it("has fewer lines than nestjs-paginate's 32, blank lines included", () => {
    expect(code.trimEnd().split("\n").length).toBeLessThan(32);
  });

  it("walks the feed by its next links, newest first, every row once", async () => {
    const pages: unknown[] = [];
    for (let target: string | undefined = "/packages?page_size=2"; target !== undefined; ) {
      const response = await fetch(origin + target);
      expect([response.status, response.headers.get("content-type")]).toStrictEqual([
        200,
        "application/json",
      ]);
      pages.push(await response.json());
      target = nextOf(response);
    }
    expect(pages).toStrictEqual([[row(5), row(4)], [row(3), row(2)], [row(1)]]);
  });

  it("answers the order a client chose, and a 400 problem for one not offered", async () => {
    const byName = await fetch(`${origin}/packages?sort=name`);
    expect(await byName.json()).toStrictEqual([2, 4, 5, 1, 3].map(row));
    const refused = await fetch(`${origin}/packages?sort=id`);
    expect([refused.status, refused.headers.get("content-type")]).toStrictEqual([
      400,
      "application/problem+json",
    ]);
    expect(await refused.json()).toMatchObject({ status: 400, code: "invalid_sort" });
  });

  it("serves its valid OpenAPI description, the feed's parameters and the entity as its rows", async () => {
    const document = await (await fetch(`${origin}/docs-json`)).json();
    expect(await openApiErrors(document)).toStrictEqual([]);
    const get = document.paths["/packages"].get;
    expect(get.parameters.map((p: { name: string }) => p.name)).toStrictEqual([
      "page_size",
      "after",
      "before",
      "sort",
    ]);
    expect(get.responses[200].content["application/json"].schema.items).toStrictEqual({
      $ref: "#/components/schemas/Package",
    });
    expect(document.components.schemas.Package).toStrictEqual({
      type: "object",
      properties: {
        id: { type: "integer" },
        name: { type: "string" },
        created_at: { type: "string" },
      },
      required: ["id", "name", "created_at"],
    });
  });
});
