/**
 * Request targets no polite client sends, written on a raw socket to every adapter: never a 5xx,
 * and no Link header that points away from the server or carries a raw unsafe character. Over-long
 * path segments and queries get exactly what each framework's limits give (docs/adapters.md).
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSPORT } from "../support/http-call.js";
import { nestAdapters } from "./nestjs-servers.js";
import { API_KEY, dataset, routes } from "./resources.js";
import { adapters, type Running } from "./servers.js";

/** Sends a raw request target (with the API key); resolves with the status and the Link header. */
async function rawRequest(
  origin: string,
  target: string,
  method = "GET",
): Promise<{ status: number; link: string | undefined }> {
  const answer = await rawExchange(
    origin,
    `${method} ${target} HTTP/1.1\r\nX-Api-Key: ${API_KEY}`,
    "",
  );
  return { status: answer.status, link: answer.headers.link };
}

type Raw = { status: number; headers: Record<string, string>; body: string };

/**
 * Sends raw request bytes and reads the whole answer (the server closes): status, headers, body.
 * A server that answers before reading the whole request (a 431) may reset the connection under
 * the rest: the answer read by then counts.
 */
function rawExchange(origin: string, head: string, body: string): Promise<Raw> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => resolve(parseAnswer(text)));
    socket.on("error", (error) =>
      text.includes("\r\n\r\n") ? resolve(parseAnswer(text)) : reject(error),
    );
    socket.write(
      `${head}\r\nHost: ${hostname}:${port}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** An HTTP/1.1 answer's status, headers (but transport ones) and body. */
function parseAnswer(text: string): Raw {
  const end = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const name = line.slice(0, line.indexOf(":")).toLowerCase();
    if (!TRANSPORT.has(name)) headers[name] = line.slice(line.indexOf(":") + 1).trim();
  }
  const chunked = /\r\ntransfer-encoding: *chunked/i.test(text.slice(0, end));
  const body = chunked ? unchunk(text.slice(end + 4)) : text.slice(end + 4);
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/** An HTTP/1.1 chunked body's data: each chunk's size line, then that many characters. */
function unchunk(text: string): string {
  let data = "";
  for (let at = 0; at < text.length; ) {
    const lineEnd = text.indexOf("\r\n", at);
    const size = Number.parseInt(text.slice(at, lineEnd), 16);
    if (!(size > 0)) break;
    data += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
  return data;
}

/** Every adapter's servers, and a Nest app's on each platform (pagewise/nestjs). */
const servers = { ...adapters, ...nestAdapters };

const P = "/package/o/three/packages/";
const targets: readonly (readonly [string, string])[] = [
  ["absolute-form target naming another host", `http://evil.example${P}?page=2&page_size=1`],
  ["encoded CR LF in a filter", `${P}?page=2&page_size=1&x=%0D%0ASet-Cookie:%20a=b`],
  ["raw quote, apostrophe and backslash", `${P}?page=2&page_size=1&x="'\\`],
  ["raw non-ASCII bytes", `${P}?page=2&page_size=1&x=\u00ff\u00e9`],
  ["percent garbage", `${P}?page=2&page_size=1&%zz=%&x=%FF%FE`],
  ["page repeated 1,000 times", `${P}?page_size=1&${"page=2&".repeat(1000)}`],
  ["a 12 kB filter value", `${P}?page=2&page_size=1&x=${"a".repeat(12_000)}`],
];

describe.each(Object.keys(servers))("%s: hostile request targets", (name) => {
  let server: Running;
  beforeAll(async () => {
    server = await (servers[name] as (r: typeof routes) => Promise<Running>)(routes);
  });
  afterAll(() => server.close());

  it.each(targets)("%s", async (_title, target) => {
    const { status, link } = await rawRequest(server.origin, target);
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    if (link === undefined) return;
    for (const entry of link.split(", ")) {
      expect(entry).toMatch(
        /^<\/package\/o\/three\/packages\/\?[^<>"\s,;\\]*>; rel="(first|prev|next|last)"$/,
      );
    }
  });

  // Fastify answers a method outside its own supported list with its 404 before any route runs
  // (PURGE on both versions, PROPFIND on Fastify 5, where Nest's `@All()` adds PROPFIND to the
  // list); everything else gets pagewise's 405.
  const unroutable: Readonly<Record<string, readonly string[]>> = {
    "fastify 4": ["PURGE"],
    "fastify 5": ["PROPFIND", "PURGE"],
    "nestjs fastify": ["PURGE"],
  };
  it.each(["TRACE", "PROPFIND", "PURGE"])(
    "%s on a GET-only resource → 405 (or Fastify's 404), never a 5xx",
    async (method) => {
      const { status } = await rawRequest(server.origin, "/package/o/three/packages/", method);
      expect(status).toBe(unroutable[name]?.includes(method) ? 404 : 405);
    },
  );
});

/** The three-item list, served. */
const served: Raw = {
  status: 200,
  headers: {
    allow: "GET, OPTIONS",
    "content-type": "application/json",
    "x-pagination-count": "3",
    "x-pagination-page": "1",
    "x-pagination-pagesize": "30",
    "x-pagination-pagetotal": "1",
  },
  body: JSON.stringify(dataset(3)),
};
/** Fastify 5's router refusing a path parameter over maxParamLength (100), through fastifyErrorHandler. */
const uriTooLong: Raw = {
  status: 414,
  headers: { "content-type": "application/problem+json" },
  body: '{"type":"about:blank","title":"URI Too Long","status":414,"detail":"The request was refused: 414 URI Too Long.","code":"uri_too_long"}',
};
/** Fastify 4's router: a path parameter over maxParamLength matches no route, its 404 (no error). */
const fastify4NotFound = (target: string): Raw => ({
  status: 404,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify({
    message: `Route GET:${target} not found`,
    error: "Not Found",
    statusCode: 404,
  }),
});
/** Whether the server named `name` is Fastify 5's: the Fastify adapter's, or Nest's on Fastify. */
const onFastify5 = (name: string) => name === "fastify 5" || name === "nestjs fastify";

/**
 * A request head over Node's limit (`maxHeaderSize`, 16 KiB with the request line): Node answers
 * 431 before any JavaScript of the server runs; Fastify, which handles `clientError`, with its JSON.
 */
const headerOverflow = (name: string): Raw =>
  name === "fastify 4" || onFastify5(name)
    ? {
        status: 431,
        headers: { "content-type": "application/json" },
        body: '{"error":"Request Header Fields Too Large","message":"Exceeded maximum allowed HTTP header size","statusCode":431}',
      }
    : { status: 431, headers: {}, body: "" };

const cjk = (length: number) => encodeURIComponent("中".repeat(length));
const inPath = (segment: string) => `/package/${segment}/three/packages/`;
/** Over-long path segments and queries: what each adapter answers (by name), never a 5xx. */
const longTargets: readonly (readonly [string, string, (name: string, target: string) => Raw])[] = [
  ["an owner of 1,000 ASCII characters", inPath("a".repeat(1000)), servedUnlessFastify],
  ["an owner of 5,000 ASCII characters", inPath("a".repeat(5000)), servedUnlessFastify],
  ["an owner of 1,000 CJK characters (9 kB escaped)", inPath(cjk(1000)), servedUnlessFastify],
  ["an owner of 5,000 CJK characters (45 kB escaped)", inPath(cjk(5000)), headerOverflow],
  ["a 15 kB query", `${inPath("o")}?x=${"a".repeat(15_000)}`, () => served],
  ["a 100 kB query", `${inPath("o")}?x=${"a".repeat(100_000)}`, headerOverflow],
];

/**
 * Served on Express and fetch (no limit on a segment), Nest's on Express too; Fastify's routers
 * refuse the long segment (under Nest, with `fastifyErrorHandler` as docs/nestjs.md tells).
 */
function servedUnlessFastify(name: string, target: string): Raw {
  if (onFastify5(name)) return uriTooLong;
  return name === "fastify 4" ? fastify4NotFound(target) : served;
}

describe.each(Object.keys(servers))("%s: over-long request targets", (name) => {
  let server: Running;
  beforeAll(async () => {
    server = await (servers[name] as (r: typeof routes) => Promise<Running>)(routes);
  });
  afterAll(() => server.close());

  it.each(longTargets)("%s", async (_title, target, expected) => {
    const answer = await rawExchange(
      server.origin,
      `GET ${target} HTTP/1.1\r\nX-Api-Key: ${API_KEY}`,
      "",
    );
    expect(answer).toStrictEqual(expected(name, target));
  });
});

/**
 * Content-Type is a single-valued field (RFC 9110 section 8.3). Sent twice, Node keeps the first
 * and fetch's Headers joins both; every adapter reads it as fetch does, "a, b", which names no JSON
 * media type: the same 415 everywhere.
 */
describe.each(Object.keys(servers))("%s: Content-Type sent twice", (name) => {
  let server: Running;
  beforeAll(async () => {
    server = await (servers[name] as (r: typeof routes) => Promise<Running>)(routes);
  });
  afterAll(() => server.close());

  it.each([
    ["application/json", "text/plain"],
    ["text/plain", "application/json"],
    ["application/json", "application/json"],
  ])("%s then %s: 415", async (first, second) => {
    const answer = await rawExchange(
      server.origin,
      `POST /small-body/ HTTP/1.1\r\nContent-Type: ${first}\r\nContent-Type: ${second}`,
      '{"a":1}',
    );
    expect(answer).toStrictEqual({
      status: 415,
      headers: { "content-type": "application/problem+json", allow: "POST, OPTIONS" },
      body: '{"type":"about:blank","title":"Unsupported Media Type","status":415,"detail":"The request body must be JSON, sent with Content-Type: application/json.","code":"unsupported_media_type"}',
    });
  });
});
