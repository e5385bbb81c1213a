/**
 * The list of record of what each entry point exports: its values exactly, no name (value or
 * type) exported from two entry points, and a root a user holds in mind (at most 60 names, 20 of
 * them values).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as express from "../src/adapters/express/index.js";
import * as fastify from "../src/adapters/fastify/index.js";
import * as fetchEntry from "../src/adapters/fetch/index.js";
import * as hono from "../src/adapters/hono/index.js";
import * as adapter from "../src/adapters/index.js";
import * as nestjs from "../src/adapters/nestjs/index.js";
import * as drizzle from "../src/builders/drizzle/index.js";
import * as kysely from "../src/builders/kysely/index.js";
import * as prisma from "../src/builders/prisma/index.js";
import * as typeorm from "../src/builders/typeorm/index.js";
import * as client from "../src/client/index.js";
import * as cursor from "../src/cursor/index.js";
import * as pagewise from "../src/index.js";
import * as openapi from "../src/openapi/index.js";
import * as page from "../src/page/index.js";
import * as sql from "../src/sql/index.js";

/** Each entry point's source file, relative to src/. */
const ENTRY_FILES = {
  pagewise: "index.ts",
  "pagewise/adapter": "adapters/index.ts",
  "pagewise/express": "adapters/express/index.ts",
  "pagewise/fastify": "adapters/fastify/index.ts",
  "pagewise/fetch": "adapters/fetch/index.ts",
  "pagewise/hono": "adapters/hono/index.ts",
  "pagewise/nestjs": "adapters/nestjs/index.ts",
  "pagewise/cursor": "cursor/index.ts",
  "pagewise/client": "client/index.ts",
  "pagewise/drizzle": "builders/drizzle/index.ts",
  "pagewise/kysely": "builders/kysely/index.ts",
  "pagewise/sql": "sql/index.ts",
  "pagewise/page": "page/index.ts",
  "pagewise/openapi": "openapi/index.ts",
  "pagewise/prisma": "builders/prisma/index.ts",
  "pagewise/typeorm": "builders/typeorm/index.ts",
} as const;

type Entry = keyof typeof ENTRY_FILES;

describe("entry points", () => {
  it.each<[Entry, Record<string, unknown>, string[]]>([
    [
      "pagewise",
      pagewise,
      [
        "PROBLEM_CONTENT_TYPE",
        "PagewiseError",
        "apiKeyVerifier",
        "capCount",
        "cursorList",
        "defaults",
        "defineResource",
        "exposedHeaderNames",
        "headerNamePresets",
        "json",
        "list",
        "readRequestParams",
        "serviceUnavailable",
      ],
    ],
    [
      "pagewise/page",
      page,
      [
        "formatLinkHeader",
        "pageLinks",
        "paginate",
        "paginateCountless",
        "paginationHeaders",
        "parsePageParams",
      ],
    ],
    ["pagewise/openapi", openapi, ["openApiDocument", "openApiPaths"]],
    [
      "pagewise/adapter",
      adapter,
      [
        "compilePathPattern",
        "corsHeaders",
        "frameworkError",
        "handleResource",
        "isJsonMediaType",
        "notFoundProblem",
        "problemResponse",
        "serveResource",
      ],
    ],
    ["pagewise/express", express, ["expressErrorHandler", "expressHandler", "writeResponse"]],
    [
      "pagewise/fastify",
      fastify,
      ["default", "fastifyErrorHandler", "fastifyPagewise", "sendResponse"],
    ],
    ["pagewise/fetch", fetchEntry, ["fetchHandler", "fetchRouter", "toResponse"]],
    ["pagewise/hono", hono, ["honoHandler", "honoNotFound", "honoOpenApi"]],
    [
      "pagewise/nestjs",
      nestjs,
      ["Pagewise", "PagewiseContext", "PagewiseModule", "PagewiseProblemFilter", "fromController"],
    ],
    [
      "pagewise/cursor",
      cursor,
      [
        "compareSortValues",
        "cursorCodec",
        "cursorLinkHeader",
        "cursorPage",
        "keysetRows",
        "keysetSql",
        "keysetUnionSql",
        "sortColumns",
      ],
    ],
    ["pagewise/drizzle", drizzle, ["drizzleCursorPages", "drizzlePages"]],
    [
      "pagewise/client",
      client,
      [
        "PaginationError",
        "buildRequest",
        "expandTemplate",
        "parseLinkHeader",
        "retryAfterMs",
        "sendsParamsInBody",
        "splitRequestParams",
        "walkItems",
        "walkPages",
      ],
    ],
    ["pagewise/kysely", kysely, ["kyselyCursorPages", "kyselyPages"]],
    ["pagewise/prisma", prisma, ["prismaCursorPages", "prismaPages"]],
    ["pagewise/typeorm", typeorm, ["typeormCursorPages", "typeormPages"]],
    [
      "pagewise/sql",
      sql,
      ["DIALECTS", "DIALECT_NAMES", "counterRead", "counterTable", "databaseFault"],
    ],
  ])("%s: exactly the curated values", (_name, entry, names) => {
    expect(Object.keys(entry).sort()).toStrictEqual(names);
  });

  it("exports no name, value or type, from two entry points", () => {
    const owners = new Map<string, Entry[]>();
    for (const [entry, file] of Object.entries(ENTRY_FILES) as [Entry, string][]) {
      for (const name of exportedNames(file))
        owners.set(name, [...(owners.get(name) ?? []), entry]);
    }
    const twice = [...owners].filter(([, entries]) => entries.length > 1);
    // But the query function's context, one type (src/resource/list-contexts.ts) that each
    // integration's users import beside its functions.
    const integrations: Entry[] = [
      "pagewise/drizzle",
      "pagewise/kysely",
      "pagewise/prisma",
      "pagewise/typeorm",
    ];
    expect(twice).toStrictEqual([
      ["CursorListContext", integrations],
      ["PageListContext", integrations],
      // And the `columns` option's type (src/builders/column-refs.ts) of the two that take it.
      ["ColumnRefs", ["pagewise/kysely", "pagewise/typeorm"]],
    ]);
  });

  it("keeps the root to at most 60 names, at most 20 of them values", () => {
    expect(exportedNames("index.ts").length).toBeLessThanOrEqual(60);
    expect(Object.keys(pagewise).length).toBeLessThanOrEqual(20);
  });

  it("reads the names of export lists (the check above sees every name)", () => {
    expect(exportedNames("cursor/index.ts")).toContain("SortColumn");
    expect(exportedNames("index.ts")).toContain("defineResource");
    expect(exportedNames("adapters/fastify/index.ts")).toContain("FastifyPagewiseOptions");
  });
});

/** The names an entry point exports: by `export { … }` lists and by declarations of its own. */
function exportedNames(file: string): string[] {
  const text = readFileSync(new URL(`../src/${file}`, import.meta.url), "utf8");
  const listed = [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((match) =>
    (match[1] as string)
      .split(",")
      .map((part) => part.trim().replace(/^type\s+/, ""))
      .map((part) => part.split(/\s+as\s+/).at(-1) as string)
      .filter((name) => name !== ""),
  );
  const declared = [
    ...text.matchAll(/^export\s+(?:async\s+)?(?:function|const|type|interface|class)\s+(\w+)/gm),
  ].map((match) => match[1] as string);
  return [...listed, ...declared];
}
