/**
 * `pagewise check` as a process: the exit status of a list that keeps every rule and of one that
 * breaks one, `--json`'s shape, that without `--write` only GET, HEAD and OPTIONS are sent, what
 * `--help` says `--write` sends, and the one-line errors (a bad URL, a server it cannot reach, a list that answers 401).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import type { Started } from "../../examples/package-store/started.js";
import { EXIT_STATUS } from "../../src/cli/exit-status.js";
import { buildCli, runCli } from "../support/built-cli.js";
import { exampleConfig } from "../support/example-config.js";
import { freePort } from "../support/free-port.js";
import { type RewritingProxy, startRewritingProxy } from "./rewriting-proxy.js";

const KEY = "check-key";
const LIST = "/package/demo/tools/?status=failed&page_size=5";
let bin = "";
let removeBin = () => {};
let server: Started;
let recording: RewritingProxy;
let broken: RewritingProxy;

beforeAll(async () => {
  [{ bin, remove: removeBin }, server] = await Promise.all([
    buildCli(),
    startFastify(exampleConfig(KEY, { store: { kind: "memory" } })),
  ]);
  recording = await startRewritingProxy(server.url, (_, answer) => answer);
  broken = await startRewritingProxy(server.url, (_, answer) => {
    const total = answer.headers["x-pagination-pagetotal"];
    return total
      ? {
          ...answer,
          headers: { ...answer.headers, "x-pagination-pagetotal": `${Number(total) + 1}` },
        }
      : answer;
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([recording.close(), broken.close()]);
  await server.close();
  removeBin();
});

describe("the report and its exit status", () => {
  it("sends only GET, HEAD and OPTIONS without --write, and exits 0 when every check holds", async () => {
    const run = await runCli(bin, ["check", recording.url + LIST, "--api-key", KEY]);
    expect([run.status, run.stderr]).toStrictEqual([EXIT_STATUS.complete, ""]);
    expect(new Set(recording.methods)).toStrictEqual(new Set(["GET", "HEAD", "OPTIONS"]));
    expect(run.stdout).toMatch(/^✓ headers-agree: /m);
    expect(run.stdout).toMatch(/^○ not run: write: .*\n {4}give --write/m);
    expect(run.stdout.trim().split("\n").at(-1)).toBe(
      "12 checks: 10 passed, 0 failed, 2 not run, 0 not applicable",
    );
  });

  it("exits 1 when a check fails, and --json names it", async () => {
    const run = await runCli(bin, ["check", broken.url + LIST, "--api-key", KEY, "--json"]);
    expect(run.status).toBe(EXIT_STATUS.checkFailed);
    const report = JSON.parse(run.stdout) as {
      url: string;
      kind: string;
      ok: boolean;
      checks: { name: string; outcome: string; problems: string[]; evidence: object[] }[];
    };
    expect(Object.keys(report)).toStrictEqual(["url", "kind", "ok", "checks"]);
    expect([report.url, report.kind, report.ok]).toStrictEqual([
      broken.url + LIST,
      "counted",
      false,
    ]);
    const failed = report.checks.filter((check) => check.outcome === "fail");
    expect(failed.map((check) => check.name)).toStrictEqual(["headers-agree"]);
    expect(failed[0]?.problems[0]).toBe(
      `GET ${broken.url}${LIST}: X-Pagination-PageTotal is 6; Count 24 in pages of 5 makes 5 (spec 4.3 rule 1)`,
    );
    expect(Object.keys(report.checks[0] ?? {})).toStrictEqual([
      "name",
      "title",
      "rule",
      "outcome",
      "problems",
      "notes",
      "evidence",
    ]);
    expect(Object.keys(failed[0]?.evidence[0] ?? {})).toStrictEqual([
      "method",
      "url",
      "sent",
      "status",
      "headers",
      "items",
      "cut",
    ]);
  });
});

describe("--help", () => {
  it("says what --write sends, and that a server not following the convention may act on it", async () => {
    const run = await runCli(bin, ["check", "--help"]);
    const text = run.stdout.replace(/\s+/g, " ");
    expect([run.status, text.match(/--write (also .*?) --json/)?.[1]]).toStrictEqual([
      0,
      "also send one POST of malformed JSON (as application/json), which a server following the convention refuses before any handler runs; a server that does not follow it may still act on it, and what it answered is reported",
    ]);
  });
});

describe.concurrent("errors: one line and an exit status", () => {
  it.each<[string, (origin: string) => Promise<string[]>, number, RegExp]>([
    [
      "a URL that is not http",
      async () => ["check", "ftp://x/"],
      EXIT_STATUS.usage,
      /^pagewise: .*must be an http:\/\/ or https:\/\/ URL, got "ftp:\/\/x\/"$/,
    ],
    [
      "a bad --max-pages",
      async (o) => ["check", o, "--max-pages", "0"],
      EXIT_STATUS.usage,
      /must be a whole number of at least 1$/,
    ],
    [
      "a server it cannot reach",
      async () => ["check", `http://127.0.0.1:${await freePort()}/items/`],
      EXIT_STATUS.notChecked,
      /^pagewise: cannot reach GET http:\/\/127\.0\.0\.1:\d+\/items\/: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    ],
    [
      "a list that answers 401",
      async (o) => ["check", o + LIST],
      EXIT_STATUS.notChecked,
      /^pagewise: GET .* answered 401: Unauthorized \(.*X-Api-Key.*\)$/,
    ],
  ])("%s", async (_, args, status, line) => {
    const run = await runCli(bin, await args(server.url));
    expect([run.status, run.stdout, run.stderr.split("\n").length]).toStrictEqual([status, "", 2]);
    expect(run.stderr.trim()).toMatch(line);
  });
});
