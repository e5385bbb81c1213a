/**
 * The published manifest as installers meet it: no script runs at install time (npm 11 warns about
 * every one not covered by allowScripts, and from the tarball `prepare` could not even run: no
 * src/, no tsup), and the package is built before it is packed instead; it names its repository,
 * so the registry's page can link to it and rewrite the README's relative links; and it needs
 * one copy of fastify-plugin beside the @fastify plugins users register with it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repositoryUrl } from "./support/package-files.js";

interface Manifest {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
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

  const major = (range: string | undefined) => /^\^?(\d+)\./.exec(range ?? "")?.[1];
  it.each(Object.keys(manifest.devDependencies).filter((name) => name.startsWith("@fastify/")))(
    "depends on the fastify-plugin major %s uses (one copy installed)",
    (name) => {
      const theirs = read(`node_modules/${name}/package.json`).dependencies["fastify-plugin"];
      expect(major(manifest.dependencies["fastify-plugin"])).toBe(major(theirs));
    },
  );
});
