/**
 * README.md tells what package.json says: its entry-point table names every subpath of `exports`
 * (and no other), its peers table every peer dependency with its exact range, each optional; its
 * links to docs/ (not packed) lead into the repository package.json names, as npm's page would
 * rewrite a relative link (`blob/HEAD`); and the README stays a page a user reads through, at
 * most 12 KB (1 KB = 1,000 bytes).
 */
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownLinks } from "./support/markdown-links.js";
import { ROOT, repositoryUrl } from "./support/package-files.js";

interface Manifest {
  exports: Record<string, unknown>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}

const manifest: Manifest = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8"));
const readme = readFileSync(`${ROOT}README.md`, "utf8");

/** The rows of the table whose header's first cell is `first`, each a list of cells. */
function tableRows(markdown: string, first: string): string[][] {
  const lines = markdown.split("\n");
  const header = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  if (header === -1) return [];
  const end = lines.findIndex((line, index) => index > header && !line.startsWith("|"));
  return lines.slice(header + 2, end === -1 ? undefined : end).map((line) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim().replaceAll("\\|", "|")),
  );
}

/** A cell's one code span, `like this`, or the cell itself. */
const code = (cell: string | undefined) => /^`([^`]+)`$/.exec(cell ?? "")?.[1] ?? cell;

describe("README.md", () => {
  it("lists every entry point of package.json's exports, one a row", () => {
    const subpaths = Object.keys(manifest.exports)
      .filter((path) => path !== "./package.json")
      .map((path) => (path === "." ? "pagewise" : `pagewise/${path.slice(2)}`));
    const listed = tableRows(readme, "entry point").map(([cell]) => code(cell));
    expect(listed.sort()).toStrictEqual(subpaths.sort());
  });

  it("lists every peer dependency with its range, each optional", () => {
    const listed = tableRows(readme, "peer").map(([name, range]) => [code(name), code(range)]);
    expect(Object.fromEntries(listed)).toStrictEqual(manifest.peerDependencies);
    const optional = Object.keys(manifest.peerDependencies).filter(
      (name) => manifest.peerDependenciesMeta[name]?.optional === true,
    );
    expect(optional).toStrictEqual(Object.keys(manifest.peerDependencies));
  });

  it("reads a table's rows, a piece of a range escaped as in GitHub's tables", () => {
    const table = "text\n\n| peer | versions |\n| --- | --- |\n| `a` | `^1 \\|\\| ^2` |\n\nmore";
    expect(tableRows(table, "peer")).toStrictEqual([["`a`", "`^1 || ^2`"]]);
  });

  it("links to docs/ in the repository package.json names, at HEAD", () => {
    const docs = markdownLinks(readme)
      .map(({ target }) => target)
      .filter((target) => /(^|\/)docs\//.test(target));
    expect(docs.length).toBeGreaterThan(0);
    const base = `${repositoryUrl()}/blob/HEAD/docs/`;
    expect(docs.filter((target) => !target.startsWith(base))).toStrictEqual([]);
  });

  it("holds at most 12,000 bytes", () => {
    expect(statSync(`${ROOT}README.md`).size).toBeLessThanOrEqual(12_000);
  });
});
