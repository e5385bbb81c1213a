/**
 * The TypeScript snippets of README.md and docs/*.md compile as users would compile them: under
 * the strictest options a project may have on, importing `pagewise` by name (mapped to the
 * sources, as tsconfig.json maps it). A fence marked `ts nocheck` is a fragment (it goes on from
 * the snippet before it, or shows code that is wrong on purpose) and is skipped by that rule.
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT as root, type Snippet, snippets } from "./support/markdown-snippets.js";

// Inside node_modules, so the snippets resolve zod, fastify, express… as a user's project does.
const folder = join(root, "node_modules/.cache/pagewise-doc-snippets");

const documents = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const all = documents.flatMap(snippets);
const checked = all.filter((snippet) => snippet.checked);

/**
 * The strictest options a project may have on (@tsconfig/strictest's, and module NodeNext), less
 * noUnusedLocals and noUnusedParameters: a snippet defines what it shows without using it.
 */
const compilerOptions = {
  target: "ES2022",
  lib: ["ES2022", "DOM", "DOM.Iterable"],
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
  paths: {
    pagewise: [join(root, "src/index.ts")],
    "pagewise/adapter": [join(root, "src/adapters/index.ts")],
    "pagewise/*": [
      join(root, "src/*/index.ts"),
      join(root, "src/adapters/*/index.ts"),
      join(root, "src/builders/*/index.ts"),
    ],
  },
};

/**
 * What the snippets name without defining: the reader's own store, database pool and resources,
 * typed as an application would have them.
 */
const GLOBALS = `import type { Pool } from "pg";
import type { Resource } from "pagewise";

declare global {
  type Status = "awaiting_sync" | "failed";
  const store: {
    list(owner: string, repo: string, status?: Status): { id: number; status: Status }[];
    remove(owner: string, repo: string, status: Status): number;
  };
  const pool: Pool;
  const repository: Resource;
  const packages: Resource;
}
`;

const fileOf = (snippet: Snippet) => `${snippet.document.replace(/[/.]/g, "-")}-${snippet.line}.ts`;

let diagnostics: Map<string, string[]>;

beforeAll(() => {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // Inside node_modules the project's package.json no longer scopes the files: say they are ESM.
  writeFileSync(join(folder, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(folder, "globals.ts"), GLOBALS);
  // docs/prisma.md imports the client `prisma generate` made beside it.
  mkdirSync(join(folder, "generated"));
  symlinkSync(
    join(root, "test/builders/prisma/generated/docs"),
    join(folder, "generated/prisma"),
    "dir",
  );
  for (const snippet of checked) writeFileSync(join(folder, fileOf(snippet)), snippet.code);
  const config = ts.parseJsonConfigFileContent(
    { compilerOptions, files: ["globals.ts", ...checked.map(fileOf)] },
    ts.sys,
    folder,
  );
  expect(config.errors).toStrictEqual([]);
  const program = ts.createProgram(config.fileNames, config.options);
  diagnostics = new Map(config.fileNames.map((file) => [file, []]));
  const firstLine = new Map(checked.map((s) => [join(folder, fileOf(s)), s.line]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    // The sources are the project's to check (npm run typecheck), under its own options.
    const file = diagnostic.file?.fileName ?? "";
    const position = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    // Where in the document: its line and column.
    const line = (firstLine.get(file) ?? 1) + (position?.line ?? 0);
    const column = (position?.character ?? 0) + 1;
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    diagnostics.get(file)?.push(`${line}:${column} TS${diagnostic.code}: ${text}`);
  }
}, 60_000);

describe("the docs' TypeScript snippets", () => {
  it("are found, most of them checked", () => {
    expect(checked.length).toBeGreaterThan(all.length / 2);
  });

  it("name only what the globals declare", () => {
    expect(diagnostics.get(join(folder, "globals.ts"))).toStrictEqual([]);
  });

  // Each error says its line and column in the document.
  it.each(checked.map((snippet) => [`${snippet.document}:${snippet.line}`, snippet] as const))(
    "%s compiles under the strictest options",
    (_where, snippet) => {
      expect(diagnostics.get(join(folder, fileOf(snippet)))).toStrictEqual([]);
    },
  );
});
