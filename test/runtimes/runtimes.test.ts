/**
 * The runtime matrix (npm run test:runtimes): on each runtime of test/runtimes/package.json, the
 * behaviour suite's routes served through the fetch adapter and through pagewise/hono (the suite
 * run against each over HTTP), and pagewise's client walking the fetch adapter's server from
 * inside the runtime (self-test.ts). pagewise comes from dist/, as users get it.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behaviourSuite, inOrder } from "../adapters/behaviour-suite.js";
import { dataset, routes, WALK_ROWS, walkRoutes } from "../adapters/resources.js";
import { adapters, type Running } from "../adapters/servers.js";
import { call } from "../support/http-call.js";
import { bundleRuntimes } from "./bundle.js";
import { type AppName, RUNTIMES } from "./runtimes.js";
import { SELF_WALKS, type SelfTestReport } from "./self-test.js";
import { type RuntimeProcess, startRuntime } from "./start-runtime.js";

const bundles = bundleRuntimes();
const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

/** What each self-test walk must read: every row once, in the list's order. */
const EXPECTED: Readonly<Record<(typeof SELF_WALKS)[number][0], number[]>> = {
  counted: ids(dataset(350)),
  "counted, 4 at once": ids(dataset(350)),
  countless: ids(dataset(WALK_ROWS)),
  capped: ids(dataset(WALK_ROWS)),
  estimated: ids(dataset(WALK_ROWS)),
  cursor: ids(dataset(WALK_ROWS)),
  "cursor sorted by -status": ids(inOrder("-status")),
};

/** Node's own fetch adapter (in this process) on the same routes: the tokens' reference. */
let node: Running;
beforeAll(async () => {
  node = await (adapters.fetch as (r: typeof routes) => Promise<Running>)([
    ...routes,
    ...walkRoutes,
  ]);
});
afterAll(async () => {
  await node.close();
  rmSync(await bundles, { recursive: true, force: true });
});

/** A cursor list's first page, then the page its next link leads to. */
const CURSOR_PATHS = ["/walk/cursor/?page_size=7", "/sorted/cursor/?sort=-status&page_size=3"];

describe.each(RUNTIMES)("$name", (runtime) => {
  let running: RuntimeProcess;
  beforeAll(async () => {
    running = await startRuntime(runtime, await bundles);
  });
  afterAll(() => running?.close());
  /** A Worker of the running runtime, as the behaviour suite starts a server (the runtime closes). */
  const served = (name: AppName) => async () => ({
    origin: running.origins[name],
    close: async () => undefined,
  });

  describe("the fetch adapter: the behaviour suite", () => behaviourSuite(served("fetch")));
  describe("pagewise/hono: the behaviour suite", () => behaviourSuite(served("hono")));

  it("serves each Worker on its own port: only the fetch adapter's has the self-test", async () => {
    const status = async (name: AppName) =>
      (await fetch(`${running.origins[name]}/__self-test/`, { method: "HEAD" })).status;
    expect([await status("fetch"), await status("hono")]).toStrictEqual([200, 404]);
  });

  it.each(CURSOR_PATHS)(
    "signs the same cursor tokens as Node, and takes Node's: %s and its next page",
    async (path) => {
      const here = await call(running.origins.fetch, { path });
      const next = /<([^>]*)>; rel="next"/.exec(String(here.headers.link))?.[1] ?? "";
      const pages = [here, await call(running.origins.fetch, { path: next })];
      expect(pages).toStrictEqual([
        await call(node.origin, { path }),
        await call(node.origin, { path: next }),
      ]);
    },
  );

  describe("the client inside it", () => {
    let report: SelfTestReport;
    beforeAll(async () => {
      report = await (await fetch(`${running.origins.fetch}/__self-test/`)).json();
    });

    it.each(SELF_WALKS.map(([name]) => name))("walks %s: every row once, in order", (name) => {
      expect(report.walks[name]).toStrictEqual(EXPECTED[name]);
    });

    it("stops a walk when the caller's signal aborts: two pages, then an AbortError", () => {
      expect(report.stopped).toStrictEqual({ pages: 2, error: "AbortError" });
    });
  });
});
