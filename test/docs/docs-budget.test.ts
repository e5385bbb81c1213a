/**
 * The documentation stays a user's: docs/ at most 120 KB in all, and docs/performance.md, the
 * current figures with their commands (the history of runs is in the CHANGELOG and git), at most
 * 15 KB. 1 KB = 1,000 bytes, as `wc -c` counts them.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/package-files.js";

/** The most bytes docs/ may hold, every page together. */
const DOCS_BUDGET = 120_000;
/** The most bytes docs/performance.md may hold. */
const PERFORMANCE_BUDGET = 15_000;

const docs = join(ROOT, "docs");
const bytesOf = (name: string) => statSync(join(docs, name)).size;

describe("docs/", () => {
  it(`holds at most ${DOCS_BUDGET} bytes in all`, () => {
    const pages = readdirSync(docs).filter((name) => name.endsWith(".md"));
    const sizes = Object.fromEntries(pages.map((name) => [name, bytesOf(name)]));
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    expect(total, `bytes by page: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(DOCS_BUDGET);
  });

  it(`keeps performance.md within ${PERFORMANCE_BUDGET} bytes`, () => {
    expect(bytesOf("performance.md")).toBeLessThanOrEqual(PERFORMANCE_BUDGET);
  });
});
