/**
 * `pagewise walk` as a process, against the example server (memory store) and a proxy in front of
 * it that slows, drops or fails pages: every item once in each format and concurrency, a list that
 * changes under the walk, retries, errors as one line with their exit status, Ctrl-C then
 * `--from`, and a closed pipe.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import type { Started } from "../../examples/package-store/started.js";
import { EXIT_STATUS } from "../../src/cli/exit-status.js";
import { buildCli, finished, runCli, spawnCli } from "../support/built-cli.js";
import { exampleConfig } from "../support/example-config.js";
import { freePort } from "../support/free-port.js";
import { type Answer, type HostileServer, startHostileServer } from "../support/hostile-server.js";
import { type Fault, type FaultyProxy, startFaultyProxy } from "./faulty-proxy.js";
import { type RewritingProxy, startRewritingProxy, type Transform } from "./rewriting-proxy.js";

const KEY = "cli-key";
const config = exampleConfig(KEY);
const ALL = Array.from({ length: 120 }, (_, i) => i + 1);
const LIST = "/package/demo/tools/packages/";

let bin = "";
let removeBin = () => {};
let server: Started;
const opened: (FaultyProxy | RewritingProxy)[] = [];

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

/** The options each "run the same command with …" line adds, read as a POSIX shell reads them. */
function printedOptions(stderr: string): string[][] {
  return [...stderr.matchAll(/run the same command with (.*)$/gm)].map((line) =>
    [...(line[1] ?? "").matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map(
      (word) => word[2] ?? (word[1] ?? "").replaceAll("'\\''", "'"),
    ),
  );
}

/** A proxy to the example server that rewrites its answers, closed after the file's tests. */
async function rewriting(transform: Transform): Promise<RewritingProxy> {
  const started = await startRewritingProxy(server.url, transform);
  opened.push(started);
  return started;
}

/** `answer` with its `rel="next"` link made `to(link)`, on the pages whose target has `page`. */
function nextLink(page: string, to: (link: string) => string): Transform {
  return ({ target }, answer) =>
    target.includes(page)
      ? {
          ...answer,
          headers: {
            ...answer.headers,
            link: (answer.headers.link ?? "").replace(
              /<([^>]*)>; rel="next"/,
              (_, link: string) => `<${to(link)}>; rel="next"`,
            ),
          },
        }
      : answer;
}

describe("what walk shows and suggests", () => {
  it.each<[string, () => Promise<string>, string[]]>([
    [
      "a page that answers 500 until the retries run out",
      async () => {
        let failures = 0;
        const failing = await proxy((target) =>
          target.includes("page=3") && failures++ < 3
            ? { kind: "status", status: 500 }
            : { kind: "pass" },
        );
        return failing.url;
      },
      ["--retries", "2"],
    ],
    [
      "a next link to another origin",
      async () => (await rewriting(nextLink("page=2", (link) => server.url + link))).url,
      [],
    ],
    [
      "a redirect to another origin",
      async () =>
        (
          await rewriting(({ target }, answer) =>
            target.includes("page=3")
              ? { status: 302, headers: { location: server.url + target }, body: "" }
              : answer,
          )
        ).url,
      [],
    ],
  ])(
    "after %s, each command line it prints is taken and walks on: every item once",
    async (_, origin, more) => {
      const args = [
        "walk",
        `${await origin()}${LIST}?page_size=10`,
        "--api-key",
        KEY,
        "-q",
        ...more,
      ];
      const first = await runCli(bin, args);
      expect([first.status, ids("ndjson", first.stdout)]).toStrictEqual([
        EXIT_STATUS.failed,
        ALL.slice(0, 20),
      ]);
      const printed = printedOptions(first.stderr);
      expect(printed).toHaveLength(1);
      const rest = await runCli(bin, [...args, ...(printed[0] ?? [])]);
      expect([rest.status, rest.stderr]).toStrictEqual([EXIT_STATUS.complete, ""]);
      expect([...ids("ndjson", first.stdout), ...ids("ndjson", rest.stdout)]).toStrictEqual(ALL);
    },
  );

  it("names --trust-origin, never trustedOrigins, for a next link to another origin", async () => {
    const elsewhere = await rewriting(nextLink("page=2", (link) => server.url + link));
    const url = `${elsewhere.url}${LIST}?page_size=10`;
    const run = await runCli(bin, ["walk", url, "--api-key", KEY, "-q"]);
    const refused = `${server.url}${LIST}?page=3&page_size=10`;
    expect(run.stderr.split("\n")).toStrictEqual([
      `pagewise: Refused ${refused}: its origin ${server.url} is neither the walk's, ${elsewhere.url}, nor in --trust-origin; name it there to follow it`,
      `pagewise: stopped after 2 pages (20 items); to go on, run the same command with --trust-origin '${server.url}' --from '${refused}'`,
      "",
    ]);
  });

  it("prints no --from after a loop, and says what looped", async () => {
    const looping = await rewriting(nextLink("page=3", (link) => link.replace("page=4", "page=2")));
    const url = `${looping.url}${LIST}?page_size=10`;
    const run = await runCli(bin, ["walk", url, "--api-key", KEY, "-q"]);
    expect([run.status, ids("ndjson", run.stdout)]).toStrictEqual([
      EXIT_STATUS.failed,
      ALL.slice(0, 30),
    ]);
    expect(printedOptions(run.stderr)).toStrictEqual([]);
    expect(run.stderr).toMatch(/^pagewise: .*page=2.*\n/);
    expect(run.stderr.split("\n").slice(1)).toStrictEqual([
      "pagewise: stopped after 3 pages (30 items); the list's links loop, so no --from goes on",
      "",
    ]);
  });

  it("counts the progress of a walk that goes on --from page 10 of 12 from there", async () => {
    const url = `${server.url}${LIST}?page_size=10`;
    const from = `${server.url}${LIST}?page=10&page_size=10`;
    const run = await runCli(bin, ["walk", url, "--api-key", KEY, "--from", from]);
    expect([run.status, ids("ndjson", run.stdout)]).toStrictEqual([0, ALL.slice(90)]);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /^pagewise: 3\/3 pages from page 10, 30\/30 items, \d+ items\/s$/,
    );
  });

  it.each([
    [
      "1000",
      "pagewise: asked for 1000 items a page, the server serves 500 (X-Pagination-PageSize)\n",
    ],
    ["50", ""],
  ])("says once when --page-size %s is not the size served", async (size, stderr) => {
    const url = `${server.url}${LIST}?page_size=10`;
    const run = await runCli(bin, ["walk", url, "--api-key", KEY, "--page-size", size, "-q"]);
    expect([run.status, run.stderr, ids("ndjson", run.stdout)]).toStrictEqual([0, stderr, ALL]);
  });

  it("refuses a --page-size other than the size in --from: it would skip or repeat rows", async () => {
    const url = `${server.url}${LIST}?page_size=10`;
    const from = `${server.url}${LIST}?page=3&page_size=10`;
    const args = ["walk", url, "--api-key", KEY, "--from", from, "--page-size", "20"];
    expect(await runCli(bin, args)).toStrictEqual({
      status: EXIT_STATUS.usage,
      stdout: "",
      stderr:
        "pagewise: --page-size 20 differs from the page size in --from (page_size=10): a walk that goes on at another size skips or repeats rows; leave out --page-size, or give 10\n",
    });
  });

  it.each([
    [[], "pagewise/0.0.0-test"],
    [["-H", "user-agent: mine/1"], "mine/1"],
  ])("with %j sends User-Agent %s", async (args, agent) => {
    const agents: (string | undefined)[] = [];
    const listener = createServer((request, response) => {
      agents.push(request.headers["user-agent"]);
      response.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = listener.address() as AddressInfo;
      const run = await runCli(bin, ["walk", `http://127.0.0.1:${port}/items/`, ...args]);
      expect([run.status, agents]).toStrictEqual([0, [agent]]);
    } finally {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

describe.concurrent("bounds on every wait and read", () => {
  const hostiles: HostileServer[] = [];
  afterAll(() => Promise.all(hostiles.map((server) => server.close())));

  /**
   * A hostile server serving `/items/`: pages 1 to `pages`, one item each (`{ id: n }`), linked by
   * next links; the page after them answered `after`, when given.
   */
  async function hostile(pages: number, after?: Answer): Promise<string> {
    const server = await startHostileServer((target) => {
      const page = Number(new URL(target, "http://x").searchParams.get("page") ?? "1");
      if (page > pages && after !== undefined) return after;
      const next = page < pages || after !== undefined ? `/items/?page=${page + 1}` : undefined;
      return { kind: "page", items: [{ id: page }], ...(next === undefined ? {} : { next }) };
    });
    hostiles.push(server);
    return server.url;
  }
  const goOn = (why: string, origin: string, page: number, raise = "") =>
    `pagewise: ${why} after 1 page (1 item); to go on, run the same command with ${raise}--from '${origin}/items/?page=${page}'`;

  it.each<[string, Answer, string[], string, string]>([
    [
      "no answer within --timeout",
      { kind: "silent" },
      ["--timeout", "1.5"],
      ": no answer within 1.5 s; --timeout raises it",
      "--timeout 3 ",
    ],
    [
      "a body that stops within --timeout",
      { kind: "stall-mid-body" },
      ["--timeout", "1.5"],
      ": no answer within 1.5 s; --timeout raises it",
      "--timeout 3 ",
    ],
    [
      "a body over --max-page-bytes",
      { kind: "endless-body" },
      ["--max-page-bytes", "65536"],
      " answered a body over 64 KiB, the most a page may take; --max-page-bytes raises it",
      "--max-page-bytes 131072 ",
    ],
  ])(
    "%s: exit 1, one line, and the --from line with the bound raised",
    async (_name, second, flags, reason, raise) => {
      const origin = await hostile(1, second);
      const run = await runCli(bin, ["walk", `${origin}/items/`, "-q", ...flags]);
      expect(run).toStrictEqual({
        status: EXIT_STATUS.failed,
        stdout: '{"id":1}\n',
        stderr: `pagewise: GET ${origin}/items/?page=2${reason}\n${goOn("stopped", origin, 2, raise)}\n`,
      });
    },
  );

  it("after --max-pages on a server that links the size it serves, not --page-size's, the command line it prints is taken and walks on to the end", async () => {
    const server = await startHostileServer((target) => {
      const page = Number(new URL(target, "http://x").searchParams.get("page") ?? "1");
      const next = page < 3 ? { next: `/items/?page=${page + 1}&page_size=5` } : {};
      return { kind: "page", items: [{ id: page }], ...next };
    });
    hostiles.push(server);
    const args = ["walk", `${server.url}/items/`, "-q", "--page-size", "1000"];
    const first = await runCli(bin, [...args, "--max-pages", "2"]);
    const printed = printedOptions(first.stderr);
    const from = `${server.url}/items/?page=3&page_size=5`;
    expect([first.status, first.stdout, printed]).toStrictEqual([
      EXIT_STATUS.failed,
      '{"id":1}\n{"id":2}\n',
      [["--page-size", "5", "--from", from]],
    ]);
    const rest = await runCli(bin, [...args, ...(printed[0] ?? [])]);
    expect([rest.status, rest.stderr, rest.stdout]).toStrictEqual([
      EXIT_STATUS.complete,
      "",
      '{"id":3}\n',
    ]);
  });

  it("after a page over --max-page-bytes, the command line it prints is taken and walks on to the end", async () => {
    const big = Array.from({ length: 100 }, (_, i) => ({ id: 2, n: i, pad: "x".repeat(1000) }));
    const server = await startHostileServer((target) => {
      const page = Number(new URL(target, "http://x").searchParams.get("page") ?? "1");
      if (page === 1) return { kind: "page", items: [{ id: 1 }], next: "/items/?page=2" };
      if (page === 2) return { kind: "page", items: big, next: "/items/?page=3" };
      return { kind: "page", items: [{ id: 3 }] };
    });
    hostiles.push(server);
    const args = ["walk", `${server.url}/items/`, "-q", "--max-page-bytes", "65536"];
    const first = await runCli(bin, args);
    const printed = printedOptions(first.stderr);
    const length = Buffer.byteLength(JSON.stringify(big));
    expect([first.status, first.stdout, printed]).toStrictEqual([
      EXIT_STATUS.failed,
      '{"id":1}\n',
      [["--max-page-bytes", String(length), "--from", `${server.url}/items/?page=2`]],
    ]);
    const rest = await runCli(bin, [...args, ...(printed[0] ?? [])]);
    expect([rest.status, rest.stderr, rest.stdout.split("\n").length]).toStrictEqual([
      EXIT_STATUS.complete,
      "",
      102,
    ]);
  });

  it("stops at a Retry-After past --max-wait (30 s by default), naming both, and asks no more", async () => {
    const origin = await hostile(1, { kind: "retry-after", status: 429, retryAfter: "3600" });
    const run = await runCli(bin, ["walk", `${origin}/items/`, "-q"]);
    const lines = run.stderr.split("\n");
    expect([run.status, run.stdout, lines.length]).toStrictEqual([
      EXIT_STATUS.failed,
      '{"id":1}\n',
      3,
    ]);
    expect(lines[0]).toMatch(
      /^pagewise: GET http:\/\/127\.0\.0\.1:\d+\/items\/\?page=2 answered 429 asking to wait 3600 s \(until (?:\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d UTC\), longer than the longest wait, 30 s; --max-wait raises it$/,
    );
    expect(lines[1]).toBe(goOn("stopped", origin, 2, "--max-wait 3600 "));
  });

  it("says what it waits for, and a Ctrl-C during the wait exits 130 at once with the --from line", async () => {
    const origin = await hostile(1, { kind: "retry-after", status: 429, retryAfter: "20" });
    const child = spawnCli(bin, ["walk", `${origin}/items/`, "-q"]);
    const run = finished(child);
    child.stderr?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("asking again at")) child.kill("SIGINT");
    });
    const { status, stderr } = await run;
    const lines = stderr.split("\n");
    expect([status, lines.length]).toStrictEqual([EXIT_STATUS.interrupted, 4]);
    expect(lines[0]).toMatch(
      new RegExp(
        `^pagewise: rate limited \\(429\\) at ${origin}/items/\\?page=2; asking again at (?:\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d:\\d\\d UTC$`,
      ),
    );
    expect(lines.slice(1)).toStrictEqual([
      "pagewise: stopping now, during a wait",
      goOn("interrupted", origin, 2),
      "",
    ]);
  }, 10_000);

  it("stops within a second of Ctrl-C while a page never comes, exit 130 with the --from line", async () => {
    const origin = await hostile(1, { kind: "silent" });
    const child = spawnCli(bin, ["walk", `${origin}/items/`, "-q"]);
    const run = finished(child);
    child.stdout?.once("data", () => child.kill("SIGINT"));
    expect(await run).toStrictEqual({
      status: EXIT_STATUS.interrupted,
      stdout: '{"id":1}\n',
      stderr: `pagewise: stopping after the page in flight, if it comes within 1 s (Ctrl-C again stops at once)\n${goOn("interrupted", origin, 2)}\n`,
    });
  }, 10_000);

  it.each<[number, number, string]>([
    [3, EXIT_STATUS.complete, ""],
    [
      2,
      EXIT_STATUS.failed,
      "pagewise: the list goes on past 2 pages, the most the walk reads; --max-pages raises it\n",
    ],
  ])("--max-pages %i on a list of 3 pages: exit %i", async (most, status, line) => {
    const origin = await hostile(3);
    const run = await runCli(bin, ["walk", `${origin}/items/`, "-q", "--max-pages", `${most}`]);
    const more = `pagewise: stopped after 2 pages (2 items); to go on, run the same command with --from '${origin}/items/?page=3'\n`;
    expect(run).toStrictEqual({
      status,
      stdout: ["1", "2", "3"]
        .slice(0, most)
        .map((id) => `{"id":${id}}\n`)
        .join(""),
      stderr: line === "" ? "" : line + more,
    });
  });

  it("says a Link header of 1 MB is over Node's limit on headers, not a server it cannot reach", async () => {
    const server = await startHostileServer(() => ({ kind: "huge-link", bytes: 1024 * 1024 }));
    hostiles.push(server);
    const run = await runCli(bin, ["walk", `${server.url}/items/`, "-q"]);
    expect(run).toStrictEqual({
      status: EXIT_STATUS.failed,
      stdout: "",
      stderr: `pagewise: ${server.url}/items/ answered with headers over 16 KiB, the most Node's fetch reads; NODE_OPTIONS=--max-http-header-size=BYTES raises it\n`,
    });
    expect(server.requests.length).toBe(1);
  });

  it.each([
    ["--timeout", "0", "<seconds>", "a number of seconds over 0 and at most 2147483"],
    ["--max-wait", "soon", "<seconds>", "a number of seconds over 0 and at most 2147483"],
    ["--max-page-bytes", "0", "<n>", "a whole number of at least 1"],
    ["--max-pages", "0", "<n>", "a whole number of at least 1"],
  ])("refuses %s %s as a usage error", async (flag, value, name, rule) => {
    const run = await runCli(bin, ["walk", "http://127.0.0.1:1/items/", flag, value]);
    expect(run).toStrictEqual({
      status: EXIT_STATUS.usage,
      stdout: "",
      stderr: `pagewise: option '${flag} ${name}' argument '${value}' is invalid. must be ${rule}\n`,
    });
  });
});
