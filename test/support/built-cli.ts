/**
 * The `pagewise` bin as users run it: built from the sources with tsup.config.ts's bin entry into
 * a folder of its own (no earlier `npm run build`, never a stale dist/), run with node as a child
 * process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { build, type Options } from "tsup";
import configs from "../../tsup.config.js";

/** A finished run: its exit status and what it printed. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Builds the bin into a new folder; the path of its `index.js` and a function that removes it. */
export async function buildCli(): Promise<{ bin: string; remove: () => void }> {
  const root = new URL(
    `../../node_modules/.cache/pagewise-cli-test/${process.pid}-${Date.now()}/`,
    import.meta.url,
  );
  mkdirSync(root, { recursive: true });
  // The bin reads its version from ../../package.json, beside dist/ as in the package.
  writeFileSync(new URL("package.json", root), '{ "type": "module", "version": "0.0.0-test" }\n');
  const binBuild = (configs as Options[]).find((config) =>
    JSON.stringify(config.entry).includes("cli/index"),
  );
  await build({
    ...binBuild,
    config: false,
    outDir: new URL("dist/", root).pathname,
    silent: true,
  });
  return {
    bin: new URL("dist/cli/index.js", root).pathname,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Starts `bin` with `args`, its output piped; the environment without PAGEWISE_API_KEY. */
export function spawnCli(bin: string, args: readonly string[]): ChildProcess {
  const { PAGEWISE_API_KEY: _, ...env } = process.env;
  return spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
}

/** What a started run printed and its exit status, once it exits. */
export function finished(child: ChildProcess): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs `bin` with `args` to its end. */
export function runCli(bin: string, args: readonly string[]): Promise<CliRun> {
  return finished(spawnCli(bin, args));
}
