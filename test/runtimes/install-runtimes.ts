/**
 * The runtime matrix's global setup: installs the runtimes test/runtimes/package.json pins and the
 * NestJS 11 test/runtimes/nest11/package.json pins (from the npm registry, no install scripts) when
 * their node_modules is missing, and copies the built pagewise (package.json and dist/, as npm
 * installs it) into nest11's node_modules/pagewise on every run: a link would resolve `@nestjs/*`
 * from the project's own node_modules (Nest 12) instead of Nest 11.
 */

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Not runtimes.ts's: that module reads the installed runtimes' versions when loaded.
const RUNTIMES_DIR = fileURLToPath(new URL("./", import.meta.url));
const NEST11_DIR = fileURLToPath(new URL("./nest11/", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** `npm ci` in `folder` (its package-lock.json) unless its node_modules is there. */
function install(folder: string, what: string): void {
  if (existsSync(`${folder}node_modules`)) return;
  const at = folder.slice(ROOT.length, -1);
  console.log(`Installing ${what}: npm ci --prefix ${at} --ignore-scripts`);
  execFileSync("npm", ["ci", "--prefix", folder, "--ignore-scripts"], { stdio: "inherit" });
}

/** pagewise as npm installs it in NestJS 11's folder: its package.json and dist/, copied. */
function copyPagewise(): void {
  const target = `${NEST11_DIR}node_modules/pagewise/`;
  rmSync(target, { recursive: true, force: true });
  cpSync(`${ROOT}package.json`, `${target}package.json`);
  cpSync(`${ROOT}dist`, `${target}dist`, { recursive: true });
}

export default function setup(): void {
  install(RUNTIMES_DIR, "the runtimes");
  install(NEST11_DIR, "NestJS 11");
  copyPagewise();
}
