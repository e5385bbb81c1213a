/** The package as npm publishes it: the files it packs, and the repository its manifest names. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The project's root folder. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The paths (relative to the root, `/`-separated) `npm pack` would put in the tarball, read from
 * `npm pack --dry-run --json` without its scripts (no build: dist/ is whatever is there, so this
 * answers for the files beside it, not for dist/).
 */
export function packedFiles(): Set<string> {
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [pack] = JSON.parse(output) as { files: { path: string }[] }[];
  return new Set(pack?.files.map((file) => file.path));
}

/**
 * `https://github.com/owner/name`, from `repository.url` in package.json (`git+…` and `.git`
 * dropped), or `undefined` when the manifest names none.
 */
export function repositoryUrl(): string | undefined {
  const { repository } = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as {
    repository?: { url?: string };
  };
  return repository?.url?.replace(/^git\+/, "").replace(/\.git$/, "");
}
