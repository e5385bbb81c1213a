/**
 * `npm test`'s global setup: a folder for the run's PGlite copies (`freshPgliteDir`), named
 * to the workers in `TEST_PGLITE_COPIES` and removed with every copy after the run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { COPIES_VARIABLE, copiesRoot } from "./pglite-template.js";

export default function setup(): () => void {
  const dir = mkdtempSync(join(copiesRoot(), "pagewise-pglite-run-"));
  process.env[COPIES_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
