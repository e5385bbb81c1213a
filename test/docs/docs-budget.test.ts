/**
 * The documentation stays a user's: the pages every user reads at most 105 KB in all; each page
 * of one integration (a query builder, an ORM or a framework: a user reads the one they use) at
 * most 9.5 KB; and docs/performance.md, the current figures with their commands (the history of
 * runs is in the CHANGELOG and git), at most 15 KB. 1 KB = 1,000 bytes, as `wc -c` counts them.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/package-files.js";

/** The most bytes the pages every user reads may hold together. */
const DOCS_BUDGET = 105_000;
/** The pages of one integration each, and the most bytes each may hold. */
const INTEGRATIONS = ["drizzle.md", "kysely.md", "nestjs.md", "prisma.md", "typeorm.md"];
const INTEGRATION_BUDGET = 9_500;
/** The most bytes docs/performance.md may hold. */
const PERFORMANCE_BUDGET = 15_000;

const docs = join(ROOT, "docs");
const bytesOf = (name: string) => statSync(join(docs, name)).size;

describe("docs/", () => {
  it(`holds at most ${DOCS_BUDGET} bytes in the pages every user reads`, () => {
    const pages = readdirSync(docs).filter(
      (name) => name.endsWith(".md") && !INTEGRATIONS.includes(name),
    );
    const sizes = Object.fromEntries(pages.map((name) => [name, bytesOf(name)]));
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
    expect(total, `bytes by page: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(DOCS_BUDGET);
  });

  it.each(INTEGRATIONS)(`keeps %s within ${INTEGRATION_BUDGET} bytes`, (name) => {
    expect(bytesOf(name)).toBeLessThanOrEqual(INTEGRATION_BUDGET);
  });

  it(`keeps performance.md within ${PERFORMANCE_BUDGET} bytes`, () => {
    expect(bytesOf("performance.md")).toBeLessThanOrEqual(PERFORMANCE_BUDGET);
  });
});
