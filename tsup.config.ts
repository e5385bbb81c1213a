import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    "express/index": "src/express/index.ts",
    "fastify/index": "src/fastify/index.ts",
    "fetch/index": "src/fetch/index.ts",
    "client/index": "src/client/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  treeshake: true,
  splitting: true,
  external: ["express", "fastify", "fastify-plugin", "uri-templates", "zod"],
});
