/**
 * The documentation's links lead somewhere: on GitHub, on the registry's page (which rewrites
 * the README's relative links to the repository) and in `node_modules`, where only the packed
 * files are (README.md, not docs/: the README links to the docs in the repository). Every relative
 * link of README.md, CHANGELOG.md and docs/*.md names an existing file and heading, a packed file links only to
 * packed files, an absolute link into the repository names a file it holds, and docs/overview.md
 * links to every other page of docs/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  deadLinks,
  headingSlug,
  type LinkContext,
  markdownAnchors,
  markdownLinks,
} from "./support/markdown-links.js";
import { packedFiles, ROOT, repositoryUrl } from "./support/package-files.js";

const REPO = "https://github.com/o/n";

/** A context over the given files, all packed unless listed in `unpacked`. */
function contextOf(files: Record<string, string>, unpacked: string[] = []): LinkContext {
  return {
    read: (path) => files[path],
    exists: (path) => Object.hasOwn(files, path),
    packed: new Set(Object.keys(files).filter((path) => !unpacked.includes(path))),
    repository: REPO,
  };
}

describe("the link checker", () => {
  const docs = {
    "README.md": "# Title\n\n## Install `it`\n\nText.\n",
    "docs/a.md": '# A\n\n## Same\n\n## Same\n\n<a id="here"></a>\n',
    "examples/shot.png": "",
  };

  it.each<[string, string, string[]]>([
    ["a file beside", "[a](a.md)", []],
    ["a heading of another file", "[r](../README.md#install-it)", []],
    ["a repeated heading's second anchor", "[a](a.md#same-1)", []],
    ["an HTML anchor", "[a](./a.md#here)", []],
    ["a heading of its own", "[o](#own)\n\n## Own", []],
    ["a link with a title", '[a](a.md "A")', []],
    ["a link in inline code", "`[x](nowhere.md)`", []],
    ["a link in a code block", "```md\n[x](nowhere.md)\n```", []],
    ["another site", "[x](https://example.com/nowhere.md)", []],
    ["a repository file", `![s](${REPO}/raw/HEAD/examples/shot.png)`, []],
    ["a repository file's heading", `[a](${REPO}/blob/HEAD/docs/a.md#same-1)`, []],
    [
      "a repository file's missing heading",
      `[a](${REPO}/blob/HEAD/docs/a.md#other)`,
      ["no heading #other in docs/a.md"],
    ],
    ["a missing file", "[x](b.md)", ["no such file: docs/b.md"]],
    ["a missing heading", "[x](a.md#other)", ["no heading #other in docs/a.md"]],
    ["a missing heading of its own", "[x](#other)", ["no heading #other in docs/x.md"]],
    ["a file outside the root", "[x](../../etc/passwd)", ["no such file: ../etc/passwd"]],
    [
      "a file the package does not ship",
      "![s](../examples/shot.png)",
      ["examples/shot.png is not packed: the link is dead in node_modules"],
    ],
    [
      "a repository file that is not there",
      `[x](https://raw.githubusercontent.com/o/n/HEAD/nowhere.png)`,
      ["no nowhere.png in the repository"],
    ],
    ["a reference definition", "[x]: nowhere.md", ["no such file: docs/nowhere.md"]],
  ])("%s", (_name, markdown, problems) => {
    const context = contextOf({ ...docs, "docs/x.md": markdown }, ["examples/shot.png"]);
    const target = markdownLinks(markdown)[0]?.target;
    expect(deadLinks("docs/x.md", context)).toStrictEqual(
      problems.map((problem) => `docs/x.md:1: ${target}: ${problem}`),
    );
  });

  it.each([
    ["Fastify and @fastify/swagger", "fastify-and-fastifyswagger"],
    ["`page_size` over the maximum", "page_size-over-the-maximum"],
    ["SQL store (`npm run bench -- sql`)", "sql-store-npm-run-bench----sql"],
    ["fetch (`Request` → `Response`): `pagewise/fetch`", "fetch-request--response-pagewisefetch"],
    ["The example's [stores](x.md)", "the-examples-stores"],
  ])("makes %j's anchor %j, as GitHub does", (heading, slug) => {
    expect(headingSlug(heading)).toBe(slug);
    expect(markdownAnchors(`## ${heading} ##\n`)).toStrictEqual(new Set([slug]));
  });
});

describe("the project's documentation", () => {
  const markdown = [
    "README.md",
    "CHANGELOG.md",
    ...readdirSync(`${ROOT}docs`)
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];
  let context: LinkContext;
  beforeAll(() => {
    const read = (path: string) =>
      existsSync(`${ROOT}${path}`) ? readFileSync(`${ROOT}${path}`, "utf8") : undefined;
    context = {
      read,
      exists: (path) => existsSync(`${ROOT}${path}`),
      packed: packedFiles(),
      repository: repositoryUrl(),
    };
  }, 60_000);

  it("packs README.md, and no page of docs/ (the README links to them in the repository)", () => {
    expect(context.packed.has("README.md")).toBe(true);
    expect(
      markdown.filter((path) => path.startsWith("docs/") && context.packed.has(path)),
    ).toStrictEqual([]);
  });

  it("packs every file README.md links to", () => {
    const targets = markdownLinks(context.read("README.md") ?? "")
      .map(({ target }) => target.split("#")[0] ?? "")
      .filter((path) => path !== "" && !/^[a-z]+:/i.test(path));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((path) => !context.packed.has(path))).toStrictEqual([]);
  });

  it.each(markdown)("%s has no dead link", (file) => {
    expect(deadLinks(file, context)).toStrictEqual([]);
  });

  it("reaches every other page of docs/ from docs/overview.md", () => {
    const linked = new Set(
      markdownLinks(context.read("docs/overview.md") ?? "").map(({ target }) =>
        posix.join("docs", target.split("#")[0] ?? ""),
      ),
    );
    const unreached = markdown.filter(
      (path) => path.startsWith("docs/") && path !== "docs/overview.md" && !linked.has(path),
    );
    expect(unreached).toStrictEqual([]);
  });
});
