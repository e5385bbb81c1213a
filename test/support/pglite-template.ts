/**
 * Fresh PGlite databases for tests, fast: PGlite makes a new database by running initdb in
 * WebAssembly (2 to 5 s on a 2-core machine), while opening a data folder that initdb has already
 * made takes a fraction of that. {@link freshPgliteDir} copies one such folder, made once per
 * PGlite version and kept in the system's temporary folder (written under a scratch name and
 * renamed into place, so no run ever sees a half-made one). The copies go into the run's folder
 * (`TEST_PGLITE_COPIES`, which `pglite-global-setup.ts` makes and removes after the run), else into
 * one of this process's, removed when it exits normally; both in memory (`/dev/shm`) where the
 * system has it: PGlite writes a data folder through the file system, which on a disk with its
 * syncs is slower than PGlite in memory.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** PGlite's version: a template is only ever opened by the PGlite that made it. */
const version = (
  JSON.parse(
    readFileSync(
      new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url),
      "utf8",
    ),
  ) as { version: string }
).version;

/** Where the template of this PGlite version lives. */
const templateDir = join(tmpdir(), `pagewise-pglite-template-${version}`);

/**
 * Where folders of copies are made: `/dev/shm` (memory) where there is one, else the system's
 * temporary folder.
 *
 * @example
 * ```ts
 * mkdtempSync(join(copiesRoot(), "pagewise-pglite-run-"));
 * ```
 */
export const copiesRoot = (): string => (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());

/** The environment variable naming the run's folder of copies. */
export const COPIES_VARIABLE = "TEST_PGLITE_COPIES";

let copies: string | undefined;

/** The folder the copies go into. */
function copiesDir(): string {
  copies ??= process.env[COPIES_VARIABLE];
  if (copies === undefined) {
    const own = mkdtempSync(join(copiesRoot(), "pagewise-pglite-copies-"));
    process.once("exit", () => rmSync(own, { recursive: true, force: true }));
    copies = own;
  }
  return copies;
}

let template: Promise<string> | undefined;

/** Makes the template unless there is one; its folder. */
async function madeTemplate(): Promise<string> {
  if (existsSync(templateDir)) return templateDir;
  const scratch = mkdtempSync(join(tmpdir(), "pagewise-pglite-scratch-"));
  const db = await PGlite.create({ dataDir: scratch });
  await db.close();
  try {
    renameSync(scratch, templateDir);
  } catch (error) {
    // Another process renamed its own first: use that one.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(templateDir)) throw error;
  }
  return templateDir;
}

/**
 * A new PGlite data folder holding an empty database (as `PGlite.create()` in memory starts
 * with), to open with `PGlite.create({ dataDir })` or the example's `{ kind: "pglite", dataDir }`.
 *
 * @returns the folder, removed with the run's folder of copies
 * @example
 * ```ts
 * const db = await PGlite.create({ dataDir: await freshPgliteDir() });
 * ```
 */
export async function freshPgliteDir(): Promise<string> {
  template ??= madeTemplate();
  const dir = mkdtempSync(join(copiesDir(), "db-"));
  cpSync(await template, dir, { recursive: true });
  return dir;
}
