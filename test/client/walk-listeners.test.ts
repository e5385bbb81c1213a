/**
 * A long walk with Node's own fetch: no listener piles up on the walk's signal, whatever the
 * number of pages (Node 20's fetch adds an abort listener to the signal of every request and drops
 * it only when the request is collected: one shared signal printed thousands of
 * MaxListenersExceededWarnings over two walks of 4,000 pages).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walkPages } from "../../src/client/index.js";

const PAGES = 3000;
let origin = "";
const server = createServer((req, res) => {
  const page = Number(new URL(req.url ?? "/", "http://x").searchParams.get("page") ?? "1");
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Pagination-Page": String(page),
    "X-Pagination-PageTotal": String(PAGES),
  };
  if (page < PAGES) headers.Link = `</?page=${page + 1}>; rel="next"`;
  res.writeHead(200, headers).end(`[${page}]`);
});
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.on("warning", onWarning);
});
afterAll(async () => {
  process.off("warning", onWarning);
  await new Promise((resolve) => server.close(resolve));
});

describe("a walk of thousands of fast pages with globalThis.fetch", () => {
  it.each([
    ["next links, with a caller's signal", 1, new AbortController().signal],
    ["concurrency 8, with a caller's signal", 8, new AbortController().signal],
    ["next links, no signal", 1, undefined],
    ["concurrency 8, no signal", 8, undefined],
    ["concurrency 16, with a caller's signal", 16, new AbortController().signal],
  ])(
    "%s: every page, and no MaxListenersExceededWarning",
    async (_name, concurrency, signal) => {
      let pages = 0;
      for await (const page of walkPages<number>(`${origin}/?page=1`, {
        concurrency,
        ...(signal ? { signal } : {}),
      })) {
        expect(page.items).toStrictEqual([++pages]);
      }
      expect(pages).toBe(PAGES);
      expect(warnings.map((w) => `${w.name}: ${w.message}`)).toStrictEqual([]);
    },
    60_000,
  );
});
