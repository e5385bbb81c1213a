/**
 * `check`'s oracle is its own: what it imports, followed file by file, reaches none of the code it
 * judges (pagewise's page math, parameters, options and resource pipeline), so a bug there shows
 * as a failed check instead of being the rule.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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
