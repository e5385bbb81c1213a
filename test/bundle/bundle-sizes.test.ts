/**
 * Each bundle within its budget (bundle-sizes.ts), a page-mode worker without cursor code, and a
 * worker whose filter is a `zod/mini` schema validating as documented, run from its own bundle.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGETS, measure, sizeLine } from "./bundle-sizes.js";

/** The cursor list mode's modules: its folder, its server and checks in the pipeline, its keyset SQL. */
const CURSOR_MODULES =
  /src\/(cursor\/[a-z-]+|resource\/(serve-cursor-list|cursor-list|cursor-rows|cursor-apart)|sql\/keyset-condition)\.ts$/;

describe("bundle sizes", () => {
  it.each(BUDGETS)("$name: within $minified bytes minified, $gzipped gzipped", async (budget) => {
    const measured = await measure(budget.entry, budget.platform);
    console.log(sizeLine(budget, measured));
    expect(measured.minified).toBeLessThanOrEqual(budget.minified);
    expect(measured.gzipped).toBeLessThanOrEqual(budget.gzipped);
  });

  it.each([
    // Sort's row comparison and ORDER BY still live in cursor/keyset.ts: a list's sort reaches it.
    ["test/bundle/page-worker.ts", ["src/cursor/keyset.ts"]],
    [
      "test/bundle/cursor-worker.ts",
      [
        "src/cursor/cursor-links.ts",
        "src/cursor/cursor-page.ts",
        "src/cursor/cursor-query.ts",
        "src/cursor/cursor-token.ts",
        "src/cursor/hmac-key.ts",
        "src/cursor/keyset-rows.ts",
        "src/cursor/keyset-union.ts",
        "src/cursor/keyset.ts",
        "src/resource/cursor-apart.ts",
        "src/resource/cursor-list.ts",
        "src/resource/cursor-rows.ts",
        "src/resource/serve-cursor-list.ts",
        "src/sql/keyset-condition.ts",
      ],
    ],
  ])("%s holds the cursor modules %j", async (entry, cursorModules) => {
    const { modules } = await measure(entry, "neutral");
    expect(modules.filter((path) => CURSOR_MODULES.test(path)).sort()).toStrictEqual(cursorModules);
  });
});

describe("a worker filtering with zod/mini, bundled", () => {
  type Worker = { fetch: (request: Request) => Response | Promise<Response> };
  const dir = mkdtempSync(join(tmpdir(), "pagewise-bundle-"));
  let worker: Worker;
  beforeAll(async () => {
    const { code } = await measure("test/bundle/zod-mini-worker.ts", "neutral");
    const file = join(dir, "worker.mjs");
    writeFileSync(file, code);
    worker = (await import(pathToFileURL(file).href)).default as Worker;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [
      "/items/?done=true&page_size=2",
      200,
      [
        { id: 1, done: true },
        { id: 3, done: true },
      ],
    ],
    [
      "/items/?page_size=2",
      200,
      [
        { id: 1, done: true },
        { id: 2, done: false },
      ],
    ],
    ["/items/?done=maybe", 400, "validation_failed"],
  ])("GET %s → %i %j", async (path, status, body) => {
    const answer = await worker.fetch(new Request(`http://worker.test${path}`));
    const json = (await answer.json()) as { code?: string };
    expect([answer.status, status === 400 ? json.code : json]).toStrictEqual([status, body]);
  });
});
