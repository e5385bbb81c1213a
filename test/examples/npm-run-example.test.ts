/**
 * `npm run example` (and its Express and fetch twins) as a user runs them: the script's own
 * command from package.json (`node --import tsx` on the server file; tsx resolves `pagewise` to
 * the sources through tsconfig.json's paths, so a fresh clone needs no build), printing the listening line with the real port, answering the spec's example, and
 * exiting 0 on SIGTERM. The command runs without the npm wrapper, which dies of the signal itself.
 * Its start-up lines are those docs/example.md prints.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type ServerProcess, startScript } from "../support/server-process.js";

function start(script: string, env: Readonly<Record<string, string>> = {}): ServerProcess {
  return startScript(script, { PORT: "0", SEED: "3", API_KEY: "", ...env });
}

describe.each(["example", "example:express", "example:fetch"])("npm run %s", (script) => {
  it("listens, answers the spec's example and stops on SIGTERM", async () => {
    const { child, url, output } = start(script);
    try {
      const origin = await url;
      const response = await fetch(`${origin}/package/demo/tools/packages/?page=2&page_size=1`, {
        headers: { "X-Api-Key": "dev-key" },
      });
      const answer = [
        response.status,
        response.headers.get("x-pagination-pagetotal"),
        response.headers.get("allow"),
      ];
      await response.arrayBuffer();
      expect(answer).toStrictEqual([200, "3", "GET, OPTIONS"]);
      expect(output()).toContain('Warning: API_KEY is not set; using the default key "dev-key".');
      expect(output()).toContain(
        `curl -i -H "X-Api-Key: dev-key" "${origin}/package/demo/tools/packages/?page=2&page_size=1"`,
      );
      const exit = new Promise<[number | null, string | null]>((resolve) =>
        child.on("exit", (code, signal) => resolve([code, signal])),
      );
      child.kill("SIGTERM");
      expect(await exit).toStrictEqual([0, null]);
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});

describe("npm run example's start-up lines", () => {
  it("are those docs/example.md prints (its port aside)", async () => {
    const docs = readFileSync(new URL("../../docs/example.md", import.meta.url), "utf8");
    const printed = /### Try it\n[\s\S]*?```text\n([\s\S]*?)```/.exec(docs)?.[1] ?? "";
    // The defaults, as a user starts it: no API_KEY, the memory store, 120 demo packages.
    const { child, url, output } = start("example", { SEED: "120", STORE: "memory" });
    try {
      const origin = await url;
      const expected = printed.replaceAll("http://127.0.0.1:3000", origin).split("\n");
      await expect.poll(() => output().split("\n").length).toBe(expected.length);
      // The warning is on stderr, the rest on stdout: two pipes keep no order between them.
      expect(output().split("\n").sort()).toStrictEqual(expected.sort());
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});

describe("npm run example on a store it cannot open", () => {
  it.each<[string, Record<string, string>, string]>([
    [
      "a PostgreSQL server that is not there",
      { STORE: "postgres", DATABASE_URL: "postgres://postgres:secret@127.0.0.1:1/packages" },
      "Cannot start on the postgres store: The database is not reachable.\n",
    ],
    [
      "a MariaDB server that is not there",
      { STORE: "mysql", DATABASE_URL: "mysql://root:secret@127.0.0.1:1/packages" },
      "Cannot start on the mysql store: The database is not reachable.\n",
    ],
    [
      "an unknown store",
      { STORE: "maria" },
      'STORE must be memory, pglite, postgres, sqlite or mysql, got "maria"\n',
    ],
  ])(
    "%s: one line, exit 1",
    async (_name, env, line) => {
      const { child, url, output } = start("example", env);
      try {
        await expect(url).rejects.toThrow("exited with 1");
        expect(output()).toBe(line);
      } finally {
        child.kill("SIGKILL");
      }
    },
    30_000,
  );
});
