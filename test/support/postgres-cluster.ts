/**
 * A throwaway PostgreSQL cluster for tests and benchmarks, from Debian's `postgresql` package:
 * `initdb` and `pg_ctl` in a temporary folder (run as the `postgres` user when we are root, since
 * initdb refuses root), listening on 127.0.0.1 at a free port, removed by `remove()`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";

/** A running cluster. */
export interface Cluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: the superuser on the maintenance database. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown: connections are closed), keeping its data. */
  stop(): void;
  /** Starts it again on the same port. */
  start(): void;
  /** Freezes every process of the server (SIGSTOP): a database that hangs, connections open. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  /** Stops the server if it runs and deletes its folder. */
  remove(): void;
}

/** The folder of Debian's PostgreSQL programs (`PG_BIN` overrides). */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, "bin")).find((bin) => existsSync(join(bin, "initdb")));
}

/** Starts a new cluster; throws when PostgreSQL is not installed. */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  if (bin === undefined) {
    throw new Error("PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN)");
  }
  const dir = mkdtempSync(join(tmpdir(), "pagewise-pg-"));
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [command, all] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, program), ...args]]
      : [join(bin, program), args];
    const result = spawnSync(command, all as string[], { encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(`${program} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    run("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
  } catch (error) {
    removeDir();
    throw error;
  }
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "-t", "60", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  const signal = (name: "SIGSTOP" | "SIGCONT") => {
    const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    for (const pid of [postmaster, ...childrenOf(postmaster)]) {
      try {
        process.kill(pid, name);
      } catch {
        // a backend that ended meanwhile
      }
    }
  };
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off("exit", remove);
    try {
      signal("SIGCONT"); // a paused server cannot stop
    } catch {
      // not running
    }
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // not running
    }
    removeDir();
  };
  // A run that ends without its teardown (an error, a signal's default exit) still removes it.
  process.on("exit", remove);
  try {
    start();
  } catch (error) {
    remove();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
    remove,
  };
}

/** The processes whose parent is `pid` (the postmaster's backends and workers), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^[0-9]+$/.test(entry))
    .filter((entry) => {
      try {
        // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}
