/**
 * The licences of the packages a bundle holds, written beside it: MIT and ISC ask that their
 * notice travel with every copy, and a bundled library's own package (with its LICENSE file) is
 * not installed beside the bin.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin } from "esbuild";

/** A bundled package: its folder in node_modules (nested ones included), name, version, licence. */
interface Bundled {
  readonly folder: string;
  readonly name: string;
  readonly version: string;
  readonly license: string;
}

/** The node_modules folders of the packages whose files the bundle took in, each once. */
function bundledFolders(inputs: readonly string[]): string[] {
  const folders = inputs.map((input) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]);
  return [...new Set(folders.filter((folder) => folder !== undefined))].sort();
}

function bundledPackage(folder: string): Bundled {
  const { name, version, license } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  return { folder, name, version, license };
}

/** The package's licence file(s), in full; an error if it ships none. */
function licenceText({ folder, name }: Bundled): string {
  const files = readdirSync(folder).filter((file) => /^(licen[cs]e|copying)/i.test(file));
  if (files.length === 0) throw new Error(`${name} ships no licence file to reproduce`);
  return files.map((file) => readFileSync(join(folder, file), "utf8").trim()).join("\n\n");
}

/** The notices file: a heading and the licence text for each bundled package. */
export function noticesText(packages: readonly Bundled[]): string {
  const sections = packages.map(
    (bundled) =>
      `## ${bundled.name} ${bundled.version} (${bundled.license})\n\n${licenceText(bundled)}\n`,
  );
  return [
    "# Third-party notices\n\nThe `pagewise` command bundles these packages; their licences follow.\n",
    ...sections,
  ].join("\n");
}

/**
 * An esbuild plugin (tsup's `esbuildPlugins`) that writes the licences of every package the build
 * bundled into `file`, relative to the output folder.
 *
 * @param file - the notices file's path inside the output folder
 * @example
 * ```ts
 * { entry: { "cli/index": "src/cli/index.ts" }, esbuildPlugins: [thirdPartyNotices("cli/NOTICES.md")] }
 * ```
 */
export function thirdPartyNotices(file: string): Plugin {
  return {
    name: "third-party-notices",
    setup(build) {
      build.onEnd(({ metafile }) => {
        const outdir = build.initialOptions.outdir;
        if (metafile === undefined || outdir === undefined) return;
        const packages = bundledFolders(Object.keys(metafile.inputs)).map(bundledPackage);
        const path = join(outdir, file);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, noticesText(packages));
      });
    },
  };
}
