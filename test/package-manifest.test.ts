/**
 * The published manifest as installers meet it: no script runs at install time (npm 11 warns about
 * every one not covered by allowScripts, and from the tarball `prepare` could not even run: no
 * src/, no tsup), and the package is built before it is packed instead.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const manifest: { scripts: Record<string, string> } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
);

describe("package.json", () => {
  it.each(["preinstall", "install", "postinstall", "prepare"])("has no %s script", (name) => {
    expect(manifest.scripts[name]).toBeUndefined();
  });

  it("builds before packing (npm pack and npm publish)", () => {
    expect(manifest.scripts.prepack).toBe("npm run build");
  });
});
