/**
 * The runtime matrix's global setup: installs the runtimes test/runtimes/package.json pins (from
 * the npm registry, no install scripts) when test/runtimes/node_modules is missing.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Not runtimes.ts's: that module reads the installed runtimes' versions when loaded.
const RUNTIMES_DIR = fileURLToPath(new URL("./", import.meta.url));

export default function setup(): void {
  if (existsSync(`${RUNTIMES_DIR}node_modules`)) return;
  console.log("Installing the runtimes: npm ci --prefix test/runtimes --ignore-scripts");
  execFileSync("npm", ["ci", "--prefix", RUNTIMES_DIR, "--ignore-scripts"], { stdio: "inherit" });
}
