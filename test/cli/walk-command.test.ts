/**
 * `pagewise walk` as a process, against the example server (memory store) and a proxy in front of
 * it that slows, drops or fails pages: every item once in each format and concurrency, a list that
 * changes under the walk, retries, errors as one line with their exit status, Ctrl-C then
 * `--from`, and a closed pipe.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../examples/package-store/config.js";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import type { Started } from "../../examples/package-store/started.js";
import { EXIT_STATUS } from "../../src/cli/exit-status.js";
import { buildCli, finished, runCli, spawnCli } from "../support/built-cli.js";
import { type Fault, type FaultyProxy, startFaultyProxy } from "../support/faulty-proxy.js";
import { freePort } from "../support/free-port.js";

const KEY = "cli-key";
const config: Config = {
  host: "127.0.0.1",
  port: 0,
  apiKey: KEY,
  apiKeyIsDefault: false,
  seed: 120,
};
const ALL = Array.from({ length: 120 }, (_, i) => i + 1);
const LIST = "/package/demo/tools/packages/";

let bin = "";
let removeBin = () => {};
let server: Started;
const opened: FaultyProxy[] = [];

beforeAll(async () => {
  [{ bin, remove: removeBin }, server] = await Promise.all([
    buildCli(),
    startFastify({ ...config, store: { kind: "memory" } }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((proxy) => proxy.close()));
  await server.close();
  removeBin();
});

/** A proxy to the example server, closed after the file's tests. */
async function proxy(fault?: (target: string) => Fault | Promise<Fault>): Promise<FaultyProxy> {
  const started = await startFaultyProxy(server.url, fault);
  opened.push(started);
  return started;
}

/** The `id`s of the items written in `format`. */
function ids(format: string, stdout: string): number[] {
  if (format === "json") return (JSON.parse(stdout) as { id: number }[]).map((item) => item.id);
  if (format === "csv") {
    const [header, ...rows] = parse(stdout, { record_delimiter: "\r\n" }) as string[][];
    expect(header).toStrictEqual(["id", "name", "version", "status", "created_at"]);
    return rows.map((row) => Number(row[0]));
  }
  const lines = stdout.split("\n").filter((line) => line !== "");
  return lines.map((line) => (JSON.parse(line) as { id: number }).id);
}

describe.concurrent("every item once, in order", () => {
  it.each([
    ["ndjson", 1],
    ["ndjson", 8],
    ["json", 1],
    ["json", 8],
    ["csv", 1],
    ["csv", 8],
  ])("%s at concurrency %i", async (format, concurrency) => {
    const url = `${server.url}${LIST}?page_size=7`;
    const args = ["walk", url, "--api-key", KEY, "-f", format, "--concurrency", `${concurrency}`];
    const run = await runCli(bin, args);
    expect(run).toMatchObject({ status: EXIT_STATUS.complete });
    expect(ids(format, run.stdout)).toStrictEqual(ALL);
    // Not a terminal: plain progress lines, the last with the totals.
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /^pagewise: 18\/18 pages, 120\/120 items, \d+ items\/s$/,
    );
  });

  it("walks a cursor list by its next links, -H for the key", async () => {
    const url = `${server.url}/v2/package/demo/tools/?page_size=25`;
    const run = await runCli(bin, [
      "walk",
      url,
      "-H",
      `X-Api-Key: ${KEY}`,
      "-q",
      "--concurrency",
      "8",
    ]);
    expect(run).toStrictEqual({
      status: EXIT_STATUS.complete,
      stdout: expect.any(String),
      stderr: "",
    });
    expect(ids("ndjson", run.stdout)).toStrictEqual(ALL);
  });
});

describe("a network and a list that misbehave", () => {
  it("asks again for a page whose connection dropped mid-body", async () => {
    let dropped = false;
    const flaky = await proxy((target) => {
      if (target.includes("page=2") && !dropped) {
        dropped = true;
        return { kind: "drop-mid-body" };
      }
      return { kind: "pass" };
    });
    const run = await runCli(bin, [
      "walk",
      `${flaky.url}${LIST}?page_size=50`,
      "--api-key",
      KEY,
      "-q",
    ]);
    expect([run.status, run.stderr, ids("ndjson", run.stdout)]).toStrictEqual([0, "", ALL]);
    expect(flaky.targets.filter((target) => target.includes("page=2"))).toHaveLength(2);
  });

  it("keeps what was written when a page answers 500 three times, in one line and a --from", async () => {
    const failing = await proxy((target) =>
      target.includes("page=3") ? { kind: "status", status: 500 } : { kind: "pass" },
    );
    const url = `${failing.url}${LIST}?page_size=7`;
    const run = await runCli(bin, [
      "walk",
      url,
      "--api-key",
      KEY,
      "-q",
      "--retries",
      "2",
      "-f",
      "json",
    ]);
    expect(run.status).toBe(EXIT_STATUS.failed);
    expect(ids("json", run.stdout)).toStrictEqual(ALL.slice(0, 14));
    expect(run.stderr.split("\n")).toStrictEqual([
      `pagewise: GET ${failing.url}${LIST}?page=3&page_size=7 answered 500: Internal Server Error`,
      `pagewise: stopped after 2 pages (14 items); to go on, run the same command with --from '${failing.url}${LIST}?page=3&page_size=7'`,
      "",
    ]);
    expect(failing.targets.filter((target) => target.includes("page=3"))).toHaveLength(3);
  });

  it("reports a list that changes during the walk, and still writes every row that stayed once", async () => {
    const path = "/package/demo/changing/";
    const rows = Array.from({ length: 60 }, (_, i) => ({
      name: `c${i + 1}`,
      version: "1.0.0",
      status: i % 3 === 0 ? "failed" : "completed",
    }));
    const seeded = await fetch(server.url + path, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: JSON.stringify(rows),
    });
    const created = (await seeded.json()) as { id: number; status: string }[];
    let deleted = false;
    const changing = await proxy(async (target) => {
      if (target.includes("page=3") && !deleted) {
        deleted = true;
        await fetch(server.url + path, {
          method: "DELETE",
          headers: { "x-api-key": KEY, "content-type": "application/json" },
          body: JSON.stringify({ status: "failed" }),
        });
      }
      return { kind: "pass" };
    });
    const run = await runCli(bin, [
      "walk",
      `${changing.url}${path}?page_size=10`,
      "--api-key",
      KEY,
      "-q",
    ]);
    const written = ids("ndjson", run.stdout);
    const stayed = created.filter((row) => row.status === "completed").map((row) => row.id);
    expect(run.status).toBe(EXIT_STATUS.complete);
    expect(written).toStrictEqual([...new Set(written)].sort((a, b) => a - b));
    expect(written.filter((id) => stayed.includes(id))).toStrictEqual(stayed);
    expect(run.stderr).toMatch(
      /^pagewise: the list changed during the walk \(count 60 → 40\), seen at http:\/\/127\.0\.0\.1:\d+\/package\/demo\/changing\/\?page=3&page_size=10\n/,
    );
  });
});

describe.concurrent("errors: one line and an exit status", () => {
  it.each<[string, (origin: string) => string[], number, RegExp]>([
    [
      "a URL that is not http",
      () => ["walk", "ftp://x/"],
      EXIT_STATUS.usage,
      /must be an http:\/\/ or https:\/\/ URL/,
    ],
    [
      "an unknown option",
      (o) => ["walk", o, "--nope"],
      EXIT_STATUS.usage,
      /^pagewise: unknown option '--nope'$/,
    ],
    [
      "a --from of another list",
      (o) => ["walk", `${o}${LIST}`, "--from", `${o}/other/`],
      EXIT_STATUS.usage,
      /^pagewise: --from must be a page of/,
    ],
    [
      "a --from to a file in a format that cannot be appended to",
      (o) => [
        "walk",
        `${o}${LIST}`,
        "-f",
        "csv",
        "-o",
        "/dev/null",
        "--from",
        `${o}${LIST}?page=2`,
      ],
      EXIT_STATUS.usage,
      /^pagewise: --from with -o appends to \/dev\/null, which only --format ndjson can do; write to another file, or walk as ndjson$/,
    ],
    [
      "a sort no server can read",
      (o) => ["walk", `${o}${LIST}`, "--sort", "name,,id"],
      EXIT_STATUS.usage,
      /^pagewise: .*sort/,
    ],
    [
      "no API key",
      (o) => ["walk", `${o}${LIST}`],
      EXIT_STATUS.failed,
      /answered 401: Unauthorized \(.*X-Api-Key.*\)$/,
    ],
    [
      "a full disk",
      (o) => ["walk", `${o}${LIST}`, "--api-key", KEY, "-o", "/dev/full"],
      EXIT_STATUS.outputFailed,
      /^pagewise: cannot write \/dev\/full: no space left on the device \(ENOSPC\)$/,
    ],
  ])("%s", async (_, args, status, line) => {
    const run = await runCli(bin, [...args(server.url), "-q"]);
    expect([run.status, run.stderr.split("\n").length]).toStrictEqual([status, 2]);
    expect(run.stderr.trim()).toMatch(line);
  });

  it("names the cause of a server it cannot reach", async () => {
    const origin = `http://127.0.0.1:${await freePort()}`;
    const run = await runCli(bin, ["walk", `${origin}/items/`, "-q", "--retries", "0"]);
    expect(run).toStrictEqual({
      status: EXIT_STATUS.failed,
      stdout: "",
      stderr: `pagewise: cannot reach ${origin}/items/: connect ECONNREFUSED ${origin.slice(7)}\n`,
    });
  });
});

describe("stopping early", () => {
  it("stops after the page in flight on Ctrl-C, and --from goes on: every item once overall", async () => {
    const slow = await proxy(() => ({ kind: "pass", delayMs: 60 }));
    const url = `${slow.url}${LIST}?page_size=10`;
    const child = spawnCli(bin, ["walk", url, "--api-key", KEY, "-f", "json"]);
    const run = finished(child);
    child.stdout?.once("data", () => child.kill("SIGINT"));
    const first = await run;
    expect(first.status).toBe(EXIT_STATUS.interrupted);
    const from = /--from '([^']+)'\n$/.exec(first.stderr)?.[1] ?? "";
    expect(from).toMatch(/\?page=\d+&page_size=10$/);
    const rest = await runCli(bin, [
      "walk",
      url,
      "--api-key",
      KEY,
      "-f",
      "json",
      "--from",
      from,
      "-q",
    ]);
    expect(rest.status).toBe(EXIT_STATUS.complete);
    const written = [...ids("json", first.stdout), ...ids("json", rest.stdout)];
    expect(written).toStrictEqual(ALL);
    expect(ids("json", first.stdout).length).toBeLessThan(120);
  });

  it("appends to -o's file when it goes on --from, as the stopped walk said to", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pagewise-cli-"));
    try {
      const file = join(dir, "items.ndjson");
      writeFileSync(file, '{"id":0}\n');
      const from = `${server.url}${LIST}?page=12&page_size=10`;
      const args = ["walk", `${server.url}${LIST}?page_size=10`, "--from", from, "-o", file];
      const run = await runCli(bin, [...args, "--api-key", KEY, "-q"]);
      expect(run.status).toBe(EXIT_STATUS.complete);
      expect(ids("ndjson", readFileSync(file, "utf8"))).toStrictEqual([0, ...ALL.slice(110)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ends quietly with 141 when the reader goes away (| head -n 5)", async () => {
    const slow = await proxy(() => ({ kind: "pass", delayMs: 20 }));
    const command = `"${process.execPath}" "${bin}" walk "${slow.url}${LIST}?page_size=2" --api-key ${KEY} | head -n 5; echo "status \${PIPESTATUS[0]}"`;
    const run = await finished(
      spawn("bash", ["-c", command], { stdio: ["ignore", "pipe", "pipe"] }),
    );
    const lines = run.stdout.trim().split("\n");
    expect(lines.slice(0, 5).map((line) => (JSON.parse(line) as { id: number }).id)).toStrictEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(lines.slice(5)).toStrictEqual(["status 141"]);
    expect(run.stderr).not.toMatch(/Error|at /);
  });
});
