/**
 * `check`'s oracle is its own: the spec's page math on the spec's examples (section 4.3), and what
 * `check` imports, followed file by file, reaches none of the code it judges (pagewise's page
 * math, parameters, options and resource pipeline), so a bug there shows as a failed check
 * instead of being the rule.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type SpecPage, specPage } from "../../../src/cli/check/spec-page.js";

const SRC = fileURLToPath(new URL("../../../src/", import.meta.url));

/**
 * The files under src/ a file imports at run time (relative to src/, e.g. `cli/check/probe.ts`):
 * an `import type` brings no code, so it cannot be an oracle.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import(?!\s+type\s)|export)[^"';]*?from\s*"(\.[^"]+)"/g)]
    .concat([...text.matchAll(/import\(\s*"(\.[^"]+)"\s*\)/g)])
    .map((match) =>
      normalize(join(dirname(file), (match[1] as string).replace(/\.js$/, ".ts")))
        .split("\\")
        .join("/"),
    );
}

/** Every file reached from `roots` by imports. */
function reached(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...importsOf(file));
  }
  return seen;
}

const ROOTS = [
  "cli/check-command.ts",
  ...(readdirSync(join(SRC, "cli/check")) as string[]).map((name) => `cli/check/${name}`),
];
const JUDGED = (file: string) =>
  ["pagination/", "resource/", "params/"].some((folder) => file.startsWith(folder)) ||
  file === "options.ts";

describe("check's oracle", () => {
  it("follows the imports of every file of check", () => {
    expect([reached(ROOTS).has("cli/check/spec-page.ts"), ROOTS.length]).toStrictEqual([
      true,
      ROOTS.length,
    ]);
    expect(ROOTS.length).toBeGreaterThan(20);
  });

  it("reaches no file of the code it judges", () => {
    expect([...reached(ROOTS)].filter(JUDGED).sort()).toStrictEqual([]);
  });
});

describe("specPage", () => {
  it.each<[string, [number, number, number], SpecPage]>([
    [
      "rule 3: 3 items, page 2 of size 1",
      [3, 2, 1],
      { pageTotal: 3, items: 1, links: { first: 1, prev: 1, next: 3, last: 3 } },
    ],
    [
      "rule 2: 350 items in pages of 100, the 4th holds 50",
      [350, 4, 100],
      { pageTotal: 4, items: 50, links: { first: 1, prev: 3, last: 4 } },
    ],
    [
      "rule 2: 400 items in pages of 100, 4 full pages",
      [400, 4, 100],
      { pageTotal: 4, items: 100, links: { first: 1, prev: 3, last: 4 } },
    ],
    [
      "page 1 of several: first and last too",
      [400, 1, 100],
      { pageTotal: 4, items: 100, links: { first: 1, next: 2, last: 4 } },
    ],
    ["one page: no relation", [3, 1, 30], { pageTotal: 1, items: 3, links: {} }],
    ["an empty dataset is never paginated", [0, 1, 30], { pageTotal: 0, items: 0, links: {} }],
    [
      "past the last: empty, prev to the last",
      [350, 6, 100],
      { pageTotal: 4, items: 0, links: { first: 1, prev: 4, last: 4 } },
    ],
  ])("%s", (_, [count, page, pageSize], expected) => {
    expect(specPage(count, page, pageSize)).toStrictEqual(expected);
  });
});
