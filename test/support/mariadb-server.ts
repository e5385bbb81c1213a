/**
 * A throwaway MariaDB server for tests, from Debian's `mariadb-server` package:
 * `mariadb-install-db` into a temporary folder, `mariadbd` (as the `mysql` user when we are root)
 * listening on 127.0.0.1 at a free port with its socket in that folder, a database `pagewise` and
 * a user of that name, removed by `remove()`. Settings are the compiled-in ones (`--no-defaults`)
 * but for the character set: utf8mb4, as Debian's own configuration sets it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import { freePort } from "./free-port.js";

/** A running server. */
export interface MariaDbServer {
  /** `mysql://pagewise:pagewise@127.0.0.1:PORT/pagewise`: a user with every privilege. */
  readonly url: string;
  readonly port: number;
  /** Stops the server (a normal shutdown: connections are closed), keeping its data. */
  stop(): void;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): a database that hangs, connections open. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  /** Stops the server if it runs and deletes its folder. */
  remove(): void;
}

/** The server program of Debian's package. */
const mariadbd = "/usr/sbin/mariadbd";
/** How long a start may take before it counts as failed. */
const startTimeoutMs = 60_000;
/** Run at every start: the database and the user, created once. */
const initSql = `CREATE DATABASE IF NOT EXISTS pagewise;
CREATE USER IF NOT EXISTS 'pagewise'@'127.0.0.1' IDENTIFIED BY 'pagewise';
GRANT ALL PRIVILEGES ON *.* TO 'pagewise'@'127.0.0.1' WITH GRANT OPTION;
`;

/** Starts a new server; throws when MariaDB is not installed or does not start in time. */
export async function startMariaDb(): Promise<MariaDbServer> {
  if (!existsSync(mariadbd)) {
    throw new Error("MariaDB is not installed: apt-get install mariadb-server");
  }
  const dir = mkdtempSync(join(tmpdir(), "pagewise-mariadb-"));
  const asRoot = process.getuid?.() === 0;
  let removed = false;
  let child: ChildProcess | undefined;
  const port = await freePort();
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off("exit", remove);
    if (child?.exitCode === null) {
      child.kill("SIGCONT"); // a paused server cannot end
      child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A run that ends without its teardown (an error, a signal's default exit) still removes it.
  process.on("exit", remove);
  const start = async () => {
    child = spawnServer(dir, port, asRoot);
    await whenReady(child, dir, port);
  };
  try {
    installDb(dir, asRoot);
    await start();
  } catch (error) {
    remove();
    throw error;
  }
  return {
    url: `mysql://pagewise:pagewise@127.0.0.1:${port}/pagewise`,
    port,
    stop: () => stopServer(child),
    start,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
    remove,
  };
}

/** `mariadb-install-db` into `dir/data`, and the start's SQL beside it. */
function installDb(dir: string, asRoot: boolean): void {
  if (asRoot) chownSync(dir, uid("-u"), uid("-g"));
  const result = spawnSync(
    "mariadb-install-db",
    [
      "--no-defaults",
      `--datadir=${join(dir, "data")}`,
      ...(asRoot ? ["--user=mysql"] : []),
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
    ],
    { encoding: "utf8", timeout: startTimeoutMs },
  );
  if (result.status !== 0) {
    throw new Error(`mariadb-install-db failed: ${result.stderr || result.stdout || result.error}`);
  }
  writeFileSync(join(dir, "init.sql"), initSql);
}

/** The `mysql` user's id (`-u`) or group (`-g`). */
function uid(flag: "-u" | "-g"): number {
  return Number(spawnSync("id", [flag, "mysql"], { encoding: "utf8" }).stdout);
}

/** `mariadbd` in the foreground, its log in `dir/error.log`. */
function spawnServer(dir: string, port: number, asRoot: boolean): ChildProcess {
  const child = spawn(
    mariadbd,
    [
      "--no-defaults",
      ...(asRoot ? ["--user=mysql"] : []),
      `--datadir=${join(dir, "data")}`,
      `--socket=${join(dir, "mariadbd.sock")}`,
      `--pid-file=${join(dir, "mariadbd.pid")}`,
      `--log-error=${join(dir, "error.log")}`,
      `--init-file=${join(dir, "init.sql")}`,
      `--port=${port}`,
      "--bind-address=127.0.0.1",
      "--skip-networking=0",
      "--skip-name-resolve",
      "--character-set-server=utf8mb4",
      "--skip-log-bin",
      "--innodb-flush-log-at-trx-commit=0",
      "--innodb-buffer-pool-size=64M",
    ],
    { stdio: "ignore" },
  );
  child.unref();
  return child;
}

/** Resolves once the user can log in; throws when the server ends first or takes too long. */
async function whenReady(child: ChildProcess, dir: string, port: number): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = join(dir, "error.log");
      const tail = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "";
      throw new Error(`mariadbd did not start (exit ${child.exitCode}): ${tail}`);
    }
    try {
      const connection = await createConnection({
        host: "127.0.0.1",
        port,
        user: "pagewise",
        password: "pagewise",
        database: "pagewise",
      });
      await connection.end();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** SIGTERM (a normal shutdown), then waits for the process to end. */
function stopServer(child: ChildProcess | undefined): void {
  if (child === undefined || child.exitCode !== null || child.pid === undefined) return;
  child.kill("SIGCONT");
  child.kill("SIGTERM");
  const deadline = Date.now() + startTimeoutMs;
  while (isAlive(child.pid)) {
    if (Date.now() > deadline) throw new Error("mariadbd did not stop");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50); // a synchronous sleep
  }
}

/** Whether a process still runs (a zombie, ended but not reaped, counts as ended). */
function isAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
