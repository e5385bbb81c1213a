/**
 * `@nestjs/swagger` is an optional peer, loaded by `loadOptional`: a package that is not installed
 * is `undefined` (a `@Pagewise` route is then served, undescribed), one that is comes as its
 * module, and one that fails as it loads is that failure, not taken for a missing package.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOptional } from "../../src/adapters/nestjs/optional-module.js";

const folder = mkdtempSync(join(tmpdir(), "pagewise-optional-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("loadOptional", () => {
  it("gives undefined for a package that is not installed", async () => {
    await expect(loadOptional("pagewise-no-such-package")).resolves.toBeUndefined();
  });

  it("gives @nestjs/swagger's module where it is installed", async () => {
    const swagger = await loadOptional<{ ApiQuery?: unknown }>("@nestjs/swagger");
    expect(typeof swagger?.ApiQuery).toBe("function");
  });

  it("rejects with the error of a package that fails as it loads", async () => {
    const broken = join(folder, "broken.cjs");
    writeFileSync(broken, 'throw new Error("broken at load");\n');
    await expect(loadOptional(broken)).rejects.toThrow("broken at load");
  });
});
