/**
 * The handler's signal over real HTTP on every adapter: a client that goes away mid-request aborts
 * it (seen inside the handler) and gets nothing written to its closed connection; a deadline
 * passed answers the 503 problem at once, though the handler ignores its signal, and drops the
 * handler's late result.
 */
import { request as httpRequest, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineResource, list, type Resource } from "../../src/index.js";
import { type Deferred, deferred } from "../support/deferred.js";
import { call } from "../support/http-call.js";
import { nestAdapters } from "./nestjs-servers.js";
import { adapters, type Running } from "./servers.js";

/** What a handler saw of its signal, and when it started: the test's events. */
interface Seen {
  readonly started: Deferred<undefined>;
  readonly aborted: Deferred<{ aborted: boolean; reason: unknown }>;
  readonly release: Deferred<undefined>;
  readonly returned: Deferred<undefined>;
  /** A response of the server closed: the client's socket is gone, as the server sees it. */
  readonly closed: Deferred<undefined>;
}

const fresh = (): Seen => ({
  started: deferred(),
  aborted: deferred(),
  release: deferred(),
  returned: deferred(),
  closed: deferred(),
});
let seen = fresh();

/**
 * A list whose handler reports its start and its signal's abort, then waits until the test
 * releases it (never looking at the signal again) and returns rows.
 */
const waiting = (options = {}) =>
  defineResource(
    {
      GET: list({
        handler: async ({ signal }) => {
          signal.addEventListener("abort", () =>
            seen.aborted.resolve({ aborted: signal.aborted, reason: signal.reason }),
          );
          seen.started.resolve(undefined);
          await seen.release.promise;
          seen.returned.resolve(undefined);
          return [{ id: 1 }];
        },
      }),
    },
    options,
  ) as Resource;

/** A list whose handler looks at its signal only once the test lets it go. */
const lateReader = defineResource({
  GET: list({
    handler: async ({ signal }) => {
      seen.started.resolve(undefined);
      await seen.release.promise;
      seen.aborted.resolve({ aborted: signal.aborted, reason: signal.reason });
      return [];
    },
  }),
}) as Resource;

const routes = [
  ["/waiting/", waiting()],
  ["/late-reader/", lateReader],
  ["/deadline/", waiting({ deadline: 40 })],
  ["/deadline-custom/", waiting({ deadline: { ms: 40, retryAfter: 7 } })],
] as const;

/** Every write to a response after its `close`, and every error it emits, on a server. */
function watchResponses(running: Running) {
  const late: string[] = [];
  running.server.prependListener("request", (_req, res: ServerResponse) => {
    let closed = false;
    res.once("close", () => {
      closed = true;
      seen.closed.resolve(undefined);
    });
    res.on("error", (error) => late.push(`error: ${error.message}`));
    for (const name of ["writeHead", "write", "end"] as const) {
      const original = res[name].bind(res) as (...args: unknown[]) => unknown;
      (res as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        if (closed) late.push(res.destroyed ? `${name} (destroyed)` : name);
        return original(...args);
      };
    }
  });
  return late;
}

/**
 * What each adapter does with an answer whose client has gone: Express and Fastify write nothing,
 * under Nest too;
 * a fetch handler must return its `Response`, which @hono/node-server then writes to the response
 * Node has destroyed, where Node drops it (no byte reaches a socket, no error).
 */
const writesAfterClose: Readonly<Record<string, readonly string[]>> = {
  "express 4": [],
  "express 5": [],
  "fastify 4": [],
  "fastify 5": [],
  "nestjs express": [],
  "nestjs fastify": [],
  fetch: ["writeHead (destroyed)", "end (destroyed)"],
  hono: ["writeHead (destroyed)", "end (destroyed)"],
};

/** Every adapter's servers, and a Nest app's on each platform (pagewise/nestjs). */
const servers = { ...adapters, ...nestAdapters };

/** The macrotask after every microtask and tick queued now: an adapter's writes are done. */
const settled = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe.each(Object.keys(servers))("%s: the handler's signal", (name) => {
  let server: Running;
  let late: string[];
  beforeAll(async () => {
    server = await (servers[name] as (r: typeof routes) => Promise<Running>)(routes);
    late = watchResponses(server);
  });
  afterAll(() => server.close());

  it("a client gone mid-request aborts the handler's signal, and nothing is written to it", async () => {
    seen = fresh();
    late.length = 0;
    const client = httpRequest(`${server.origin}/waiting/`);
    client.on("error", () => undefined); // the socket hung up by this test
    client.end();
    await seen.started.promise;
    client.destroy();
    // The reason is the runtime's (an AbortError; @hono/node-server's socket error as text).
    expect((await seen.aborted.promise).aborted).toBe(true);
    seen.release.resolve(undefined);
    await seen.returned.promise;
    await settled();
    expect(late).toStrictEqual(writesAfterClose[name]);
  });

  it("a handler that looks at its signal only after its client left finds it aborted", async () => {
    seen = fresh();
    const client = httpRequest(`${server.origin}/late-reader/`);
    client.on("error", () => undefined);
    client.end();
    await seen.started.promise;
    client.destroy();
    await seen.closed.promise;
    seen.release.resolve(undefined);
    expect((await seen.aborted.promise).aborted).toBe(true);
  });

  it.each([
    ["/deadline/", 40, "1"],
    ["/deadline-custom/", 40, "7"],
  ])(
    "%s: the deadline passed answers 503 with Retry-After at once, the handler's signal aborted with it",
    async (path, ms, retryAfter) => {
      seen = fresh();
      const answer = await call(server.origin, { path });
      const problem = {
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: `No answer within the deadline of ${ms} ms; try again later.`,
        code: "deadline_exceeded",
      };
      expect(answer).toStrictEqual({
        status: 503,
        headers: {
          allow: "GET, OPTIONS",
          "content-type": "application/problem+json",
          "retry-after": retryAfter,
        },
        body: problem,
      });
      const { aborted, reason } = await seen.aborted.promise;
      expect([aborted, (reason as { problem: unknown }).problem]).toStrictEqual([true, problem]);
      // The handler's late result is dropped: its connection already has its answer.
      late.length = 0;
      seen.release.resolve(undefined);
      await seen.returned.promise;
      await settled();
      expect(late).toStrictEqual([]);
    },
  );
});
