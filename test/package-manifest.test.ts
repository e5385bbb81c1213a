/**
 * The published manifest as installers meet it: no script runs at install time (npm 11 warns about
 * every one not covered by allowScripts, and from the tarball `prepare` could not even run: no
 * src/, no tsup), and the package is built before it is packed instead; it names its repository,
 * so the registry's page can link to it and rewrite the README's relative links; and a server's
 * install brings the library's own dependency alone: none of the command line's libraries (bundled
 * into the bin) and no Fastify helper (the plugin marks itself), no docs (the README links to the
 * repository's).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repositoryUrl } from "./support/package-files.js";

interface Manifest {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  files: string[];
  repository?: unknown;
  homepage?: unknown;
  bugs?: unknown;
}

const read = (path: string): Manifest =>
  JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));
const manifest = read("package.json");

describe("package.json", () => {
  it.each(["preinstall", "install", "postinstall", "prepare"])("has no %s script", (name) => {
    expect(manifest.scripts[name]).toBeUndefined();
  });

  it("builds before packing (npm pack and npm publish)", () => {
    expect(manifest.scripts.prepack).toBe("npm run build");
  });

  it("names the repository on GitHub, its home page and where to report bugs", () => {
    const repository = repositoryUrl();
    expect(repository).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect([manifest.repository, manifest.homepage, manifest.bugs]).toStrictEqual([
      { type: "git", url: `git+${repository}.git` },
      `${repository}#readme`,
      { url: `${repository}/issues` },
    ]);
  });

  it("depends on uri-templates alone (the client's link templates)", () => {
    expect(Object.keys(manifest.dependencies)).toStrictEqual(["uri-templates"]);
  });

  it("packs the built files, README, CHANGELOG and LICENSE: no docs/", () => {
    expect(manifest.files).toStrictEqual(["dist", "README.md", "CHANGELOG.md", "LICENSE"]);
  });
});
