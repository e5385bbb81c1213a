/**
 * The progress bar as a person sees it: `pagewise walk` in a real terminal (tmux, Debian's
 * package), its screen read with `capture-pane` while a slowed list is walked, and at the end.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import type { Started } from "../../examples/package-store/started.js";
import { buildCli } from "../support/built-cli.js";
import { exampleConfig } from "../support/example-config.js";
import { type FaultyProxy, startFaultyProxy } from "./faulty-proxy.js";

const KEY = "bar-key";
const config = exampleConfig(KEY);
const SOCKET = `pagewise-test-${process.pid}`;
const tmux = (...args: string[]) =>
  execFileSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8" });

let bin = "";
let removeBin = () => {};
let server: Started;
let proxy: FaultyProxy;

beforeAll(async () => {
  [{ bin, remove: removeBin }, server] = await Promise.all([
    buildCli(),
    startFastify({ ...config, store: { kind: "memory" } }),
  ]);
  proxy = await startFaultyProxy(server.url, () => ({ kind: "pass", delayMs: 150 }));
}, 60_000);
afterAll(async () => {
  try {
    tmux("kill-server");
  } catch {
    // the server ends with its last session
  }
  await proxy.close();
  await server.close();
  removeBin();
});

it("draws one bar in place: pages and items of their totals, the rate and the time left", async () => {
  const url = `${proxy.url}/package/demo/tools/packages/?page_size=12`;
  const command = `"${process.execPath}" "${bin}" walk "${url}" --api-key ${KEY} -o /dev/null; echo "exit $?"; sleep 30`;
  tmux("new-session", "-d", "-x", "100", "-y", "10", command);
  const screens: string[] = [];
  for (let tries = 0; tries < 300 && !screens.at(-1)?.includes("exit "); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    screens.push(tmux("capture-pane", "-p"));
  }
  const last = (screens.at(-1) ?? "").split("\n").filter((line) => line.trim() !== "");
  expect(last).toStrictEqual([
    expect.stringMatching(/^█{20} 10\/10 pages, 120\/120 items, \d+ items\/s$/),
    "exit 0",
  ]);
  // Mid-walk: a bar partly drawn, the time left, on one line that is redrawn, not scrolled.
  const midway = screens.find((screen) => /\b[1-9]\/10 pages/.test(screen)) ?? "";
  expect(midway.split("\n").filter((line) => line.trim() !== "")).toStrictEqual([
    expect.stringMatching(/^█+░+ [1-9]\/10 pages, \d+\/120 items, \d+ items\/s, about \d+ s left$/),
  ]);
}, 30_000);

it("draws no bar over items written to the same terminal: every item readable, the progress in whole lines", async () => {
  const url = `${proxy.url}/package/demo/tools/packages/?page_size=12`;
  const command = `"${process.execPath}" "${bin}" walk "${url}" --api-key ${KEY}; echo "exit $?"; sleep 30`;
  tmux("new-session", "-d", "-s", "items", "-x", "200", "-y", "10", command);
  let screen = "";
  for (let tries = 0; tries < 300 && !/^exit \d+$/m.test(screen); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The whole scrollback, not only the 10 lines on screen.
    screen = tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "items");
  }
  tmux("kill-session", "-t", "items");
  const lines = screen.split("\n").filter((line) => line.trim() !== "");
  const progress = lines.filter((line) => line.startsWith("pagewise: "));
  const items = lines.filter((line) => !line.startsWith("pagewise: ") && line !== "exit 0");
  expect(lines.at(-1)).toBe("exit 0");
  expect(items.map((line) => (JSON.parse(line) as { id: number }).id)).toStrictEqual(
    Array.from({ length: 120 }, (_, i) => i + 1),
  );
  for (const line of progress) {
    expect(line).toMatch(
      /^pagewise: \d+\/10 pages, \d+\/120 items, \d+ items\/s(, about \d+ s left)?$/,
    );
  }
  expect(progress.at(-1)).toMatch(/^pagewise: 10\/10 pages, 120\/120 items, \d+ items\/s$/);
}, 30_000);

it("says on the bar what a wait waits for, in place of the time left", async () => {
  let limited = false;
  const slow = await startFaultyProxy(server.url, (target) => {
    if (limited || !target.includes("page=3")) return { kind: "pass", delayMs: 150 };
    limited = true;
    return { kind: "status", status: 429, retryAfter: "2" };
  });
  try {
    const url = `${slow.url}/package/demo/tools/packages/?page_size=12`;
    const command = `"${process.execPath}" "${bin}" walk "${url}" --api-key ${KEY} -o /dev/null; echo "exit $?"; sleep 30`;
    tmux("new-session", "-d", "-s", "wait", "-x", "220", "-y", "10", command);
    const screens: string[] = [];
    for (let tries = 0; tries < 300 && !screens.at(-1)?.includes("exit "); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      screens.push(tmux("capture-pane", "-p", "-t", "wait"));
    }
    tmux("kill-session", "-t", "wait");
    const waiting = screens.find((screen) => screen.includes("rate limited (429),")) ?? "";
    expect(waiting.split("\n").filter((line) => line.trim() !== "")).toStrictEqual([
      expect.stringMatching(
        /^pagewise: rate limited \(429\) at .*page=3.*; asking again at (?:\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d UTC$/,
      ),
      expect.stringMatching(
        /^█+░+ 2\/10 pages, 24\/120 items, \d+ items\/s, rate limited \(429\), asking again at (?:\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d UTC$/,
      ),
    ]);
    expect(screens.at(-1)).toMatch(/10\/10 pages, 120\/120 items, \d+ items\/s\n(.*\n)*exit 0/);
  } finally {
    await slow.close();
  }
}, 30_000);
