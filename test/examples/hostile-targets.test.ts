/**
 * The example servers given over-long path segments and queries, on every store: each answers at
 * the status its framework's limits give, as a problem where the server's code runs, and never a
 * 5xx (docs/example.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Start, Started } from "../../examples/package-store/started.js";
import { exampleConfig } from "../support/example-config.js";
import { EXAMPLE_SERVERS, serverCases } from "../support/example-servers.js";
import { type Answer, call } from "../support/http-call.js";
import { freshStore } from "../support/stores.js";

const KEY = "hostile-key";
const config = exampleConfig(KEY, { seed: 0, countCap: 5 });

const problemType = { allow: "GET, OPTIONS", "content-type": "application/problem+json" };
/** An empty repository's list. */
const served: Answer = {
  status: 200,
  headers: { allow: "GET, OPTIONS", "content-type": "application/json" },
  body: [],
};
/** The API's own check of an owner: at most 1,024 bytes of UTF-8 (an index entry holds 2,704). */
const ownerTooLong: Answer = {
  status: 400,
  headers: problemType,
  body: {
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail: 'Invalid path: "owner": must be at most 1024 bytes of UTF-8.',
    code: "validation_failed",
    parameter: "owner",
    errors: [{ parameter: "owner", detail: "must be at most 1024 bytes of UTF-8" }],
  },
};
/** Fastify's router: a segment over the example's maxParamLength (4,096 characters, decoded). */
const uriTooLong: Answer = {
  status: 414,
  headers: { "content-type": "application/problem+json" },
  body: {
    type: "about:blank",
    title: "URI Too Long",
    status: 414,
    detail: "The request was refused: 414 URI Too Long.",
    code: "uri_too_long",
  },
};
/** A request head over Node's 16 KiB: Node's bare 431 before any of the server's code; Fastify's JSON. */
const headerOverflow = (name: string): Answer =>
  name === "fastify"
    ? {
        status: 431,
        headers: { "content-type": "application/json" },
        body: {
          error: "Request Header Fields Too Large",
          message: "Exceeded maximum allowed HTTP header size",
          statusCode: 431,
        },
      }
    : { status: 431, headers: {}, body: null };

const cjk = (length: number) => encodeURIComponent("中".repeat(length));
const owner = (segment: string) => `/package/${segment}/r/packages/`;
const targets: readonly (readonly [string, string, (name: string) => Answer])[] = [
  ["an owner of 1,000 ASCII characters", owner("a".repeat(1000)), () => served],
  [
    "an owner of 5,000 ASCII characters",
    owner("a".repeat(5000)),
    (name) => (name === "fastify" ? uriTooLong : ownerTooLong),
  ],
  ["an owner of 1,000 CJK characters (3,000 bytes)", owner(cjk(1000)), () => ownerTooLong],
  ["an owner of 5,000 CJK characters (45 kB escaped)", owner(cjk(5000)), headerOverflow],
  ["a 15 kB query", `${owner("o")}?x=${"a".repeat(15_000)}`, () => served],
  ["a 100 kB query", `${owner("o")}?x=${"a".repeat(100_000)}`, headerOverflow],
];

describe.each(serverCases())("example server on %s, %s store: over-long targets", (name, kind) => {
  let server: Started;
  beforeAll(async () => {
    server = await (EXAMPLE_SERVERS[name] as Start)({ ...config, store: await freshStore(kind) });
  });
  afterAll(() => server.close());

  it.each(targets)("%s", async (_title, path, expected) => {
    expect(await call(server.url, { path, headers: { "x-api-key": KEY } })).toStrictEqual(
      expected(name),
    );
  });
});
