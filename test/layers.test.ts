/**
 * The layers that show in the folders, enforced: the pure core (`http/`, `params/`, `sql/`, the
 * list modes `page/`, `cursor/`, `sort/` and the top-level `errors`, `options`, `option-checks`,
 * `closest-name`) imports nothing from the resource pipeline, an adapter or an integration; `sql/`
 * (dialect-neutral SQL plans) imports only the top level and `params/`; the integrations under
 * `builders/` import the core, `builders/contract.ts` and the setup they share (the files directly
 * in `builders/`, which import only the core and the contract), never the pipeline (`resource/`); the
 * client imports no server code; a framework or query builder is imported only by its adapter or
 * integration; nothing but the Node adapters and the command line (`cli/`, a Node process with
 * its streams, signals and files) touches a `node:` module; and no import cycles.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** Every source file (relative to src/, e.g. `pagination/paginate.ts`) and what it imports. */
function importGraph(): Map<string, { local: string[]; packages: string[] }> {
  const files = (readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.split("\\").join("/"));
  const graph = new Map<string, { local: string[]; packages: string[] }>();
  for (const file of files) {
    const text = readFileSync(join(SRC, file), "utf8");
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^"';]*?from\s*"([^"]+)"/g)]
      .concat([...text.matchAll(/import\(\s*"([^"]+)"\s*\)/g)])
      .map((match) => match[1] as string);
    const local = specifiers
      .filter((s) => s.startsWith("."))
      .map((s) =>
        normalize(join(dirname(file), s.replace(/\.js$/, ".ts")))
          .split("\\")
          .join("/"),
      );
    graph.set(file, { local, packages: specifiers.filter((s) => !s.startsWith(".")) });
  }
  return graph;
}

const graph = importGraph();
/**
 * A file's layer: its folder, or for `adapters/` and `builders/` the folder inside them; a file
 * directly in `builders/` (an integration's shared setup) is the layer "builders", its contract
 * the layer "contract".
 */
const layerOf = (file: string) => {
  if (file === "index.ts") return "entry";
  if (file === "builders/contract.ts") return "contract";
  const parts = file.split("/");
  if (parts.length === 1) return "top";
  if ((parts[0] === "adapters" || parts[0] === "builders") && parts.length > 2) {
    return `${parts[0]}/${parts[1]}`;
  }
  return parts[0] as string;
};
/** The pure core: plain values in and out, no framework, no I/O. */
const CORE = ["top", "http", "params", "page", "cursor", "sort", "sql"];
const SERVER = [
  "resource",
  "openapi",
  "adapters",
  "adapters/node",
  "adapters/express",
  "adapters/fastify",
  "adapters/fetch",
  "adapters/hono",
  "adapters/nestjs",
];
const PIPELINE = [...CORE, "contract", "resource"];

/** Each layer and the layers it may import (besides itself). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  top: [],
  entry: [...PIPELINE, "openapi"],
  http: ["top"],
  params: ["top", "http"],
  sql: ["top", "params"],
  page: ["top", "http", "params"],
  cursor: ["top", "http", "params", "sql", "page"],
  sort: ["top", "params", "sql", "cursor"],
  // The integration contract: what a data layer hands the pipeline, in the core's own types.
  contract: CORE,
  resource: [...CORE, "contract"],
  openapi: PIPELINE,
  adapters: PIPELINE,
  "adapters/node": PIPELINE,
  "adapters/express": [...PIPELINE, "adapters/node"],
  "adapters/fastify": [...PIPELINE, "openapi", "adapters/node"],
  "adapters/fetch": PIPELINE,
  // Hono serves the fetch API: its adapter reads bodies and writes Responses as `fetch/` does.
  "adapters/hono": [...PIPELINE, "openapi", "adapters/fetch"],
  // NestJS serves through Express or Fastify: its adapter reads Node's requests as theirs do.
  "adapters/nestjs": [...PIPELINE, "openapi", "adapters/node"],
  client: CORE,
  // The command line is a shell over the client: it walks, it serves nothing.
  cli: [...CORE, "client"],
  // What every integration shares (the setup of its handlers), over the contract alone.
  builders: [...CORE, "contract"],
  // An integration satisfies the contract; it never reaches into the pipeline.
  "builders/drizzle": [...CORE, "contract", "builders"],
  "builders/kysely": [...CORE, "contract", "builders"],
  "builders/prisma": [...CORE, "contract", "builders"],
  "builders/typeorm": [...CORE, "contract", "builders"],
};

describe("layers", () => {
  it("finds the source files and their imports", () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get("resource/list-page.ts")?.local).toContain("page/paginate.ts");
  });

  it.each([...graph.keys()].sort())("%s imports only from the layers below it", (file) => {
    const layer = layerOf(file);
    const imported = graph.get(file)?.local ?? [];
    for (const target of imported) {
      expect(graph.has(target), `${file} imports ${target}, which does not exist`).toBe(true);
    }
    const outside = imported.filter((target) => {
      const other = layerOf(target);
      return other !== layer && !(ALLOWED[layer] ?? []).includes(other);
    });
    expect(outside).toStrictEqual([]);
  });

  it.each([...graph.keys()].sort())("%s imports a framework only if it is its adapter", (file) => {
    const layer = layerOf(file);
    const frameworks = (graph.get(file)?.packages ?? []).filter((name) =>
      /^(express|fastify|fastify-plugin|kysely|hono|@hono\/|drizzle-orm|node:)/.test(name),
    );
    const own: Readonly<Record<string, RegExp>> = {
      "adapters/node": /^node:/,
      "adapters/express": /^(express|node:http)$/,
      "adapters/fastify": /^(fastify|fastify-plugin)$/,
      "adapters/hono": /^hono$/,
      "builders/drizzle": /^drizzle-orm$/,
      "builders/kysely": /^kysely$/,
      cli: /^node:/,
    };
    expect(frameworks.filter((name) => !own[layer]?.test(name))).toStrictEqual([]);
  });

  it("the client imports no server code", () => {
    const client = [...graph.entries()].filter(([file]) => layerOf(file) === "client");
    const server = client.flatMap(([, { local }]) =>
      local.filter((t) => SERVER.includes(layerOf(t))),
    );
    expect(server).toStrictEqual([]);
  });

  it("has no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...path.slice(path.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "open");
      for (const target of graph.get(file)?.local ?? []) visit(target, [...path, file]);
      state.set(file, "done");
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toStrictEqual([]);
  });

  // `x.properties.test.ts`: properties of x.ts; `x.postgres.test.ts`: x.ts also on a PostgreSQL server.
  it("names each test file after a source module or a behaviour suite", () => {
    const tests = (
      readdirSync(fileURLToPath(new URL(".", import.meta.url)), { recursive: true }) as string[]
    )
      .map((file) => file.split("\\").join("/"))
      .filter((file) =>
        /^(http|page|cursor|sort|params|resource|openapi|cli|adapters\/node)\/.*\.test\.ts$/.test(
          file,
        ),
      );
    const orphans = tests.filter((file) => {
      const module = file.replace(/(\.properties|\.postgres)?\.test\.ts$/, ".ts");
      return !graph.has(module);
    });
    expect(orphans).toStrictEqual([]);
  });
});
