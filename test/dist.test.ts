/**
 * The built package as users get it: every entry point, ESM and CommonJS, serves the spec example;
 * the bin holds its libraries, their licences beside it.
 * Built here from the sources with tsup.config.ts (types aside: attw checks those in CI) into a
 * folder of its own, so the test needs no earlier `npm run build` and never reads a stale dist/.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { build, type Options } from "tsup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import configs from "../tsup.config.js";
import { buildCli } from "./support/built-cli.js";

const outDir = new URL("../node_modules/.cache/pagewise-dist-test/", import.meta.url);
const require = createRequire(outDir);
const entries = [
  "index",
  "adapter/index",
  "express/index",
  "fastify/index",
  "fetch/index",
  "hono/index",
  "nestjs/index",
  "cursor/index",
  "client/index",
  "drizzle/index",
  "kysely/index",
  "sql/index",
  "page/index",
  "openapi/index",
  "prisma/index",
  "typeorm/index",
] as const;

beforeAll(async () => {
  rmSync(outDir, { recursive: true, force: true });
  const [packageBuild] = configs as Options[];
  // config: false, or tsup would also load tsup.config.ts and build each of its entries again
  // with these options merged in, into the same folder at the same time.
  await build({
    ...packageBuild,
    config: false,
    outDir: outDir.pathname,
    dts: false,
    silent: true,
  });
  // Inside node_modules the project's package.json no longer scopes the files: say they are ESM.
  writeFileSync(new URL("package.json", outDir), '{ "type": "module" }\n');
}, 60_000);

describe.each(["esm", "cjs"] as const)("dist (%s)", (format) => {
  const load = async (entry: (typeof entries)[number]): Promise<Record<string, unknown>> =>
    format === "esm"
      ? import(new URL(`${entry}.js`, outDir).href)
      : require(new URL(`${entry}.cjs`, outDir).pathname);

  it("exports the same names from ESM and CJS for every entry", async () => {
    const names = await Promise.all(entries.map(async (e) => Object.keys(await load(e)).sort()));
    expect(names).toStrictEqual([
      expect.arrayContaining(["cursorList", "defineResource", "list", "PagewiseError"]),
      expect.arrayContaining(["handleResource", "problemResponse", "notFoundProblem"]),
      ["expressErrorHandler", "expressHandler", "writeResponse"],
      ["default", "fastifyErrorHandler", "fastifyPagewise", "sendResponse"],
      ["fetchHandler", "fetchRouter", "toResponse"],
      ["honoHandler", "honoNotFound", "honoOpenApi"],
      ["Pagewise", "PagewiseContext", "PagewiseModule", "PagewiseProblemFilter", "fromController"],
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
      ["drizzleCursorPages", "drizzlePages"],
      ["kyselyCursorPages", "kyselyPages"],
      ["DIALECTS", "DIALECT_NAMES", "counterRead", "counterTable", "databaseFault"],
      [
        "formatLinkHeader",
        "pageLinks",
        "paginate",
        "paginateCountless",
        "paginationHeaders",
        "parsePageParams",
      ],
      ["openApiDocument", "openApiPaths"],
      ["prismaCursorPages", "prismaPages"],
      ["typeormCursorPages", "typeormPages"],
    ]);
  });

  it("answers the spec example through the fetch entry", async () => {
    const core = (await load("index")) as typeof import("../src/index.js");
    const { fetchHandler } = (await load(
      "fetch/index",
    )) as typeof import("../src/adapters/fetch/index.js");
    const serve = fetchHandler(
      core.defineResource({ GET: core.list({ handler: () => [1, 2, 3] }) }),
    );
    const response = await serve(new Request("http://x/p/?page=2&page_size=1"));
    expect([
      response.status,
      response.headers.get("link"),
      response.headers.get("x-pagination-pagetotal"),
      await response.text(),
    ]).toStrictEqual([
      200,
      '</p/?page=1>; rel="first", </p/?page=1>; rel="prev", </p/?page=3>; rel="next", </p/?page=3>; rel="last"',
      "3",
      "[2]",
    ]);
  });
});

describe("the bin", () => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  let bin = "";
  let remove = () => {};
  beforeAll(async () => {
    ({ bin, remove } = await buildCli());
  }, 60_000);
  afterAll(() => remove());

  it("imports only Node's modules and the package's dependencies (its libraries bundled)", () => {
    const text = readFileSync(bin, "utf8");
    // esbuild writes the module's imports at the top of a line, a CommonJS require() as a call.
    const imported = [...text.matchAll(/^import\s[^;]*?from\s*"([^"]+)";|\brequire\("([^"]+)"\)/gm)]
      .map((match) => (match[1] ?? match[2]) as string)
      .filter((name) => !isBuiltin(name) && !name.startsWith("."));
    expect([...new Set(imported)]).toStrictEqual(Object.keys(manifest.dependencies));
  });

  it("carries the licence of every library it bundles", () => {
    const notices = readFileSync(new URL("THIRD-PARTY-NOTICES.md", `file://${bin}`), "utf8");
    const headings = [...notices.matchAll(/^## (\S+) \S+ \((\S+)\)$/gm)];
    expect(headings.map(([, name]) => name)).toStrictEqual(
      expect.arrayContaining(["cli-progress", "commander", "csv-stringify"]),
    );
    expect(headings.map(([, , license]) => license).filter((l) => l !== "MIT")).toStrictEqual([]);
    expect(notices).toContain("Permission is hereby granted, free of charge");
  });
});
