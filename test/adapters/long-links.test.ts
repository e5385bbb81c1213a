/**
 * Long parameters and the Link header, through Node's own `fetch` (undici, which refuses response
 * headers over 16 KiB: UND_ERR_HEADERS_OVERFLOW) against every adapter on 127.0.0.1: a parameter
 * the list's schema does not read stays out of its links (page and cursor lists); links longer
 * than `defaults.maxLinkLength` before their page are refused with the 414 problem, never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { cursorList, defineResource, list, type Resource } from "../../src/index.js";
import { type Answer, call } from "../support/http-call.js";
import { problem, problemType } from "./behaviour-suite.js";
import { dataset, STATUSES } from "./resources.js";
import { adapters, type Running } from "./servers.js";

const filters = z.object({ status: z.enum(STATUSES).optional(), q: z.string().optional() });
const rows = (status: string | undefined) =>
  dataset(350).filter((p) => status === undefined || p.status === status);

const routes: readonly (readonly [string, Resource])[] = [
  [
    "/filtered/",
    defineResource({
      GET: list({ schema: filters, handler: ({ params }) => rows(params.status) }),
    }),
  ],
  ["/open/", defineResource({ GET: list({ handler: () => rows(undefined) }) })],
  [
    "/cursor/",
    defineResource({
      GET: cursorList({
        schema: filters,
        order: [{ name: "id" }],
        secret: "long-links-secret-".repeat(2),
        handler: ({ params }) => rows(params.status),
      }),
    }),
  ],
];

const junk = "j".repeat(10_000);
const json = { "content-type": "application/json" };
const allow = { allow: "GET, OPTIONS" };
const link = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([rel, target]) => `<${target}>; rel="${rel}"`)
    .join(", ");
const tooLong = (length: number): Answer => ({
  status: 414,
  headers: { ...problemType, ...allow },
  body: problem(
    414,
    "URI Too Long",
    "uri_too_long",
    `The links to this list's other pages would hold ${length} characters before the page, over the 2048 a link may: shorten the path or the parameters that choose the rows.`,
  ),
});
const failed = rows("failed");

describe.each(Object.keys(adapters))("%s, read by Node's fetch", (name) => {
  let server: Running;
  beforeAll(async () => {
    server = await (adapters[name] as (r: typeof routes) => Promise<Running>)(routes);
  });
  afterAll(() => server.close());
  const get = (path: string) => call(server.origin, { path });

  it("leaves a 10 kB parameter the schema does not read out of a page list's links", async () => {
    const at = (page: number) => `/filtered/?status=failed&page=${page}`;
    expect(await get(`/filtered/?status=failed&junk=${junk}&page=2`)).toStrictEqual({
      status: 200,
      headers: {
        ...json,
        ...allow,
        link: link({ first: at(1), prev: at(1), next: at(3), last: at(3) }),
        "x-pagination-count": "70",
        "x-pagination-page": "2",
        "x-pagination-pagetotal": "3",
        "x-pagination-pagesize": "30",
      },
      body: failed.slice(30, 60),
    });
  });

  it("refuses a list without a schema the same 10 kB parameter in its links: 414", async () => {
    expect(await get(`/open/?junk=${junk}&page=2`)).toStrictEqual(tooLong(10_018));
  });

  it("refuses a long valid filter the schema reads, over the bound: 414", async () => {
    expect(await get(`/filtered/?q=${"q".repeat(2030)}&page=2`)).toStrictEqual(tooLong(2049));
  });

  it("links a long valid filter at the bound: 4 links of 2,048 characters before the page", async () => {
    const at = (page: number) => `/filtered/?q=${"q".repeat(2029)}&page=${page}`;
    expect(at(1).length).toBe(2049);
    const answer = await get(`/filtered/?q=${"q".repeat(2029)}&page=2`);
    expect([answer.status, answer.headers.link]).toStrictEqual([
      200,
      link({ first: at(1), prev: at(1), next: at(3), last: at(12) }),
    ]);
  });

  it("leaves it out of a cursor list's links, whose next link then serves the next page", async () => {
    const first = await get(`/cursor/?status=failed&junk=${junk}&page_size=5`);
    const next = String(first.headers.link).match(/<([^>]*)>; rel="next"/)?.[1] ?? "";
    expect(next).toMatch(/^\/cursor\/\?status=failed&page_size=5&after=[\w.-]+$/);
    expect(first).toStrictEqual({
      status: 200,
      headers: {
        ...json,
        ...allow,
        link: link({ first: "/cursor/?status=failed&page_size=5", next }),
        "x-pagination-count": "70",
        "x-pagination-pagesize": "5",
      },
      body: failed.slice(0, 5),
    });
    const token = next.slice(next.indexOf("after="));
    for (const path of [next, `/cursor/?junk=other&status=failed&page_size=5&${token}`]) {
      const second = await get(path);
      expect([second.status, second.body]).toStrictEqual([200, failed.slice(5, 10)]);
    }
  });

  it("refuses a cursor list's links over the bound: 414", async () => {
    // "/cursor/?q=" + value + "&page_size=30"
    expect(await get(`/cursor/?q=${"q".repeat(2025)}`)).toStrictEqual(tooLong(2049));
  });
});
