/**
 * Bundles the Worker and each runtime's server into one folder with esbuild, pagewise taken from
 * the built package (dist/, as users get it): an import of a pagewise entry point's source becomes
 * that entry point's dist/ file. workerd's config sits beside them.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build, type Plugin } from "esbuild";
import type { Options } from "tsup";
import configs from "../../tsup.config.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Each entry point's source (`src/….js`, as imported) and its built name, from tsup.config.ts. */
export const ENTRIES = new Map(
  Object.entries((configs as Options[])[0]?.entry as Record<string, string>).map(
    ([built, source]) => [join(ROOT, source.replace(/\.ts$/, ".js")), built],
  ),
);

/** Resolves an entry point's source (`…/src/adapters/fetch/index.js`) to dist/, refusing any other. */
const fromDist: Plugin = {
  name: "pagewise-from-dist",
  setup(build) {
    build.onResolve({ filter: /\/src\// }, ({ path, resolveDir }) => {
      const entry = ENTRIES.get(join(resolveDir, path));
      const built = entry && join(ROOT, "dist", `${entry}.js`);
      if (!built || !existsSync(built)) {
        return {
          errors: [{ text: `${path} is not a built entry point of pagewise (npm run build)` }],
        };
      }
      return { path: built };
    });
  },
};

/**
 * workerd's config: apps.ts as an ES module, a socket for each of its Workers (the ports given on
 * the command line), fetches allowed to 127.0.0.1 (the self-test).
 */
const WORKERD_CONFIG = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .apps),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [
    (name = "fetch", address = "127.0.0.1:0", http = (), service = "main"),
    (name = "hono", address = "127.0.0.1:0", http = (), service = (name = "main", entrypoint = "hono")),
  ],
);

const apps :Workerd.Worker = (
  modules = [(name = "apps.mjs", esModule = embed "apps.mjs")],
  compatibilityDate = "2026-11-17",
  globalOutbound = "loopback",
);
`;

/** The bundles' folder: `<entry>.mjs` for each server, `apps.mjs` and `workerd.capnp`. */
export async function bundleRuntimes(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "pagewise-runtimes-"));
  const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  const common: BuildOptions = {
    bundle: true,
    format: "esm",
    outdir: folder,
    outExtension: { ".js": ".mjs" },
    plugins: [fromDist],
    logLevel: "error",
  };
  await build({
    ...common,
    platform: "neutral",
    entryPoints: [here("apps.ts"), here("serve-bun.ts"), here("serve-deno.ts")],
    mainFields: ["module", "main"],
  });
  await build({ ...common, platform: "node", entryPoints: [here("serve-node.ts")] });
  writeFileSync(join(folder, "workerd.capnp"), WORKERD_CONFIG);
  return folder;
}
