import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      "adapter/index": "src/adapters/index.ts",
      "express/index": "src/adapters/express/index.ts",
      "fastify/index": "src/adapters/fastify/index.ts",
      "fetch/index": "src/adapters/fetch/index.ts",
      "hono/index": "src/adapters/hono/index.ts",
      "cursor/index": "src/cursor/index.ts",
      "client/index": "src/client/index.ts",
      "drizzle/index": "src/builders/drizzle/index.ts",
      "kysely/index": "src/builders/kysely/index.ts",
      "sql/index": "src/sql/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    target: "node20",
    treeshake: true,
    splitting: true,
    external: [
      "drizzle-orm",
      "express",
      "fastify",
      "fastify-plugin",
      "hono",
      "kysely",
      "uri-templates",
      "zod",
    ],
  },
  {
    // The `pagewise` bin: ESM for Node, its libraries (commander, cli-progress, csv-stringify)
    // left to the package's dependencies; tsup makes a file that starts with a shebang executable.
    entry: { "cli/index": "src/cli/index.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    banner: { js: "#!/usr/bin/env node" },
    dts: false,
    sourcemap: true,
    splitting: false,
  },
  {
    // The client as one self-contained ES module for pages without a build step (uri-templates
    // bundled in), as the example's browse page loads it.
    entry: { "browser/client": "src/client/index.ts" },
    format: ["esm"],
    platform: "browser",
    target: "es2022",
    noExternal: ["uri-templates"],
    dts: false,
    sourcemap: true,
    minify: true,
    splitting: false,
  },
]);
