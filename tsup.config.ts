import { defineConfig } from "tsup";
import { thirdPartyNotices } from "./third-party-notices.js";

/** The command line's libraries, bundled into the bin (each a devDependency). */
const CLI_LIBRARIES = ["commander", "cli-progress", "csv-stringify"];

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      "adapter/index": "src/adapters/index.ts",
      "express/index": "src/adapters/express/index.ts",
      "fastify/index": "src/adapters/fastify/index.ts",
      "fetch/index": "src/adapters/fetch/index.ts",
      "hono/index": "src/adapters/hono/index.ts",
      "nestjs/index": "src/adapters/nestjs/index.ts",
      "cursor/index": "src/cursor/index.ts",
      "client/index": "src/client/index.ts",
      "drizzle/index": "src/builders/drizzle/index.ts",
      "kysely/index": "src/builders/kysely/index.ts",
      "sql/index": "src/sql/index.ts",
      "page/index": "src/page/index.ts",
      "openapi/index": "src/openapi/index.ts",
      "prisma/index": "src/builders/prisma/index.ts",
      "typeorm/index": "src/builders/typeorm/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    target: "node20",
    treeshake: true,
    splitting: true,
    external: [
      "@nestjs/common",
      "@nestjs/core",
      "@nestjs/swagger",
      "@prisma/client",
      "drizzle-orm",
      "express",
      "fastify",
      "fastify-plugin",
      "hono",
      "kysely",
      "rxjs",
      "typeorm",
      "uri-templates",
      "zod",
    ],
  },
  {
    // The `pagewise` bin: ESM for Node, its libraries bundled in (devDependencies: a server's
    // install brings none of them), their licences in a notices file beside it. cli-progress is
    // CommonJS: its require() of Node's modules needs a require in the ES module. tsup makes a
    // file that starts with a shebang executable.
    entry: { "cli/index": "src/cli/index.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    noExternal: CLI_LIBRARIES,
    esbuildPlugins: [thirdPartyNotices("cli/THIRD-PARTY-NOTICES.md")],
    banner: {
      js: [
        "#!/usr/bin/env node",
        'import { createRequire as __pagewiseRequire } from "node:module";',
        "const require = __pagewiseRequire(import.meta.url);",
      ].join("\n"),
    },
    dts: false,
    // Lines and names mapped back to the sources for stack traces; the sources themselves (the
    // libraries' included) not copied into the map.
    sourcemap: true,
    esbuildOptions: (options) => {
      options.sourcesContent = false;
    },
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
