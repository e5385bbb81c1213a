/** An example server in a Node process of its own, as `npm run example` starts it. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** A started process: the child, its URL once it prints the listening line, and all it printed. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** Resolves with `http://127.0.0.1:PORT`; rejects if the process exits first. */
  readonly url: Promise<string>;
  readonly output: () => string;
}

/**
 * Runs `node <args>` with the environment given over this one's, and waits for its
 * `Listening on http://…` line.
 */
export function startServerProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): ServerProcess {
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) =>
      reject(new Error(`${args.join(" ")} exited with ${code} before listening:\n${output}`)),
    );
  });
  return { child, url, output: () => output };
}

const scripts: Record<string, string> = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).scripts;

/**
 * Runs an `npm run` script's own command (a `node …` one; without the npm wrapper, which dies of
 * a signal itself) as {@link startServerProcess} does, with `env` over this one's.
 */
export function startScript(script: string, env: Readonly<Record<string, string>>): ServerProcess {
  const [command, ...args] = (scripts[script] ?? "").split(" ");
  if (command !== "node") {
    throw new Error(`npm run ${script} is expected to run node, not ${command}`);
  }
  return startServerProcess(args, env);
}
