/**
 * Starts the NestJS 11 bundle (bundle-nest11.ts) with the Node running the tests, and stops it:
 * ready once it has printed `Listening on <origin> (<platform>)` for Express and for Fastify.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";

const READY_MS = 30_000;
/** Where the apps serve the walk routes as `@Get(path) @Pagewise(list)`, for SwaggerModule. */
export const DESCRIBED = "/described";
export const NEST11_PLATFORMS = ["express", "fastify"] as const;
export type Nest11Platform = (typeof NEST11_PLATFORMS)[number];

/** The NestJS 11 apps serving: each platform's origin, and how to stop them. */
export interface Nest11Process {
  readonly origins: Readonly<Record<Nest11Platform, string>>;
  readonly close: () => Promise<void>;
}

/** The origin each platform's line gives in `output`, once both have one. */
function printedOrigins(output: string): Record<Nest11Platform, string> | undefined {
  const found = NEST11_PLATFORMS.map(
    (name) => new RegExp(`^Listening on (http://\\S+) \\(${name}\\)$`, "m").exec(output)?.[1],
  );
  if (!found.every(Boolean)) return undefined;
  return { express: found[0] as string, fastify: found[1] as string };
}

/** Runs `serve-nest11.cjs` in `folder` until both apps serve (rejects if it exits or takes 30 s). */
export async function startNest11(folder: string): Promise<Nest11Process> {
  const child = spawn(process.execPath, [join(folder, "serve-nest11.cjs")], {
    cwd: folder,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = once(child, "exit");
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };
  let output = "";
  const origins = new Promise<Record<Nest11Platform, string>>((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`NestJS 11 ${why}:\n${output}`));
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
        const printed = printedOrigins(output);
        if (printed) resolve(printed);
      });
    }
    void exited.then(() => fail("exited before serving"));
    setTimeout(() => fail(`did not serve within ${READY_MS} ms`), READY_MS).unref();
  });
  try {
    return { origins: await origins, close };
  } catch (error) {
    await close();
    throw error;
  }
}
