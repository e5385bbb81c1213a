/**
 * Bundles serve-nest11.ts as one CommonJS file, as a NestJS 11 user's compiled app is: `@nestjs/*`
 * and the other packages Nest brings are required at run time, and an import of a pagewise entry
 * point's source becomes a `require` of that entry point (`pagewise/nestjs`), the built package
 * copied into test/runtimes/nest11/node_modules (install-runtimes.ts). The bundle's folder links
 * that node_modules.
 */
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { ENTRIES } from "./bundle.js";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The name a user requires an entry point's source by (`…/src/adapters/nestjs/index.js`). */
function entryName(source: string): string | undefined {
  const built = ENTRIES.get(source);
  if (built === undefined) return undefined;
  return built === "index" ? "pagewise" : `pagewise/${built.replace(/\/index$/, "")}`;
}

/** Requires pagewise's entry points by name, refusing any other module of src/. */
const pagewiseByName: Plugin = {
  name: "pagewise-by-name",
  setup(build) {
    build.onResolve({ filter: /\/src\// }, ({ path, resolveDir }) => {
      const name = entryName(join(resolveDir, path));
      if (name) return { path: name, external: true };
      return { errors: [{ text: `${path} is not a pagewise entry point` }] };
    });
  },
};

/** The bundle's folder: `serve-nest11.cjs`, beside a link to NestJS 11's node_modules. */
export async function bundleNest11(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "pagewise-nest11-"));
  symlinkSync(here("nest11/node_modules"), join(folder, "node_modules"), "dir");
  await build({
    entryPoints: [here("serve-nest11.ts")],
    outfile: join(folder, "serve-nest11.cjs"),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    external: ["@nestjs/*", "reflect-metadata", "rxjs", "express", "fastify"],
    plugins: [pagewiseByName],
    logLevel: "error",
  });
  return folder;
}
