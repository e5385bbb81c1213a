/**
 * Starts a runtime of the matrix serving the Workers of apps.ts on 127.0.0.1, each on a port of
 * its own, and stops it: a server that prints `Listening on <origin> (<name>)` for each is ready
 * then; workerd, which prints nothing, when each port it was given first answers.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { freePort } from "../support/free-port.js";
import { APPS } from "./apps.js";
import type { AppName, Runtime } from "./runtimes.js";

const READY_MS = 30_000;
const NAMES = Object.keys(APPS) as AppName[];

/** A runtime serving: each Worker's origin, and how to stop it. */
export interface RuntimeProcess {
  readonly origins: Readonly<Record<AppName, string>>;
  readonly close: () => Promise<void>;
}

/** Resolves once `origin` answers any request, polling every 50 ms while `alive()`. */
async function answering(origin: string, alive: () => boolean): Promise<string> {
  while (alive()) {
    const answered = await fetch(origin).then(
      async (response) => {
        await response.body?.cancel();
        return true;
      },
      () => false,
    );
    if (answered) return origin;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("exited");
}

/** The origin each Worker's line gives in `output`, once every Worker has one. */
function printedOrigins(output: string): Record<AppName, string> | undefined {
  const found = NAMES.map(
    (name) =>
      new RegExp(`^Listening on (http://127\\.0\\.0\\.1:\\d+) \\(${name}\\)$`, "m").exec(
        output,
      )?.[1],
  );
  if (!found.every(Boolean)) return undefined;
  return Object.fromEntries(NAMES.map((name, i) => [name, found[i]])) as Record<AppName, string>;
}

/**
 * Runs `runtime` on the bundles in `folder` (bundle.ts) until each Worker serves.
 *
 * @returns each Worker's origin, and how to stop it (SIGTERM, then SIGKILL after 5 s)
 */
export async function startRuntime(runtime: Runtime, folder: string): Promise<RuntimeProcess> {
  const ports = Object.fromEntries(
    await Promise.all(NAMES.map(async (name) => [name, await freePort()] as const)),
  ) as Record<AppName, number>;
  const file = join(folder, runtime.entry === "workerd" ? "workerd.capnp" : `${runtime.entry}.mjs`);
  const child = spawn(runtime.binary, runtime.args(file, ports), {
    env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let printed: (origins: Record<AppName, string>) => void = () => undefined;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      output += chunk;
      const origins = printedOrigins(output);
      if (origins) printed(origins);
    });
  }
  const exited = once(child, "exit");
  const alive = () => child.exitCode === null && child.signalCode === null;
  const ready =
    runtime.entry === "workerd"
      ? Promise.all(NAMES.map((n) => answering(`http://127.0.0.1:${ports[n]}`, alive))).then(
          (origins) => Object.fromEntries(NAMES.map((n, i) => [n, origins[i]])),
        )
      : new Promise<Record<AppName, string>>((resolve) => {
          printed = resolve;
        });
  const failed = new Promise<never>((_, reject) => {
    const fail = (why: string) => reject(new Error(`${runtime.name} ${why}:\n${output}`));
    void exited.then(() => fail("exited before serving"));
    setTimeout(() => fail(`did not serve within ${READY_MS} ms`), READY_MS).unref();
  });
  failed.catch(() => undefined); // read by the race below; a rejection after the start is no news
  const close = async () => {
    if (!alive()) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    return { origins: (await Promise.race([ready, failed])) as Record<AppName, string>, close };
  } catch (error) {
    await close();
    throw error;
  }
}
