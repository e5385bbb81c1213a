/**
 * The client in a real browser, across origins: a page served from one 127.0.0.1 port walks every
 * page of the example server on another port with the built client bundle, reading Link and
 * X-Pagination-* (exposed by CORS); links and redirects to a third origin; and the example's
 * browse page driven by clicks.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFastify } from "../../examples/package-store/serve-fastify.js";
import type { Started } from "../../examples/package-store/started.js";
import { exampleConfig } from "../support/example-config.js";
import { launchChromium } from "./chromium.js";

const KEY = "browser-key";
const bundle = readFileSync(new URL("../../dist/browser/client.js", import.meta.url), "utf8");
const page = `<!doctype html><meta charset="utf-8"><title>walk</title><script type="module">
import { walkItems, walkPages } from "/client.js";
window.walk = async (start, options) => {
  const pages = [];
  for await (const p of walkPages(start, { apiKey: "${KEY}", ...options })) {
    pages.push({ ids: p.items.map((i) => i.id), link: p.headers.get("link"), count: p.count, page: p.page, pageTotal: p.pageTotal, size: p.headers.get("x-pagination-pagesize") });
  }
  return pages;
};
window.walkUntilError = async (start, options) => {
  const ids = [];
  try {
    for await (const item of walkItems(start, { apiKey: "${KEY}", ...options })) ids.push(item);
    return { ids };
  } catch (error) {
    return { ids, code: error.code, url: error.url, message: error.message };
  }
};
window.ready = true;
</script>`;

let api: Started;
let pageServer: Server;
let pageOrigin = "";
let browser: Browser;
/** Two more origins, answering CORS: `linking`, whose pages lead to `elsewhere`, which records what it gets. */
let linking: Server;
let linkingOrigin = "";
let elsewhere: Server;
let elsewhereOrigin = "";
const elsewhereGot: { method: string | undefined; apiKey: string | undefined }[] = [];
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "x-api-key",
  "Access-Control-Expose-Headers": "link",
};
const answer = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
  res.writeHead(status, { ...CORS, "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (server === undefined) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

beforeAll(async () => {
  api = await startFastify(exampleConfig(KEY));
  pageServer = createServer((req, res) => {
    const js = req.url === "/client.js";
    res.writeHead(200, { "Content-Type": js ? "text/javascript" : "text/html" });
    res.end(js ? bundle : page);
  });
  pageOrigin = await listen(pageServer);
  elsewhere = createServer((req, res) => {
    elsewhereGot.push({
      method: req.method,
      apiKey: req.headers["x-api-key"] as string | undefined,
    });
    answer(res, req.method === "OPTIONS" ? 204 : 200, [3, 4]);
  });
  elsewhereOrigin = await listen(elsewhere);
  linking = createServer((req, res) => {
    if (req.method === "OPTIONS") return answer(res, 204, "");
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/links-away/") {
      return answer(res, 200, [1, 2], { Link: `<${elsewhereOrigin}/items/>; rel="next"` });
    }
    if (path === "/redirect/") return answer(res, 200, [1, 2], { Link: '</moved/>; rel="next"' });
    return answer(res, 302, "", { Location: `${elsewhereOrigin}/items/` });
  });
  linkingOrigin = await listen(linking);
  browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([close(pageServer), close(linking), close(elsewhere)]);
  await api.close();
});

type Walked = {
  ids: number[];
  link: string | null;
  count: number;
  page: number;
  pageTotal: number;
  size: string;
}[];

describe("the client bundle in Chromium, across origins", () => {
  it.each([
    ["next links, page size 25", { pageSize: 25 }, 5],
    ["concurrent, page size 25", { pageSize: 25, concurrency: 3 }, 5],
    ["next links, default page size", {}, 4],
  ])("%s: every package once, in order, headers readable", async (_name, options, pages) => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${pageOrigin}/`);
      await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
      expect(new URL(api.url).origin).not.toBe(pageOrigin);
      const walked = (await tab.evaluate(
        ([start, opts]) =>
          (window as unknown as { walk: (s: string, o: object) => Promise<unknown> }).walk(
            start,
            opts,
          ),
        [`${api.url}/package/demo/tools/packages/`, options] as const,
      )) as Walked;
      expect(walked.flatMap((p) => p.ids)).toStrictEqual(
        Array.from({ length: 120 }, (_, i) => i + 1),
      );
      expect(walked.map((p) => [p.page, p.pageTotal, p.count])).toStrictEqual(
        Array.from({ length: pages }, (_, i) => [i + 1, pages, 120]),
      );
      const list = "/package/demo/tools/packages/";
      expect(walked[0]?.link).toBe(
        `<${list}?page=1>; rel="first", <${list}?page=2>; rel="next", <${list}?page=${pages}>; rel="last"`,
      );
    } finally {
      await tab.close();
    }
  });
});

describe("the client bundle in Chromium, with another origin linked", () => {
  const walkUntilError = async (start: string, options: object = {}) => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${pageOrigin}/`);
      await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
      return await tab.evaluate(
        ([from, opts]) =>
          (
            window as unknown as { walkUntilError: (s: string, o: object) => Promise<unknown> }
          ).walkUntilError(from, opts),
        [start, options] as const,
      );
    } finally {
      await tab.close();
    }
  };

  it("refuses a next link to an origin it does not trust, keeping the rows before, and sends nothing there", async () => {
    elsewhereGot.length = 0;
    const walked = await walkUntilError(`${linkingOrigin}/links-away/`);
    expect([walked, elsewhereGot]).toStrictEqual([
      {
        ids: [1, 2],
        code: "untrusted_origin",
        url: `${elsewhereOrigin}/items/`,
        message: `Refused ${elsewhereOrigin}/items/: its origin ${elsewhereOrigin} is neither the walk's, ${linkingOrigin}, nor in trustedOrigins; name it there to follow it`,
      },
      [],
    ]);
  });

  it("follows a next link to an origin it trusts, with the key", async () => {
    elsewhereGot.length = 0;
    const walked = await walkUntilError(`${linkingOrigin}/links-away/`, {
      trustedOrigins: [elsewhereOrigin],
    });
    expect([walked, elsewhereGot.filter((got) => got.method === "GET")]).toStrictEqual([
      { ids: [1, 2, 3, 4] },
      [{ method: "GET", apiKey: KEY }],
    ]);
  });

  it("does not follow a redirect, whose target the browser hides, and sends nothing there", async () => {
    elsewhereGot.length = 0;
    const walked = await walkUntilError(`${linkingOrigin}/redirect/`, {
      trustedOrigins: [elsewhereOrigin],
    });
    expect([walked, elsewhereGot]).toStrictEqual([
      {
        ids: [1, 2],
        code: "hidden_redirect",
        url: `${linkingOrigin}/moved/`,
        message: `GET ${linkingOrigin}/moved/ answered a redirect whose target this fetch hides (a browser's does): the walk cannot check where it leads, so it does not follow it; start from, or link to, the URL it leads to`,
      },
      [],
    ]);
  });
});

describe("the example's browse page", () => {
  it("loads a page, follows the Link buttons, and shows the pagination headers", async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${api.url}/`);
      await tab.fill("#key", KEY);
      await tab.selectOption("#size", "10");
      await tab.click("button[type=submit]");
      await tab.waitForSelector("#rows tr");
      await tab.click('nav button[data-rel="next"]');
      await tab.waitForFunction(
        () => document.querySelector("#position")?.textContent === "page 2 of 12",
      );
      const ids = await tab.$$eval("#rows tr td:first-child", (cells) =>
        cells.map((c) => c.textContent),
      );
      const headers = await tab.$$eval("#headers dd", (cells) => cells.map((c) => c.textContent));
      const disabled = await tab.$$eval("nav button", (buttons) =>
        buttons.map((b) => (b as HTMLButtonElement).disabled),
      );
      expect(ids).toStrictEqual(["11", "12", "13", "14", "15", "16", "17", "18", "19", "20"]);
      expect(headers.slice(1)).toStrictEqual(["120", "2", "12", "10"]);
      expect(disabled).toStrictEqual([false, false, false, false]);
      await tab.click('nav button[data-rel="last"]');
      await tab.waitForFunction(
        () => document.querySelector("#position")?.textContent === "page 12 of 12",
      );
      expect(
        await tab.$$eval("nav button", (buttons) =>
          buttons.map((b) => (b as HTMLButtonElement).disabled),
        ),
      ).toStrictEqual([false, false, true, false]); // the last page still links first, prev and last
      if (process.env.SCREENSHOT)
        await tab.screenshot({ path: process.env.SCREENSHOT, fullPage: true });
    } finally {
      await tab.close();
    }
  });

  it("sorts by a column's header from page 1, the other way on a second click, its pager and a reload keeping the order", async () => {
    // Names with ties, so that the order's tie-breaker (id, in the name's direction) shows.
    const names = ["delta", "alpha", "charlie", "alpha", "bravo", "delta", "alpha", "charlie"];
    const response = await fetch(`${api.url}/package/demo/sorting/`, {
      method: "POST",
      headers: { "X-Api-Key": KEY, "Content-Type": "application/json" },
      body: JSON.stringify(
        [...names, ...names.slice(0, 4)].map((name) => ({ name, version: "1.0.0" })),
      ),
    });
    const created = (await response.json()) as { id: number; name: string }[];
    const ids = (packages: { id: number }[]) => packages.map((pkg) => String(pkg.id));
    const byName = ids(
      [...created].sort((a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1)),
    );
    const byNameDescending = [...byName].reverse();
    /** The headers' text and `aria-sort`, the name column's as given. */
    const columns = (name: [string, string | null] = ["name", null]) => [
      ["id", null],
      name,
      ["version", null],
      ["status", null],
      ["created", null],
    ];
    const tab = await browser.newPage();
    const readColumns = () =>
      tab.$$eval("thead th", (cells) =>
        cells.map((c) => [c.textContent?.trim(), c.getAttribute("aria-sort")]),
      );
    /** Does `action`, waits for the page to show the answer, and reads what it shows. */
    const shownAfter = async (action: () => Promise<unknown>) => {
      await tab.evaluate(() => {
        delete document.body.dataset.loaded;
      });
      await action();
      await tab.waitForFunction(() => document.body.dataset.loaded !== undefined, undefined, {
        timeout: 5_000,
      });
      return {
        position: await tab.textContent("#position"),
        ids: await tab.$$eval("#rows tr td:first-child", (cells) =>
          cells.map((c) => c.textContent),
        ),
        columns: await readColumns(),
      };
    };
    const load = async () => {
      await tab.fill("#key", KEY);
      await tab.fill("#repo", "sorting");
      await tab.selectOption("#size", "5");
      return shownAfter(() => tab.click("button[type=submit]"));
    };
    const click = (selector: string) => shownAfter(() => tab.click(selector));
    try {
      await tab.goto(`${api.url}/`);
      await load();
      expect(await click('nav button[data-rel="next"]')).toStrictEqual({
        position: "page 2 of 3",
        ids: ids(created.slice(5, 10)),
        columns: columns(),
      });
      expect(await click("th[data-sort=name] button")).toStrictEqual({
        position: "page 1 of 3",
        ids: byName.slice(0, 5),
        columns: columns(["name ▲", "ascending"]),
      });
      expect(await click("th[data-sort=name] button")).toStrictEqual({
        position: "page 1 of 3",
        ids: byNameDescending.slice(0, 5),
        columns: columns(["name ▼", "descending"]),
      });
      expect(await click('nav button[data-rel="next"]')).toStrictEqual({
        position: "page 2 of 3",
        ids: byNameDescending.slice(5, 10),
        columns: columns(["name ▼", "descending"]),
      });
      await tab.reload();
      expect([new URL(tab.url()).search, await readColumns()]).toStrictEqual([
        "?sort=-name",
        columns(["name ▼", "descending"]),
      ]);
      expect(await load()).toStrictEqual({
        position: "page 1 of 3",
        ids: byNameDescending.slice(0, 5),
        columns: columns(["name ▼", "descending"]),
      });
    } finally {
      await tab.close();
    }
  });

  it("links to the API's OpenAPI document, which the browser loads", async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${api.url}/`);
      await tab.click("a#openapi");
      await tab.waitForURL(`${api.url}/openapi.json`);
      const document = JSON.parse((await tab.textContent("body")) ?? "null");
      expect([document.openapi, Object.keys(document.paths)]).toStrictEqual([
        "3.1.1",
        [
          "/package/{owner}/{repo}/",
          "/package/{owner}/{repo}/packages/",
          "/v2/package/{owner}/{repo}/",
        ],
      ]);
    } finally {
      await tab.close();
    }
  });

  it("shows the API's problem detail for a wrong key", async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${api.url}/`);
      await tab.fill("#key", "wrong");
      await tab.click("button[type=submit]");
      await tab.waitForFunction(() => document.querySelector("#message")?.textContent !== "");
      expect(await tab.textContent("#message")).toBe("The API key is not valid.");
    } finally {
      await tab.close();
    }
  });
});
